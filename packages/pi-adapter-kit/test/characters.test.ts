import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCharacters, exceedsCharacters } from '../src/characters.js';

describe('countCharacters', () => {
  it('counts code points: an emoji is one character, a lone surrogate one', () => {
    expect(countCharacters('a🚀b')).toBe(3);
    expect(countCharacters('\ud800x')).toBe(2);
    expect(countCharacters('')).toBe(0);
  });
});

describe('exceedsCharacters', () => {
  it('says what counting every code point says', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.nat(90), (text, max) => {
        expect(exceedsCharacters(text, max)).toBe(countCharacters(text) > max);
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts a pair of surrogates as one character at the limit', () => {
    expect(exceedsCharacters('🚀🚀', 2)).toBe(false);
    expect(exceedsCharacters('🚀🚀a', 2)).toBe(true);
  });
});
