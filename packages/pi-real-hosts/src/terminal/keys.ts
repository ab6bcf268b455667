/** Key names `PiTerminal.press` understands, mapped to the bytes a legacy xterm sends for them. */

const NAMED_KEYS: Readonly<Record<string, string>> = Object.freeze({
  enter: '\r',
  escape: '\x1b',
  tab: '\t',
  'shift+tab': '\x1b[Z',
  backspace: '\x7f',
  delete: '\x1b[3~',
  space: ' ',
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  home: '\x1b[H',
  end: '\x1b[F',
  pageup: '\x1b[5~',
  pagedown: '\x1b[6~',
});

export type NamedKey =
  | 'enter'
  | 'escape'
  | 'tab'
  | 'shift+tab'
  | 'backspace'
  | 'delete'
  | 'space'
  | 'up'
  | 'down'
  | 'right'
  | 'left'
  | 'home'
  | 'end'
  | 'pageup'
  | 'pagedown';

type Letter =
  | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm'
  | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';

/** A named key, `ctrl+<letter>` or `alt+<letter>`. */
export type KeyName = NamedKey | `ctrl+${Letter}` | `alt+${Letter}`;

/**
 * The byte sequence for a key. Legacy encodings only: the headless emulator does not answer the
 * kitty keyboard query, so Pi stays in legacy mode. Throws for an unknown name.
 */
export function keySequence(key: KeyName): string {
  const named = NAMED_KEYS[key];
  if (named !== undefined) return named;
  const modified = /^(ctrl|alt)\+([a-z])$/.exec(key);
  if (modified !== null) {
    const [, modifier, letter = ''] = modified;
    // Ctrl clears the top three bits of the letter's code (ctrl+c = 0x03); alt is an ESC prefix.
    return modifier === 'ctrl' ? String.fromCharCode(letter.charCodeAt(0) & 0x1f) : `\x1b${letter}`;
  }
  throw new Error(`unknown key name: ${JSON.stringify(key)}`);
}
