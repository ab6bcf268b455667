import { expect, it } from 'vitest';
import { plural, wordList } from '../src/message-words.js';

it('puts the noun in the number of the count', () => {
  expect([0, 1, 2].map((count) => plural(count, 'item', 'items'))).toEqual(['0 items', '1 item', '2 items']);
});

it('lists words as a sentence does', () => {
  expect(['', 'a', 'a and b', 'a, b and c'].map((_, count) => wordList(['a', 'b', 'c'].slice(0, count), 'and'))).toEqual(['', 'a', 'a and b', 'a, b and c']);
  expect(wordList(['open', 'done'], 'or')).toBe('open or done');
});
