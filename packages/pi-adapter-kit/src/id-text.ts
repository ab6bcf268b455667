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

/** How many recorded ids a rejection names before it says how many more there are. */
export const LISTED_IDS = 5;

/**
 * What the caller can do after naming an id nothing has: the recorded ids (the first LISTED_IDS, then
 * where to read all of them), or that none is recorded yet. `listAll` names the command or tool that does.
 */
export interface RecordedIds {
  readonly ids: readonly string[];
  readonly listAll: string;
}

/** An id that breaks the id rule could be long or odd, so it is not repeated. */
export function unknownIdRejection(noun: string, id: string, repeatable: boolean, recorded: RecordedIds): string {
  const head = repeatable ? `Rejected: no ${noun} has id ${quoteId(id)}.` : `Rejected: no ${noun} has this id.`;
  if (recorded.ids.length === 0) return `${head} None is recorded yet.`;
  const named = recorded.ids.slice(0, LISTED_IDS).map(quoteId).join(', ');
  const more = recorded.ids.length - LISTED_IDS;
  return more > 0 ? `${head} Recorded: ${named} and ${more} more (${recorded.listAll} lists all).` : `${head} Recorded: ${named}.`;
}

/** What a person is told about a saved entry the adapter cannot read. */
export const ENVELOPE_PROBLEM_REASONS: Readonly<Record<EnvelopeProblem, string>> = {
  missing_payload: 'no payload',
  unsupported_version: 'unsupported schema version',
  malformed_payload: 'malformed payload',
};
