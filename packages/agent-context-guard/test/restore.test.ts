import { describe, expect, test } from 'vitest';
import { restoreContextGuard } from '../src/index.js';
import { expectContextGuardError } from './support/expect-context-guard-error.js';
import { CONSTRAINT, FACT, GOAL, snapshotOf, storedItem } from './support/sample-items.js';

// That a snapshot restores unchanged, through JSON too, holds for any snapshot (properties.test.ts).
describe('restoreContextGuard', () => {
  test('gives a guard that is independent and fully usable', () => {
    const snapshot = snapshotOf(GOAL);
    const guard = restoreContextGuard(snapshot);
    guard.add(FACT);
    expect(guard.size).toBe(2);
    expect(restoreContextGuard(snapshot).size).toBe(1);
  });
});

describe('restoreContextGuard refuses', () => {
  const valid = snapshotOf(GOAL);
  interface RefusalCase {
    readonly name: string;
    readonly snapshot: unknown;
    readonly message: string;
    /** The id the error names, when the bad part is a field of an item whose id is valid. */
    readonly itemId?: string;
  }

  const cases: readonly RefusalCase[] = [
    { name: 'a newer schema version', snapshot: { ...valid, schemaVersion: 2 }, message: 'snapshot.schemaVersion must be 1' },
    { name: 'a schema version given as text', snapshot: { ...valid, schemaVersion: '1' }, message: 'snapshot.schemaVersion must be 1' },
    { name: 'a missing schema version', snapshot: { items: valid.items }, message: 'snapshot.schemaVersion must be 1' },
    {
      name: 'missing items',
      snapshot: { schemaVersion: 1 },
      message: 'snapshot.items must be an array without holes or extra properties',
    },
    {
      name: 'items given as an object',
      snapshot: { schemaVersion: 1, items: {} },
      message: 'snapshot.items must be an array without holes or extra properties',
    },
    { name: 'an unknown top-level key', snapshot: { ...valid, extra: true }, message: 'snapshot has an unknown key' },
    {
      name: 'an item without its critical flag',
      snapshot: { schemaVersion: 1, items: [GOAL, CONSTRAINT] },
      message: 'snapshot.items[1].critical must be a boolean',
      itemId: CONSTRAINT.id,
    },
    {
      name: 'an item with an unknown kind',
      snapshot: { schemaVersion: 1, items: [{ ...storedItem(GOAL), kind: 'wish' }] },
      message: 'snapshot.items[0].kind must be one of goal, constraint, requirement, decision, fact',
      itemId: GOAL.id,
    },
    { name: 'a snapshot that is an array', snapshot: [valid], message: 'snapshot must be a plain object' },
  ];

  test.each(cases)('$name', ({ snapshot, message, itemId }) => {
    expectContextGuardError(() => restoreContextGuard(snapshot), {
      code: 'invalid_input',
      message,
      ...(itemId === undefined ? {} : { itemId }),
    });
  });

  test('two items with the same id, naming the id', () => {
    expectContextGuardError(() => restoreContextGuard(snapshotOf(GOAL, { ...FACT, id: GOAL.id })), {
      code: 'duplicate_item_id',
      message: 'snapshot.items[1].id is already used',
      itemId: GOAL.id,
    });
  });
});
