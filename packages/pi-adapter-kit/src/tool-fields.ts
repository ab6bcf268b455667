import { plural, wordList } from './plural.js';
import { escapeTerminalText } from './terminal-text.js';

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
