import fc from 'fast-check';

// Strings a person or a model might send, from ordinary Unicode to text built to attack a terminal:
// control characters, ESC/CSI/OSC sequences, bidirectional overrides and isolates, lone surrogates.

const fromCodePoint = (point: number): string => String.fromCodePoint(point);

const c0Control = fc.integer({ min: 0x00, max: 0x1f }).map(fromCodePoint);
const c1ControlOrDelete = fc.integer({ min: 0x7f, max: 0x9f }).map(fromCodePoint);
const BIDI_CONTROLS = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
const bidiControl = fc.constantFrom(...BIDI_CONTROLS.map(fromCodePoint));
const escapeSequence = fc.constantFrom(
  '\u001b[2J',
  '\u001b[31m',
  '\u001b]0;title\u0007',
  '\u001b]8;;http://x\u001b\\',
  '\u001bc',
  '\u009b2J',
);
// String.fromCharCode keeps a half pair as it is: a lone surrogate.
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
const whitespace = fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u2029', '\u3000', '\ufeff', '\u000b');
const anyCodePoint = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });

const HOSTILE_UNITS: readonly fc.WeightedArbitrary<string>[] = [
  { weight: 6, arbitrary: anyCodePoint },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: c0Control },
  { weight: 2, arbitrary: c1ControlOrDelete },
  { weight: 2, arbitrary: bidiControl },
  { weight: 1, arbitrary: escapeSequence },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 2, arbitrary: whitespace },
];

/**
 * Any string: full Unicode code points, raw UTF-16 units (lone surrogates included) or a hostile mix.
 * `grammarWords` are the words an adapter's command grammar gives a meaning to, so hostile text also lands
 * in every branch of it; none leaves the mix as it is.
 */
export function hostileStringArbitrary(grammarWords: readonly string[] = []): fc.Arbitrary<string> {
  const units =
    grammarWords.length === 0
      ? HOSTILE_UNITS
      : [...HOSTILE_UNITS, { weight: 1, arbitrary: fc.constantFrom(...grammarWords) }];
  const hostileUnit = fc.oneof(...units);
  return fc.oneof(
    fc.string({ unit: hostileUnit, maxLength: 80 }),
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.string({ unit: 'binary-ascii', maxLength: 80 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: hostileUnit, minLength: 480, maxLength: 700 }),
  );
}

/** A few explicit 1 MB strings: plain, emoji, control, whitespace-wrapped, and a repeated ESC sequence. */
export const MEGABYTE_STRINGS: readonly (readonly [string, string])[] = [
  ['1 MB of "a"', 'a'.repeat(1 << 20)],
  ['1 MB of emoji', '🙂'.repeat(1 << 19)],
  ['1 MB of ESC sequences', '\u001b[2J'.repeat(1 << 18)],
  ['1 MB of bidi overrides and words', '\u202eab '.repeat(1 << 18)],
  ['a word inside 1 MB of spaces', `${' '.repeat(1 << 19)}x${' '.repeat(1 << 19)}`],
];
