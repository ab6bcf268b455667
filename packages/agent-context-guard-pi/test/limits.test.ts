import { describeInputLimits } from '@j1nn0/test-checks';
import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_CHARACTERS, MAX_ID_CHARACTERS, MAX_ITEMS, countCharacters, isValidContent, isValidId } from '../src/limits.js';

describe('limits', () => {
  it('are 64-character ids, 500-character content and 100 items', () => {
    expect([MAX_ID_CHARACTERS, MAX_CONTENT_CHARACTERS, MAX_ITEMS]).toEqual([64, 500, 100]);
  });
});

describeInputLimits({
  maxIdCharacters: MAX_ID_CHARACTERS,
  isValidId,
  typicalId: 'no-deps.v2/csv_export',
  textName: 'content',
  maxTextCharacters: MAX_CONTENT_CHARACTERS,
  isValidText: isValidContent,
  countCharacters,
});
