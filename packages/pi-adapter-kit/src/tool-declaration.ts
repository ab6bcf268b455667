import type { TSchema } from '@sinclair/typebox';
import type { PiToolPort } from './port.js';
import type { StyledLine } from './styled-line.js';
import { toolRowRenderers } from './tool-row.js';

/**
 * A tool as both adapters declare it on every host: drawn with its own call line and the kit's result
 * row, and offered to the model as a tool of its own on oh-my-pi too (`essential`), as Pi always does,
 * so the model calls it the same way on both hosts instead of first finding it behind omp's `write` tool.
 * A tool Pi runs alone (`executionMode: sequential`) runs alone on oh-my-pi too (`concurrency: exclusive`).
 */
export function declareTool<TParams extends TSchema, TDetails>(
  tool: PiToolPort<TParams, TDetails>,
  callLine: (args: unknown) => StyledLine,
): PiToolPort<TParams, TDetails> {
  return {
    ...tool,
    loadMode: 'essential',
    ...(tool.executionMode === 'sequential' ? { concurrency: 'exclusive' } : {}),
    ...toolRowRenderers(callLine),
  };
}
