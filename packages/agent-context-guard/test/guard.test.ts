import { describe, expect, test } from 'vitest';
import { createContextGuard, type ContextItemInput } from '../src/index.js';
import { expectContextGuardError } from './support/expect-context-guard-error.js';
import { CONSTRAINT, FACT, GOAL, storedItem } from './support/sample-items.js';

describe('createContextGuard', () => {
  test('starts empty without items', () => {
    const guard = createContextGuard();
    expect(guard.size).toBe(0);
    expect(guard.list()).toEqual([]);
  });

  test('holds the given items in the given order', () => {
    const guard = createContextGuard([FACT, GOAL, CONSTRAINT]);
    expect(guard.list()).toEqual([FACT, GOAL, CONSTRAINT].map(storedItem));
  });

  test('creates nothing when one of the items is invalid', () => {
    expectContextGuardError(() => createContextGuard([GOAL, { ...CONSTRAINT, kind: 'wish' } as never]), {
      code: 'invalid_input',
      message: 'items[1].kind must be one of goal, constraint, requirement, decision, fact',
      itemId: CONSTRAINT.id,
    });
  });

  test('refuses two items with the same id', () => {
    expectContextGuardError(() => createContextGuard([GOAL, { ...FACT, id: GOAL.id }]), {
      code: 'duplicate_item_id',
      message: 'items[1].id is already used',
      itemId: GOAL.id,
    });
  });
});

describe('add', () => {
  test('appends the item and returns it as stored', () => {
    const guard = createContextGuard([GOAL]);
    expect(guard.add(CONSTRAINT)).toEqual(storedItem(CONSTRAINT));
    expect(guard.list().map((item) => item.id)).toEqual([GOAL.id, CONSTRAINT.id]);
  });

  test('stores a missing critical flag as false and keeps an explicit one', () => {
    const guard = createContextGuard();
    expect(guard.add({ id: 'a', kind: 'fact', content: 'x' }).critical).toBe(false);
    expect(guard.add({ id: 'b', kind: 'fact', content: 'x', critical: true }).critical).toBe(true);
    expect(guard.add({ id: 'c', kind: 'fact', content: 'x', critical: false }).critical).toBe(false);
  });

  test('keeps id and content exactly as given, surrounding whitespace included', () => {
    const guard = createContextGuard();
    const item: ContextItemInput = { id: '  spaced id\t', kind: 'decision', content: '\n Use  tabs\t ' };
    guard.add(item);
    expect(guard.get(item.id)).toEqual(storedItem(item));
    expect(guard.has('spaced id')).toBe(false);
  });

  test('accepts every kind', () => {
    const guard = createContextGuard();
    for (const kind of ['goal', 'constraint', 'requirement', 'decision', 'fact'] as const) {
      expect(guard.add({ id: kind, kind, content: 'x' }).kind).toBe(kind);
    }
  });

  test('refuses an id that is already used and leaves the guard unchanged', () => {
    const guard = createContextGuard([GOAL]);
    expectContextGuardError(() => guard.add({ ...FACT, id: GOAL.id }), {
      code: 'duplicate_item_id',
      message: 'item id is already used',
      itemId: GOAL.id,
    });
    expect(guard.list()).toEqual([storedItem(GOAL)]);
  });

  test('accepts an id again once its item is removed, placing it at the end', () => {
    const guard = createContextGuard([GOAL, CONSTRAINT]);
    guard.remove(GOAL.id);
    guard.add(GOAL);
    expect(guard.list().map((item) => item.id)).toEqual([CONSTRAINT.id, GOAL.id]);
  });
});

