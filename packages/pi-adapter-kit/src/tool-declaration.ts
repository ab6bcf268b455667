import type { TSchema } from '@sinclair/typebox';
import type { PiToolPort } from './port.js';
import type { StyledLine } from './styled-line.js';
import { toolRowRenderers } from './tool-row.js';
import { plural, wordList } from './message-words.js';
import { escapeTerminalText } from './terminal-text.js';

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

// Pi's validator lets properties the schema does not name through to execute. A model that sends one
// (`priority: "high"`) would believe it recorded something that was dropped, so the call is refused.

/** How many unknown fields a rejection names before it counts the rest. */
const NAMED_FIELDS = 3;
/** A field name short and plain enough to repeat back; anything else is only counted. */
const NAMEABLE_FIELD = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/u;

/** The property names of a tool's parameters schema, in declaration order. */
export function schemaFields(parameters: object): readonly string[] {
  const properties = (parameters as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

/**
 * The refusal of a call whose arguments name fields outside `known`; undefined when all are known. It
 * names `fields`, what the tool takes, which is `known` unless the tool also answers fields it does not offer.
 */
export function unknownFieldRejection(
  toolName: string,
  args: unknown,
  known: readonly string[],
  fields: readonly string[] = known,
): string | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const unknown = Object.keys(args).filter((field) => !known.includes(field));
  if (unknown.length === 0) return undefined;
  const nameable = unknown.filter((field) => NAMEABLE_FIELD.test(field)).slice(0, NAMED_FIELDS);
  const others = unknown.length - nameable.length;
  const named = nameable.map((field) => `"${escapeTerminalText(field)}"`);
  const parts = others > 0 ? [...named, plural(others, 'other field', 'other fields')] : named;
  const takes = fields.length === 0 ? 'it takes no fields' : `it takes ${fields.join(', ')}`;
  return `Rejected: ${toolName} does not take ${wordList(parts, 'and')}; ${takes}.`;
}
