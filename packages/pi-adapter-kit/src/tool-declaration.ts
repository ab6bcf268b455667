import type { TSchema } from '@sinclair/typebox';
import type { PiToolPort } from './port.js';
import type { StyledLine } from './styled-line.js';
import { schemaFields, unknownFieldRejection } from './tool-fields.js';
import { toolRowRenderers } from './tool-row.js';

/**
 * A tool as both adapters declare it on every host: drawn with its own call line and the kit's result
 * row, and offered to the model as a tool of its own on oh-my-pi too (`essential`), as Pi always does,
 * so the model calls it the same way on both hosts instead of first finding it behind omp's `write` tool.
 * A tool Pi runs alone (`executionMode: sequential`) runs alone on oh-my-pi too (`concurrency: exclusive`).
 * A call naming a field the schema does not is refused before the tool runs (tool-fields.ts), but for
 * `readsUnlisted`: fields the tool answers itself although its schema leaves them out.
 */
export function declareTool<TParams extends TSchema, TDetails>(
  tool: PiToolPort<TParams, TDetails>,
  callLine: (args: unknown) => StyledLine,
  readsUnlisted: readonly string[] = [],
): PiToolPort<TParams, TDetails> {
  const fields = schemaFields(tool.parameters);
  const known = [...fields, ...readsUnlisted];
  return {
    ...tool,
    execute: (toolCallId, params, signal, onUpdate, ctx) => {
      const rejection = unknownFieldRejection(tool.name, params, known, fields);
      // Pi marks a tool result as an error only when execute rejects; the message is all it shows.
      return rejection === undefined ? tool.execute(toolCallId, params, signal, onUpdate, ctx) : Promise.reject(new Error(rejection));
    },
    loadMode: 'essential',
    ...(tool.executionMode === 'sequential' ? { concurrency: 'exclusive' } : {}),
    ...toolRowRenderers(callLine),
  };
}
