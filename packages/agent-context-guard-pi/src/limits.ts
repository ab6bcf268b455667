import { isTerminalUnsafe } from '@j1nn0/pi-adapter-kit';

// Limits on NEW input from a person or the model, tighter than the core's: they keep every id
// typeable in `/context-guard remove <id>` and the protected set small enough to read and to
// restore in one message. Restored states are accepted as the core accepts them.

export const MAX_ID_CHARACTERS = 64;
export const MAX_CONTENT_CHARACTERS = 500;
export const MAX_ITEMS = 100;

const WHITESPACE = /\s/u;

/** Counts Unicode code points, so an emoji is one character. */
export function countCharacters(text: string): number {
  return Array.from(text).length;
}

/** 1-64 characters, none of them whitespace (the command splits on it) or terminal-unsafe. */
export function isValidId(id: string): boolean {
  const length = countCharacters(id);
  if (length < 1 || length > MAX_ID_CHARACTERS) {
    return false;
  }
  for (const character of id) {
    if (WHITESPACE.test(character) || isTerminalUnsafe(character.codePointAt(0) ?? 0)) {
      return false;
    }
  }
  return true;
}

/** Content: not blank and at most 500 characters. */
export function isValidContent(text: string): boolean {
  return text.trim() !== '' && countCharacters(text) <= MAX_CONTENT_CHARACTERS;
}