describe('addAll', () => {
  test('appends every item in order and returns them as stored', () => {
    const guard = createContextGuard([GOAL]);
    expect(guard.addAll([FACT, CONSTRAINT])).toEqual([FACT, CONSTRAINT].map(storedItem));
    expect(guard.list().map((item) => item.id)).toEqual([GOAL.id, FACT.id, CONSTRAINT.id]);
  });

  test('adds nothing when a later item is invalid', () => {
    const guard = createContextGuard([GOAL]);
    expectContextGuardError(() => guard.addAll([FACT, { ...CONSTRAINT, content: ' ' }]), {
      code: 'invalid_input',
      message: 'items[1].content must not be blank',
      itemId: CONSTRAINT.id,
    });
    expect(guard.list()).toEqual([storedItem(GOAL)]);
  });

  test('adds nothing when a later item reuses an id already in the guard', () => {
    const guard = createContextGuard([GOAL]);
    expectContextGuardError(() => guard.addAll([FACT, { ...CONSTRAINT, id: GOAL.id }]), {
      code: 'duplicate_item_id',
      itemId: GOAL.id,
    });
    expect(guard.list()).toEqual([storedItem(GOAL)]);
  });

  test('adds nothing when two new items share an id', () => {
    const guard = createContextGuard();
    expectContextGuardError(() => guard.addAll([FACT, { ...CONSTRAINT, id: FACT.id }]), {
      code: 'duplicate_item_id',
      message: 'items[1].id is already used',
      itemId: FACT.id,
    });
    expect(guard.size).toBe(0);
  });

  test('accepts an empty list', () => {
    const guard = createContextGuard([GOAL]);
    expect(guard.addAll([])).toEqual([]);
    expect(guard.size).toBe(1);
  });
});

describe('lookups', () => {
  test('get returns the item, or undefined for an id that is not there', () => {
    const guard = createContextGuard([GOAL]);
    expect(guard.get(GOAL.id)).toEqual(storedItem(GOAL));
    expect(guard.get('missing')).toBeUndefined();
  });

  test('has tells whether an id is there', () => {
    const guard = createContextGuard([GOAL]);
    expect(guard.has(GOAL.id)).toBe(true);
    expect(guard.has('missing')).toBe(false);
    expect(guard.has('')).toBe(false);
  });

  test('refuses a lookup id that is not a string', () => {
    const guard = createContextGuard([GOAL]);
    for (const lookup of [() => guard.get(1 as never), () => guard.has(null as never), () => guard.remove({} as never)]) {
      expectContextGuardError(lookup, { code: 'invalid_input', message: 'id must be a string' });
    }
  });
});

describe('remove and clear', () => {
  test('remove returns the removed item and keeps the order of the rest', () => {
    const guard = createContextGuard([GOAL, FACT, CONSTRAINT]);
    expect(guard.remove(FACT.id)).toEqual(storedItem(FACT));
    expect(guard.list().map((item) => item.id)).toEqual([GOAL.id, CONSTRAINT.id]);
    expect(guard.size).toBe(2);
  });

  test('remove returns undefined and changes nothing for an id that is not there', () => {
    const guard = createContextGuard([GOAL]);
    expect(guard.remove('missing')).toBeUndefined();
    expect(guard.list()).toEqual([storedItem(GOAL)]);
  });

  test('clear removes every item', () => {
    const guard = createContextGuard([GOAL, FACT]);
    guard.clear();
    expect(guard.size).toBe(0);
    expect(guard.list()).toEqual([]);
    expect(guard.snapshot()).toEqual({ schemaVersion: 1, items: [] });
  });
});

describe('size', () => {
  test('follows adds and removals', () => {
    const guard = createContextGuard();
    guard.add(GOAL);
    guard.addAll([FACT, CONSTRAINT]);
    guard.remove(GOAL.id);
    expect(guard.size).toBe(2);
  });

  test('cannot be assigned', () => {
    const guard = createContextGuard([GOAL]);
    expect(() => {
      (guard as { size: number }).size = 5;
    }).toThrow(TypeError);
    expect(guard.size).toBe(1);
  });
});

describe('snapshot', () => {
  test('lists every item in insertion order under schema version 1', () => {
    const guard = createContextGuard([CONSTRAINT, GOAL]);
    expect(guard.snapshot()).toEqual({ schemaVersion: 1, items: [storedItem(CONSTRAINT), storedItem(GOAL)] });
  });

  test('is plain JSON with keys in schema order', () => {
    const snapshot = createContextGuard([GOAL]).snapshot();
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(Object.keys(snapshot)).toEqual(['schemaVersion', 'items']);
    expect(Object.keys(snapshot.items[0] ?? {})).toEqual(['id', 'kind', 'content', 'critical']);
  });
});

describe('reserved-looking ids', () => {
  const reservedIds = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'];

  test.each(reservedIds)('treats %s as an ordinary id', (id) => {
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
