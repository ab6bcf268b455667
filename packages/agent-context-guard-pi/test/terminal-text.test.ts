import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeTerminalText, isTerminalUnsafe } from '../src/terminal-text.js';

function hasUnsafeCodePoint(text: string): boolean {
  return Array.from(text).some((character) => isTerminalUnsafe(character.codePointAt(0) ?? 0));
}

describe('escapeTerminalText', () => {
  it('shows ESC, DEL and C1 controls as visible escapes', () => {
    expect(escapeTerminalText('a\u001b[2Jb')).toBe('a\\u001b[2Jb');
    expect(escapeTerminalText('\u0007\u007f\u0080\u009b\u009f')).toBe('\\u0007\\u007f\\u0080\\u009b\\u009f');
  });

  it('keeps newlines, tabs and carriage returns on one line', () => {
    expect(escapeTerminalText('one\ntwo\r\tthree')).toBe('one\\ntwo\\r\\tthree');
  });

  it('escapes bidirectional marks, embeddings, overrides, isolates and line separators', () => {
    const bidi = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029';
    expect(escapeTerminalText(bidi)).toBe(
      '\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069\\u2028\\u2029',
    );
  });

  it('leaves printable text, accents and emoji unchanged', () => {
    expect(escapeTerminalText('Résumé: ship ✅ 🚀 "quoted" \\path')).toBe('Résumé: ship ✅ 🚀 "quoted" \\path');
  });

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
