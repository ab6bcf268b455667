import { describe, expect, it } from 'vitest';

// The adapters limit new ids and text the same way, each in its own copy of the rules (an adapter
// may not import another); these tests pin what both copies must do.

export interface InputLimits {
  readonly maxIdCharacters: number;
  readonly isValidId: (id: string) => boolean;
  /** A realistic id that must be accepted: letters, digits and punctuation, no whitespace. */
  readonly typicalId: string;
  /** What the adapter calls the free text it limits, as in "content rule". */
  readonly textName: string;
  readonly maxTextCharacters: number;
  readonly isValidText: (text: string) => boolean;
  readonly countCharacters: (text: string) => number;
}

const UNTYPEABLE_IDS = [['two words'], ['tab\there'], ['new\nline'], ['nbsp\u00a0'], ['esc\u001b'], ['del\u007f'], ['rlo\u202e']];

export function describeInputLimits(limits: InputLimits): void {
  const { maxIdCharacters, isValidId, maxTextCharacters, isValidText } = limits;

  describe('id rule', () => {
    it(`accepts 1 to ${maxIdCharacters} characters without whitespace or control characters`, () => {
      expect(isValidId('a')).toBe(true);
      expect(isValidId(limits.typicalId)).toBe(true);
      expect(isValidId('x'.repeat(maxIdCharacters))).toBe(true);
      expect(isValidId('🚀'.repeat(maxIdCharacters))).toBe(true);
    });

    it('rejects an empty or too long id', () => {
      expect(isValidId('')).toBe(false);
      expect(isValidId('x'.repeat(maxIdCharacters + 1))).toBe(false);
    });

    it.each(UNTYPEABLE_IDS)('rejects %j', (id) => {
      expect(isValidId(id)).toBe(false);
    });
  });

  describe(`${limits.textName} rule`, () => {
    it(`accepts 1 to ${maxTextCharacters} characters that are not blank`, () => {
      expect(isValidText('x')).toBe(true);
      expect(isValidText('x'.repeat(maxTextCharacters))).toBe(true);
      expect(isValidText('é'.repeat(maxTextCharacters))).toBe(true);
    });

    it(`rejects empty, blank or too long ${limits.textName}`, () => {
      expect(isValidText('')).toBe(false);
      expect(isValidText(' \n\t')).toBe(false);
      expect(isValidText('x'.repeat(maxTextCharacters + 1))).toBe(false);
    });

    it('counts code points, so an emoji is one character', () => {
      expect(limits.countCharacters('a🚀b')).toBe(3);
    });
  });
}
