import { describe, expect, it } from 'vitest';
import { LISTED_IDS, unknownIdRejection } from '../src/message-words.js';
import { unknownFieldRejection } from '../src/tool-declaration.js';

// One unknown field, no fields, a field a tool answers itself and the refusal before the tool runs are
// proven through the adapters' tools.test.ts on the fake host; the listing of recorded ids through
// agent-state-pi's format.test.ts. Here: what those do not reach.

describe('unknownFieldRejection', () => {
  it('names up to three unknown fields and counts the rest, and a field name that is long or not plain', () => {
    expect(unknownFieldRejection('add', { a: 1, b: 2, c: 3, d: 4 }, ['id', 'content'])).toBe('Rejected: add does not take "a", "b", "c" and 1 other field; it takes id, content.');
    expect(unknownFieldRejection('add', { ['x'.repeat(41)]: 1, 'two words': 2, '\u001b[2J': 3 }, ['id'])).toBe('Rejected: add does not take 3 other fields; it takes id.');
    expect(unknownFieldRejection('add', null, ['id'])).toBeUndefined();
  });
});

describe('unknownIdRejection', () => {
  it(`says "this id" for an id it cannot show, and escapes a recorded id, as every message does (up to ${String(LISTED_IDS)} listed)`, () => {
    expect(unknownIdRejection('item', '\u001b', false, { listAll: 'demo_list', ids: ['a\u001bb'] })).toBe('Rejected: no item has this id. Recorded: "a\\u001bb".');
  });
});
