import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_CHARACTERS, MAX_ID_CHARACTERS, MAX_ITEMS, countCharacters, isValidContent, isValidId } from '../src/limits.js';

describe('limits', () => {
  it('are 64-character ids, 500-character content and 100 items', () => {
    expect([MAX_ID_CHARACTERS, MAX_CONTENT_CHARACTERS, MAX_ITEMS]).toEqual([64, 500, 100]);
  });
});

describe('id rule', () => {
  it('accepts 1 to 64 characters without whitespace or control characters', () => {
    expect(isValidId('a')).toBe(true);
    expect(isValidId('no-deps.v2/csv_export')).toBe(true);
    expect(isValidId('x'.repeat(MAX_ID_CHARACTERS))).toBe(true);
    expect(isValidId('🚀'.repeat(MAX_ID_CHARACTERS))).toBe(true);
  });

  it('rejects an empty or too long id', () => {
    expect(isValidId('')).toBe(false);
    expect(isValidId('x'.repeat(MAX_ID_CHARACTERS + 1))).toBe(false);
  });

  it.each([['two words'], ['tab\there'], ['new\nline'], ['nbsp\u00a0'], ['esc\u001b'], ['del\u007f'], ['rlo\u202e']])(
    'rejects %j',
    (id) => {
      expect(isValidId(id)).toBe(false);
    },
  );
});

describe('content rule', () => {
  it('accepts 1 to 500 characters that are not blank', () => {
    expect(isValidContent('x')).toBe(true);
    expect(isValidContent('x'.repeat(MAX_CONTENT_CHARACTERS))).toBe(true);
    expect(isValidContent('é'.repeat(MAX_CONTENT_CHARACTERS))).toBe(true);
  });

  it('rejects empty, blank or too long content', () => {
    expect(isValidContent('')).toBe(false);
    expect(isValidContent(' \n\t')).toBe(false);
    expect(isValidContent('x'.repeat(MAX_CONTENT_CHARACTERS + 1))).toBe(false);
  });

  it('counts code points, so an emoji is one character', () => {
    expect(countCharacters('a🚀b')).toBe(3);
  });
});
