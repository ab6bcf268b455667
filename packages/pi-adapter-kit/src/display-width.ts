// Pi's TUI stops with an error when a component returns a line wider than the terminal, and each
// Pi version measures width a little differently. So this measure is deliberately generous: it
// never counts a grapheme narrower than any Pi release does (test/display-width.test.ts compares
// it with the host's own measure), and at worst a line is cut one cell early.

/** One cell in every Pi release: the mark of text cut to fit. */
export const ELLIPSIS = '…';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]$/u;

// Non-spacing marks that terminals (and Pi's measure) still give a cell, as old wcwidth tables do.
const MARKS_WITH_A_CELL = /^[\u065f\u0f7f\u102b\u102c\u1031\u1033-\u1035\u1038\u103a-\u103e]$/u;

// Code points some Pi release draws two cells wide: the East Asian wide and fullwidth blocks of the
// Basic Multilingual Plane, anything with emoji presentation, and (generously) every astral code point.
const WIDE_BMP_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2329, 0x232a],
  // Trigrams and Yijing monograms: wide since Unicode 16, which newer Pi releases follow.
  [0x2630, 0x2637],
  [0x268a, 0x268f],
  [0x2e80, 0xdfff],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
];

const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}$/u;

function isWide(character: string, codePoint: number): boolean {
  return (
    codePoint > 0xffff ||
    WIDE_BMP_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last) ||
    EMOJI_PRESENTATION.test(character)
  );
}

function codePointWidth(character: string): number {
  const codePoint = character.codePointAt(0) ?? 0;
  if (codePoint >= 0x20 && codePoint < 0x7f) {
    return 1;
  }
  // Controls never reach here escaped; a raw one is counted as Pi counts a tab, the widest case.
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) {
    return 3;
  }
  if (ZERO_WIDTH.test(character) && !MARKS_WITH_A_CELL.test(character)) {
    return 0;
  }
  return isWide(character, codePoint) ? 2 : 1;
}

const EMOJI_SEQUENCE_MARKS: readonly string[] = ['\u200d', '\ufe0f', '\u20e3'];

function graphemeWidth(grapheme: string): number {
  if (grapheme.length === 1) {
    return codePointWidth(grapheme);
  }
  let width = 0;
  for (const character of grapheme) {
    width += codePointWidth(character);
  }
  // An emoji sequence (ZWJ, keycap, variation selector 16) takes at least two cells.
  return EMOJI_SEQUENCE_MARKS.some((mark) => grapheme.includes(mark)) ? Math.max(width, 2) : width;
}

/** The terminal cells `text` takes, never fewer than Pi counts. Text must hold no ANSI styling. */
export function displayWidth(text: string): number {
  if (/^[\x20-\x7e]*$/u.test(text)) {
    return text.length;
  }
  let width = 0;
  for (const { segment } of segmenter.segment(text)) {
    width += graphemeWidth(segment);
  }
  return width;
}

/** The longest run of whole graphemes from the start of `text` that fits in `width` cells. */
export function takeWidth(text: string, width: number): string {
  let kept = '';
  let used = 0;
  for (const { segment } of segmenter.segment(text)) {
    const cells = graphemeWidth(segment);
    if (used + cells > width) {
      break;
    }
    kept += segment;
    used += cells;
  }
  return kept;
}

/** `text` cut to at most `width` cells, ending in `…` when anything was cut. */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) {
    return text;
  }
  return width <= 0 ? '' : `${takeWidth(text, width - 1)}${ELLIPSIS}`;
}
