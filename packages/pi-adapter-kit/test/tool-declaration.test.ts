import { describe, expect, it } from 'vitest';
import { declareTool, schemaFields, unknownFieldRejection } from '../src/tool-declaration.js';
import { LISTED_IDS, unknownIdRejection } from '../src/message-words.js';

const FIELDS = ['id', 'content', 'status'];

describe('unknownFieldRejection', () => {
  it('accepts a call that names only fields the tool takes, or sends no object', () => {
    expect(unknownFieldRejection('add', { id: 'a', content: 'A' }, FIELDS)).toBeUndefined();
    expect(unknownFieldRejection('add', {}, FIELDS)).toBeUndefined();
    expect(unknownFieldRejection('add', null, FIELDS)).toBeUndefined();
    expect(unknownFieldRejection('add', 'text', FIELDS)).toBeUndefined();
  });

  it('names the fields it does not take and the ones it does', () => {
    expect(unknownFieldRejection('add', { id: 'a', content: 'A', priority: 'high' }, FIELDS)).toBe(
      'Rejected: add does not take "priority"; it takes id, content, status.',
    );
    expect(unknownFieldRejection('get', { verbose: true }, [])).toBe('Rejected: get does not take "verbose"; it takes no fields.');
    expect(unknownFieldRejection('add', { a: 1, b: 2, c: 3, d: 4 }, FIELDS)).toBe(
      'Rejected: add does not take "a", "b", "c" and 1 other field; it takes id, content, status.',
    );
  });

  it('counts, without repeating, a field name that is long or not plain', () => {
    expect(unknownFieldRejection('add', { ['x'.repeat(41)]: 1, 'two words': 2, '\u001b[2J': 3 }, FIELDS)).toBe(
      'Rejected: add does not take 3 other fields; it takes id, content, status.',
    );
  });

  it('lets a tool answer a field it reads but does not offer, naming only what it offers', () => {
    expect(unknownFieldRejection('protect', { id: 'a', critical: true }, ['id', 'critical'], ['id'])).toBeUndefined();
    expect(unknownFieldRejection('protect', { id: 'a', priority: 1 }, ['id', 'critical'], ['id'])).toBe(
      'Rejected: protect does not take "priority"; it takes id.',
    );
  });
});

describe('schemaFields', () => {
  it('lists the properties of a parameters schema in order, none for a schema without them', () => {
    expect(schemaFields({ type: 'object', properties: { id: {}, status: {} } })).toEqual(['id', 'status']);
    expect(schemaFields({ type: 'object' })).toEqual([]);
  });
});

describe('declareTool', () => {
  const ran: unknown[] = [];
  const tool = declareTool(
    {
      name: 'demo_add',
      label: 'Demo',
      description: 'Adds.',
      parameters: { type: 'object', properties: { id: { type: 'string' } } } as never,
      execute: (_id, params) => {
        ran.push(params);
        return Promise.resolve({ content: [{ type: 'text', text: 'done' }], details: {} });
      },
    },
    () => [],
    ['critical'],
  );

  it('refuses a call with a field the tool does not take before the tool runs', async () => {
    await expect(tool.execute('1', { id: 'a', priority: 'high' } as never, undefined, undefined, {} as never)).rejects.toThrow(
      'Rejected: demo_add does not take "priority"; it takes id.',
    );
    expect(ran).toEqual([]);
  });

  it('runs a call with known fields, and one with a field the tool answers itself', async () => {
    await tool.execute('2', { id: 'a' } as never, undefined, undefined, {} as never);
    await tool.execute('3', { id: 'b', critical: true } as never, undefined, undefined, {} as never);
    expect(ran).toEqual([{ id: 'a' }, { id: 'b', critical: true }]);
  });
});

describe('unknownIdRejection', () => {
  const seeAll = { listAll: 'demo_list' };

  it(`names up to ${String(LISTED_IDS)} recorded ids, then how many more and where all are listed`, () => {
    expect(unknownIdRejection('item', 'x', true, { ...seeAll, ids: [] })).toBe('Rejected: no item has id "x". None is recorded yet.');
    expect(unknownIdRejection('item', 'x', true, { ...seeAll, ids: ['a', 'b'] })).toBe('Rejected: no item has id "x". Recorded: "a", "b".');
    expect(unknownIdRejection('item', 'x', false, { ...seeAll, ids: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).toBe(
      'Rejected: no item has this id. Recorded: "a", "b", "c", "d", "e" and 2 more (demo_list lists all).',
    );
  });

  it('escapes a recorded id as every message does', () => {
    expect(unknownIdRejection('item', 'x', true, { ...seeAll, ids: ['a\u001bb'] })).toBe('Rejected: no item has id "x". Recorded: "a\\u001bb".');
  });
});
