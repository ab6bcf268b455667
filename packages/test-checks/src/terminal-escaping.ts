import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// Each adapter keeps its own copy of the escaping (an adapter may not import another), so one
// table pins the behaviour both copies must have.

export interface TerminalEscaping {
  readonly escapeTerminalText: (text: string) => string;
  readonly isTerminalUnsafe: (codePoint: number) => boolean;
}

type Example = readonly [input: string, shown: string];

const EXAMPLES: readonly (readonly [behaviour: string, examples: readonly Example[]])[] = [
  [
    'shows ESC, DEL and C1 controls as visible escapes',
    [
      ['a\u001b[2Jb', 'a\\u001b[2Jb'],
      ['\u0007\u007f\u0080\u009b\u009f', '\\u0007\\u007f\\u0080\\u009b\\u009f'],
    ],
  ],
  ['keeps newlines, tabs and carriage returns on one line', [['one\ntwo\r\tthree', 'one\\ntwo\\r\\tthree']]],
  [
    'escapes bidirectional marks, embeddings, overrides, isolates and line separators',
    [
      [
        '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029',
        '\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069\\u2028\\u2029',
      ],
    ],
  ],
  ['leaves printable text, accents and emoji unchanged', [['Résumé: ship ✅ 🚀 "quoted" \\path', 'Résumé: ship ✅ 🚀 "quoted" \\path']]],
];

export function describeTerminalEscaping({ escapeTerminalText, isTerminalUnsafe }: TerminalEscaping): void {
  const hasUnsafeCodePoint = (text: string): boolean =>
    Array.from(text).some((character) => isTerminalUnsafe(character.codePointAt(0) ?? 0));

  describe('escapeTerminalText', () => {
    for (const [behaviour, examples] of EXAMPLES) {
      it(behaviour, () => {
        for (const [input, shown] of examples) {
          expect(escapeTerminalText(input), JSON.stringify(input)).toBe(shown);
        }
      });
    }

    it('never leaves a terminal-unsafe code point in its output', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), (text) => {
          expect(hasUnsafeCodePoint(escapeTerminalText(text))).toBe(false);
        }),
      );
    });

    it('changes nothing in text without unsafe code points', () => {
      fc.assert(
        fc.property(
          fc.string({ unit: 'grapheme' }).filter((text) => !hasUnsafeCodePoint(text)),
          (text) => {
            expect(escapeTerminalText(text)).toBe(text);
          },
        ),
      );
    });
  });
}
