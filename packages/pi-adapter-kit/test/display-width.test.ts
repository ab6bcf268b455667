import { visibleWidth as visibleWidth073 } from '@mariozechner/pi-tui';
import { visibleWidth as visibleWidth160 } from '@earendil-works/pi-tui';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ELLIPSIS, displayWidth, takeWidth, truncateToWidth } from '../src/display-width.js';

// Pi's TUI fails on a line wider than the terminal by ITS measure, so ours must never be smaller.
const HOST_MEASURES = [
  ['0.73.1', visibleWidth073],
  ['1.6.0', visibleWidth160],
] as const;

const SAMPLES = [
  'plain ascii',
  'naïve café',
  '解析器を書く',
  '한국어 텍스트',
  '🚀 launch',
  '👩‍💻 coder',
  '🇩🇪 flag',
  '1️⃣ keycap',
  '❤️ heart',
  'e\u0301 combining',
  'ｆｕｌｌｗｉｄｔｈ',
  '→ arrow ✓ check ○ circle',
  'क्षत्रिय',
  '\u200bzero width',
];

// Text as recorded content can hold it: any Unicode, emoji sequences and combining marks.
const recordedText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.array(fc.constantFrom(...SAMPLES), { maxLength: 4 }).map((parts) => parts.join(' ')),
);

describe('displayWidth', () => {
  it('counts ASCII, wide characters and emoji in terminal cells', () => {
    expect(displayWidth('status')).toBe(6);
    expect(displayWidth('解析')).toBe(4);
    expect(displayWidth('🚀')).toBe(2);
    expect(displayWidth('👩‍💻')).toBeGreaterThanOrEqual(2);
    expect(displayWidth('e\u0301')).toBe(1);
  });

  for (const [label, hostWidth] of HOST_MEASURES) {
    it(`is never smaller than the measure of Pi ${label}'s TUI`, () => {
      for (const sample of SAMPLES) {
        expect(displayWidth(sample), sample).toBeGreaterThanOrEqual(hostWidth(sample));
      }
      fc.assert(
        fc.property(recordedText, (text) => {
          expect(displayWidth(text)).toBeGreaterThanOrEqual(hostWidth(text));
        }),
        { numRuns: 2000 },
      );
    });
  }
});

describe('truncateToWidth', () => {
  it('returns text that fits unchanged', () => {
    expect(truncateToWidth('parse', 5)).toBe('parse');
  });

  it('cuts to the width with an ellipsis, never splitting a wide character', () => {
    expect(truncateToWidth('parser', 5)).toBe(`pars${ELLIPSIS}`);
    expect(truncateToWidth('解析器を書く', 6)).toBe(`解析${ELLIPSIS}`);
    expect(truncateToWidth('🚀🚀🚀', 4)).toBe(`🚀${ELLIPSIS}`);
  });

  it('keeps every result within the width by every Pi measure', () => {
    fc.assert(
      fc.property(recordedText, fc.integer({ min: 0, max: 40 }), (text, width) => {
        const cut = truncateToWidth(text, width);
        for (const [, hostWidth] of HOST_MEASURES) {
          expect(hostWidth(cut)).toBeLessThanOrEqual(width);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('takeWidth keeps whole graphemes only', () => {
    expect(takeWidth('a🚀b', 2)).toBe('a');
    expect(takeWidth('a🚀b', 3)).toBe('a🚀');
  });
});
