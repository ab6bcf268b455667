import { exceedsCharacters, isTerminalUnsafe } from '@j1nn0/pi-adapter-kit';

export { countCharacters } from '@j1nn0/pi-adapter-kit';

// Limits on NEW input from a person or the model, tighter than the core's: they keep every id
// typeable in `/context-guard remove <id>` and the protected set small enough to read and to
// restore in one message. Restored states are accepted as the core accepts them.

export const MAX_ID_CHARACTERS = 64;
export const MAX_CONTENT_CHARACTERS = 500;
export const MAX_ITEMS = 100;

const WHITESPACE = /\s/u;

/** 1-64 characters, none of them whitespace (the command splits on it) or terminal-unsafe. */
export function isValidId(id: string): boolean {
  if (id === '' || exceedsCharacters(id, MAX_ID_CHARACTERS)) {
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
  return text.trim() !== '' && !exceedsCharacters(text, MAX_CONTENT_CHARACTERS);
}
