import type { EnvelopeProblem } from './branch-entry.js';
import { escapeTerminalText } from './terminal-text.js';

// Messages about ids and saved entries that read the same in every adapter; the nouns differ.

/** An id as a person reads it in a message: quoted, with terminal-unsafe characters escaped. */
export function quoteId(id: string): string {
  return `"${escapeTerminalText(id)}"`;
}

export function invalidIdRejection(maxCharacters: number): string {
  return `Rejected: an id must be 1-${maxCharacters} characters with no whitespace, control or bidirectional formatting characters.`;
}

/** An id that breaks the id rule could be long or odd, so it is not repeated. */
export function unknownIdRejection(noun: string, id: string, repeatable: boolean): string {
  return repeatable ? `Rejected: no ${noun} has id ${quoteId(id)}.` : `Rejected: no ${noun} has this id.`;
}

/** What a person is told about a saved entry the adapter cannot read. */
export const ENVELOPE_PROBLEM_REASONS: Readonly<Record<EnvelopeProblem, string>> = {
  missing_payload: 'no payload',
  unsupported_version: 'unsupported schema version',
  malformed_payload: 'malformed payload',
};
