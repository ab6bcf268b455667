import { describe, expect, it } from 'vitest';
import { MAX_ID_CHARACTERS, MAX_TEXT_CHARACTERS, countCharacters, isValidId, isValidText } from '../src/limits.js';

describe('id rule', () => {
  it('accepts 1 to 64 characters without whitespace or control characters', () => {
    expect(isValidId('a')).toBe(true);
    expect(isValidId('task-1.parse_args/v2')).toBe(true);
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

describe('text rule', () => {
  it('accepts 1 to 500 characters that are not blank', () => {
    expect(isValidText('x')).toBe(true);
    expect(isValidText('x'.repeat(MAX_TEXT_CHARACTERS))).toBe(true);
    expect(isValidText('é'.repeat(MAX_TEXT_CHARACTERS))).toBe(true);
  });

  it('rejects empty, blank or too long text', () => {
    expect(isValidText('')).toBe(false);
    expect(isValidText(' \n\t')).toBe(false);
    expect(isValidText('x'.repeat(MAX_TEXT_CHARACTERS + 1))).toBe(false);
  });

  it('counts code points, so an emoji is one character', () => {
    expect(countCharacters('a🚀b')).toBe(3);
  });
});
