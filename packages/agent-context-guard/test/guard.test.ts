import { describe, expect, test } from 'vitest';
import { createContextGuard, type ContextGuard, type ContextItemInput } from '../src/index.js';
import { expectContextGuardError } from './support/expect-context-guard-error.js';
import { CONSTRAINT, FACT, GOAL, storedItem } from './support/sample-items.js';

// The guard's API by example. That an addition either adds exactly its items or throws and changes
// nothing, and that a guard built from a snapshot's items gives it back, hold for any items
// (properties.test.ts).

describe('createContextGuard', () => {
  test('starts empty without items', () => {
    const guard = createContextGuard();
    expect(guard.size).toBe(0);
    expect(guard.list()).toEqual([]);
  });

  test.each([
    [
      'one of the items is invalid',
      [GOAL, { ...CONSTRAINT, kind: 'wish' } as never],
      { code: 'invalid_input', message: 'items[1].kind must be one of goal, constraint, requirement, decision, fact', itemId: CONSTRAINT.id },
    ],
    ['two items have the same id', [GOAL, { ...FACT, id: GOAL.id }], { code: 'duplicate_item_id', message: 'items[1].id is already used', itemId: GOAL.id }],
  ] as const)('creates nothing when %s', (_name, items, error) => {
    expectContextGuardError(() => createContextGuard(items), error);
  });
});

describe('add and addAll', () => {
  test('add appends the item and returns it as stored: a missing critical flag is false, an explicit one kept', () => {
    const guard = createContextGuard([GOAL]);
    expect(guard.add(CONSTRAINT)).toEqual(storedItem(CONSTRAINT));
    expect(guard.add({ id: 'b', kind: 'fact', content: 'x', critical: true }).critical).toBe(true);
    expect(guard.list().map((item) => item.id)).toEqual([GOAL.id, CONSTRAINT.id, 'b']);
  });

  test('keeps id and content exactly as given, surrounding whitespace included', () => {
    const guard = createContextGuard();
    const item: ContextItemInput = { id: '  spaced id\t', kind: 'decision', content: '\n Use  tabs\t ' };
    guard.add(item);
    expect(guard.get(item.id)).toEqual(storedItem(item));
    expect(guard.has('spaced id')).toBe(false);
  });

  test('accepts an id again once its item is removed, placing it at the end', () => {
    const guard = createContextGuard([GOAL, CONSTRAINT]);
    guard.remove(GOAL.id);
    guard.add(GOAL);
    expect(guard.list().map((item) => item.id)).toEqual([CONSTRAINT.id, GOAL.id]);
  });

  test('addAll appends every item in order and returns them as stored; an empty list adds nothing', () => {
    const guard = createContextGuard([GOAL]);
    expect(guard.addAll([FACT, CONSTRAINT])).toEqual([FACT, CONSTRAINT].map(storedItem));
    expect(guard.addAll([])).toEqual([]);
    expect(guard.list().map((item) => item.id)).toEqual([GOAL.id, FACT.id, CONSTRAINT.id]);
  });

  test.each<[string, (guard: ContextGuard) => unknown, Parameters<typeof expectContextGuardError>[1]]>([
    ['an id in use', (guard) => guard.add({ ...FACT, id: GOAL.id }), { code: 'duplicate_item_id', message: 'item id is already used', itemId: GOAL.id }],
    [
      'a list whose later item is invalid',
      (guard) => guard.addAll([FACT, { ...CONSTRAINT, content: ' ' }]),
      { code: 'invalid_input', message: 'items[1].content must not be blank', itemId: CONSTRAINT.id },
    ],
    ['a list whose later item reuses an id in use', (guard) => guard.addAll([FACT, { ...CONSTRAINT, id: GOAL.id }]), { code: 'duplicate_item_id', itemId: GOAL.id }],
    [
      'a list of two items sharing an id',
      (guard) => guard.addAll([FACT, { ...CONSTRAINT, id: FACT.id }]),
      { code: 'duplicate_item_id', message: 'items[1].id is already used', itemId: FACT.id },
    ],
  ])('refuses %s and changes nothing', (_name, act, error) => {
    const guard = createContextGuard([GOAL]);
    expectContextGuardError(() => act(guard), error);
    expect(guard.list()).toEqual([storedItem(GOAL)]);
  });
});

describe('lookups, remove, clear, size and snapshot', () => {
  test('get, has and remove find an item by its exact id, and change nothing for one that is not there', () => {
    const guard = createContextGuard([GOAL, FACT, CONSTRAINT]);
    expect([guard.get(GOAL.id), guard.has(GOAL.id)]).toEqual([storedItem(GOAL), true]);
    expect([guard.get('missing'), guard.has('missing'), guard.has(''), guard.remove('missing')]).toEqual([undefined, false, false, undefined]);
    expect(guard.remove(FACT.id)).toEqual(storedItem(FACT));
    expect(guard.list().map((item) => item.id)).toEqual([GOAL.id, CONSTRAINT.id]);
    expect(guard.size).toBe(2);
    guard.clear();
    expect(guard.size).toBe(0);
    expect(guard.snapshot()).toEqual({ schemaVersion: 1, items: [] });
  });

  test('refuses a lookup id that is not a string', () => {
    const guard = createContextGuard([GOAL]);
    for (const lookup of [() => guard.get(1 as never), () => guard.has(null as never), () => guard.remove({} as never)]) {
      expectContextGuardError(lookup, { code: 'invalid_input', message: 'id must be a string' });
    }
  });

  test('size cannot be assigned', () => {
    const guard = createContextGuard([GOAL]);
    expect(() => {
      (guard as { size: number }).size = 5;
    }).toThrow(TypeError);
    expect(guard.size).toBe(1);
  });

  test('a snapshot is plain JSON with keys in schema order', () => {
    const snapshot = createContextGuard([GOAL]).snapshot();
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(Object.keys(snapshot)).toEqual(['schemaVersion', 'items']);
    expect(Object.keys(snapshot.items[0] ?? {})).toEqual(['id', 'kind', 'content', 'critical']);
  });
});

describe('reserved-looking ids', () => {
  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'])('treats %s as an ordinary id', (id) => {
    const guard = createContextGuard();
    expect(guard.has(id)).toBe(false);
    expect(guard.get(id)).toBeUndefined();
    guard.add({ id, kind: 'fact', content: 'x' });
    expect(guard.get(id)).toEqual({ id, kind: 'fact', content: 'x', critical: false });
    expect(guard.snapshot().items.map((item) => item.id)).toEqual([id]);
    expect(guard.remove(id)?.id).toBe(id);
    expect(guard.size).toBe(0);
  });

  test('refuses an own __proto__ key as an unknown key rather than reading it as a prototype', () => {
    const item: unknown = JSON.parse('{"id":"__proto__","kind":"goal","content":"x","__proto__":1}');
    expectContextGuardError(() => createContextGuard().add(item as ContextItemInput), {
      code: 'invalid_input',
      message: 'item has an unknown key',
    });
  });
});
