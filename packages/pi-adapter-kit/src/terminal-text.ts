// Recorded text is shown in a terminal; these code points could repaint it, reorder it or break
// the one-line-per-item layout, so they are shown as visible escapes instead.

const NAMED_ESCAPES: ReadonlyMap<number, string> = new Map([
  [0x09, '\\t'],
  [0x0a, '\\n'],
  [0x0d, '\\r'],
]);

/**
 * C0 controls (ESC included), DEL, C1 controls, Unicode line/paragraph separators, the
 * bidirectional marks, embeddings, overrides and isolates, and lone surrogates: a terminal cannot
 * show half a pair, and an id holding one could never be typed back.
 */
export function isTerminalUnsafe(codePoint: number): boolean {
  return (
    codePoint <= 0x1f ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    // A well-formed pair reaches here as one code point above 0xffff, so only a lone half is in range.
    (codePoint >= 0xd800 && codePoint <= 0xdfff) ||
    codePoint === 0x061c ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    codePoint === 0x2028 ||
    codePoint === 0x2029 ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069)
  );
}

/** Replaces every terminal-unsafe code point with `\n`, `\t`, `\r` or `\uXXXX`; other text is unchanged. */
export function escapeTerminalText(text: string): string {
  // Most text has nothing to escape; returning it as it is avoids rebuilding it code point by code point.
  if (!hasTerminalUnsafeUnit(text)) {
    return text;
  }
  let escaped = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    escaped += isTerminalUnsafe(codePoint) ? visibleEscape(codePoint) : character;
  }
  return escaped;
}

/**
 * Every unsafe code point is a single UTF-16 unit, so scanning units finds them all; a unit of a
 * well-formed pair also matches, which only sends that text down the exact code-point path.
 */
function hasTerminalUnsafeUnit(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (isTerminalUnsafe(text.charCodeAt(index))) {
      return true;
    }
  }
  return false;
}

function visibleEscape(codePoint: number): string {
  return NAMED_ESCAPES.get(codePoint) ?? `\\u${codePoint.toString(16).padStart(4, '0')}`;
}
