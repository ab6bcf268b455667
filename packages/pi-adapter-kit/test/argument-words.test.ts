import { describe, expect, it } from 'vitest';
import { completionWords, splitWord } from '../src/argument-words.js';

describe('splitWord', () => {
  it('splits off the first word and keeps the inner spacing of the rest', () => {
    expect(splitWord('  add  parse   Write  the parser ')).toEqual({ word: 'add', rest: 'parse   Write  the parser' });
  });

  it('gives empty parts for blank text', () => {
    expect(splitWord(' \t ')).toEqual({ word: '', rest: '' });
  });

  it('splits on any whitespace, line breaks included', () => {
    expect(splitWord('set\nparse done')).toEqual({ word: 'set', rest: 'parse done' });
  });
});

describe('completionWords', () => {
  it('ends in an empty word when the prefix ends in a space', () => {
    expect(completionWords('set ')).toEqual(['set', '']);
    expect(completionWords('  set parse do')).toEqual(['set', 'parse', 'do']);
  });
});
