import { describe, expect, it } from 'vitest';
import { completionMenu, offerCompletions } from '../src/completion.js';

describe('offerCompletions', () => {
  it('offers the candidates that start with the typed word, in their order, with descriptions', () => {
    const items = offerCompletions(
      [{ word: 'status', description: 'show the state' }, 'set', 'clear'],
      's',
      (word) => `${word} `,
    );
    expect(items).toEqual([
      { value: 'status ', label: 'status', description: 'show the state' },
      { value: 'set ', label: 'set' },
    ]);
  });
});

describe('completionMenu', () => {
  it('returns no menu when the typed text already is the only match', () => {
    expect(completionMenu('status', [{ value: 'status', label: 'status' }])).toBeNull();
    expect(completionMenu('set x done', [{ value: 'set x done', label: 'done' }])).toBeNull();
  });

  it('keeps the menu when the only match still adds text, such as the space after a subcommand', () => {
    const items = [{ value: 'add ', label: 'add' }];
    expect(completionMenu('add', items)).toEqual(items);
  });

  it('keeps the menu when the typed text is one of several matches', () => {
    const items = [
      { value: 'set x done', label: 'done' },
      { value: 'set x donelater', label: 'donelater' },
    ];
    expect(completionMenu('set x done', items)).toEqual(items);
  });

  it('returns no menu when nothing matches', () => {
    expect(completionMenu('zzz', [])).toBeNull();
  });
});
