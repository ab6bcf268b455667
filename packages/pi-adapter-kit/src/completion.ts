import type { PiCompletionItem } from './port.js';

// Pi replaces the whole argument text (everything after `/name `) with an item's `value`, so each
// value is the full argument text; `label` is the word offered, `description` what it does.

export interface CompletionCandidate {
  readonly word: string;
  readonly description?: string;
}

/** The candidates that start with the typed word, each turned into a full-argument item. */
export function offerCompletions(
  candidates: readonly (string | CompletionCandidate)[],
  typed: string,
  toValue: (word: string) => string,
): PiCompletionItem[] {
  return candidates
    .map((candidate) => (typeof candidate === 'string' ? { word: candidate } : candidate))
    .filter((candidate) => candidate.word.startsWith(typed))
    .map(({ word, description }) => ({
      value: toValue(word),
      label: word,
      ...(description === undefined ? {} : { description }),
    }));
}

/**
 * The menu Pi shows, or null for none. When the typed text already is the only match, a menu would
 * make the first Enter accept the item instead of running the command, so there is none.
 */
export function completionMenu(prefix: string, items: readonly PiCompletionItem[]): PiCompletionItem[] | null {
  if (items.length === 0) {
    return null;
  }
  const [only] = items;
  if (items.length === 1 && only !== undefined && only.value === prefix.trimStart()) {
    return null;
  }
  return [...items];
}
