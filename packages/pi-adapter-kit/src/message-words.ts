import type { EnvelopeProblem } from './branch-entries.js';
import { escapeTerminalText } from './terminal-text.js';

// The words both adapters put in their messages: counts with their nouns, lists, quoted ids, the
// rejections about ids, and an entry's time as a person reads it.

/** `1 work item`, `3 work items`: the count and the noun in the right number. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `a`, `a and b`, `a, b and c` (or `or`): words listed as a sentence lists them. */
export function wordList(words: readonly string[], conjunction: 'and' | 'or'): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1) ?? ''}`;
}

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

// A saved entry's time as a person reads it in a list: the local clock time for today, the date too
// for an earlier day. Pi stamps each entry in UTC; the person's machine knows their zone.

const pad = (value: number): string => String(value).padStart(2, '0');

/** `14:05` on the day of `now`, `2026-12-02 14:05` on another day, `no time` when none was saved or it is not a time. */
export function formatEntryTime(timestamp: string | undefined, now: Date): string {
  const time = timestamp === undefined ? Number.NaN : Date.parse(timestamp);
  if (Number.isNaN(time)) {
    return 'no time';
  }
  const at = new Date(time);
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? clock : `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${clock}`;
}
