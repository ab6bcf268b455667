import { exceedsCharacters, isTerminalUnsafe } from '@j1nn0/pi-adapter-kit';

export { countCharacters } from '@j1nn0/pi-adapter-kit';

// Limits on NEW input from a person or the model, tighter than the core's: they keep every id
// typeable in `/agent-state set <id>` and the state small enough to read. Restored snapshots are
// accepted as the core accepts them.

export const MAX_ID_CHARACTERS = 64;
export const MAX_TEXT_CHARACTERS = 500;
export const MAX_WORK_ITEMS = 200;
export const MAX_DECISIONS = 200;

const WHITESPACE = /\s/u;
// With the `u` flag a valid surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * 1-64 characters, none of them whitespace (the command splits on it) or terminal-unsafe, and well-formed:
 * a lone surrogate cannot be shown or sent to the model intact, so such an id is never echoed.
 */
export function isValidId(id: string): boolean {
  if (id === '' || exceedsCharacters(id, MAX_ID_CHARACTERS) || LONE_SURROGATE.test(id)) {
    return false;
  }
  for (const character of id) {
    if (WHITESPACE.test(character) || isTerminalUnsafe(character.codePointAt(0) ?? 0)) {
      return false;
    }
  }
  return true;
}

/** Content and objective: not blank and at most 500 characters. */
export function isValidText(text: string): boolean {
  return text.trim() !== '' && !exceedsCharacters(text, MAX_TEXT_CHARACTERS);
}

// Straight, typographic and backtick quotes: the characters a person reaches for to group words.
const QUOTES = new Set(['"', "'", '`', '\u2018', '\u2019', '\u201c', '\u201d']);

/** Whether an id starts or ends with a quote character, i.e. was meant to group several words. */
export function isQuotedId(id: string): boolean {
  // Every quote is one UTF-16 unit, so the first and last units decide (half of a pair is no quote).
  return QUOTES.has(id.at(0) ?? '') || QUOTES.has(id.at(-1) ?? '');
}
