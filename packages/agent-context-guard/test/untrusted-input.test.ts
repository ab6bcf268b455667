import { FOREIGN_FAILURE } from '@j1nn0/test-checks';
import { describe, expect, test } from 'vitest';
import {
  createContextGuard,
  MAX_CONTEXT_ITEM_CONTENT_LENGTH,
  MAX_CONTEXT_ITEM_ID_LENGTH,
  restoreContextGuard,
  type ContextGuard,
  type ContextItemInput,
} from '../src/index.js';
import { catchContextGuardError, expectContextGuardError } from './support/expect-context-guard-error.js';
import { HOSTILE_ARRAY_VARIANTS, HOSTILE_OBJECT_VARIANTS } from './support/hostile-values.js';
import { editableItem, GOAL, SECRET, storedItem } from './support/sample-items.js';

/** Every way an item enters a guard, each given a guard that already holds GOAL. */
const ITEM_ENTRANCES: readonly (readonly [string, (guard: ContextGuard, item: unknown) => unknown])[] = [
  ['add', (guard, item) => guard.add(item as ContextItemInput)],
  ['addAll', (guard, item) => guard.addAll([{ ...GOAL, id: 'before' }, item as ContextItemInput])],
  ['createContextGuard', (_guard, item) => createContextGuard([item as ContextItemInput])],
];

function expectRefusedWithoutChange(entrance: (guard: ContextGuard, item: unknown) => unknown, item: unknown): void {
  const guard = createContextGuard([GOAL]);
  const error = catchContextGuardError(() => entrance(guard, item));
  expect(error.code).toBe('invalid_input');
  expect(error.message).not.toContain(FOREIGN_FAILURE);
  expect(guard.snapshot()).toEqual({ schemaVersion: 1, items: [storedItem(GOAL)] });
}

describe.each(ITEM_ENTRANCES)('an item given to %s', (_name, entrance) => {
  test.each(HOSTILE_OBJECT_VARIANTS)('is refused as %s, leaving the guard unchanged', (_variant, make) => {
    expectRefusedWithoutChange(entrance, make(editableItem()));
  });
});

describe.each(HOSTILE_ARRAY_VARIANTS)('a list of items given as %s', (_variant, make) => {
  test('is refused by addAll, leaving the guard unchanged', () => {
    expectRefusedWithoutChange((guard, items) => guard.addAll(items as ContextItemInput[]), make([editableItem()]));
  });

  test('is refused by createContextGuard', () => {
    const error = catchContextGuardError(() => createContextGuard(make([editableItem()]) as ContextItemInput[]));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/^items must /);
  });
});

const tooLongId = 'i'.repeat(MAX_CONTEXT_ITEM_ID_LENGTH + 1);
const tooLongContent = SECRET.repeat(Math.ceil((MAX_CONTEXT_ITEM_CONTENT_LENGTH + 1) / SECRET.length));

/** [description, change to a valid item, expected message, whether the error names the item] */
const FIELD_CASES: readonly (readonly [string, Record<string, unknown>, string, boolean])[] = [
  ['a missing id', { id: undefined }, 'item.id must be a string', false],
  ['a numeric id', { id: 7 }, 'item.id must be a string', false],
  ['an empty id', { id: '' }, 'item.id must not be blank', false],
  ['a whitespace-only id', { id: ' \n\u00a0\u3000' }, 'item.id must not be blank', false],
  ['an id over the limit', { id: tooLongId }, `item.id must be at most ${MAX_CONTEXT_ITEM_ID_LENGTH} characters`, false],
  ['an unknown kind', { kind: 'wish' }, 'item.kind must be one of goal, constraint, requirement, decision, fact', true],
  ['a kind in other case', { kind: 'Goal' }, 'item.kind must be one of goal, constraint, requirement, decision, fact', true],
  ['a missing kind', { kind: undefined }, 'item.kind must be one of goal, constraint, requirement, decision, fact', true],
  ['missing content', { content: undefined }, 'item.content must be a string', true],
  ['content that is a number', { content: 1 }, 'item.content must be a string', true],
  ['blank content', { content: '\t \n' }, 'item.content must not be blank', true],
  ['content over the limit', { content: tooLongContent }, `item.content must be at most ${MAX_CONTEXT_ITEM_CONTENT_LENGTH} characters`, true],
  ['a string critical flag', { critical: 'true' }, 'item.critical must be a boolean', true],
  ['a numeric critical flag', { critical: 1 }, 'item.critical must be a boolean', true],
  ['a null critical flag', { critical: null }, 'item.critical must be a boolean', true],
  ['an explicitly undefined critical flag', { critical: undefined }, 'item.critical must be a boolean', true],
  ['a misspelt key', { critcal: true }, 'item has an unknown key', false],
  ['an extra key', { note: SECRET }, 'item has an unknown key', false],
];

describe('item fields', () => {
  test.each(FIELD_CASES)('refuses %s with a structural message', (_name, change, message, namesItem) => {
    const item: Record<string, unknown> = { ...editableItem(), ...change };
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined && key !== 'critical') {
        Reflect.deleteProperty(item, key);
      }
    }
    const guard = createContextGuard();
    const error = expectContextGuardError(() => guard.add(item as unknown as ContextItemInput), {
      code: 'invalid_input',
      message,
      ...(namesItem ? { itemId: 'item-1' } : {}),
    });
    expect(error.message).not.toContain(SECRET);
    expect(guard.size).toBe(0);
  });

  test('accepts an id and content exactly at their limits', () => {
    const item = { id: 'i'.repeat(MAX_CONTEXT_ITEM_ID_LENGTH), kind: 'fact', content: 'c'.repeat(MAX_CONTEXT_ITEM_CONTENT_LENGTH) } as const;
    expect(createContextGuard().add(item)).toEqual({ ...item, critical: false });
  });

  test('counts length in UTF-16 code units', () => {
    const atLimit = '😀'.repeat(MAX_CONTEXT_ITEM_ID_LENGTH / 2);
    expect(createContextGuard().add({ id: atLimit, kind: 'fact', content: 'x' }).id).toBe(atLimit);
    expectContextGuardError(() => createContextGuard().add({ id: `${atLimit}x`, kind: 'fact', content: 'x' }), {
      code: 'invalid_input',
      message: `item.id must be at most ${MAX_CONTEXT_ITEM_ID_LENGTH} characters`,
    });
  });

  test('accepts an item with a null prototype', () => {
    const item = Object.assign(Object.create(null) as Record<string, unknown>, editableItem()) as unknown as ContextItemInput;
    expect(createContextGuard().add(item)).toEqual(editableItem());
  });

  test('reports the position of a bad item in a list', () => {
    expectContextGuardError(() => createContextGuard([editableItem() as unknown as ContextItemInput, null as never]), {
      code: 'invalid_input',
      message: 'items[1] must be a plain object',
    });
  });
});

describe('restoreContextGuard on hostile values', () => {
  const snapshotWith = (item: unknown): unknown => ({ schemaVersion: 1, items: [item] });

  test.each(HOSTILE_OBJECT_VARIANTS)('refuses a snapshot item that is %s', (_variant, make) => {
    const error = catchContextGuardError(() => restoreContextGuard(snapshotWith(make(editableItem()))));
    expect(error.code).toBe('invalid_input');
    expect(error.message).not.toContain(FOREIGN_FAILURE);
  });

  test.each(HOSTILE_OBJECT_VARIANTS)('refuses a snapshot that is %s', (_variant, make) => {
    const error = catchContextGuardError(() => restoreContextGuard(make({ schemaVersion: 1, items: [editableItem()] })));
    expect(error.code).toBe('invalid_input');
  });

  test.each(HOSTILE_ARRAY_VARIANTS)('refuses snapshot items given as %s', (_variant, make) => {
    const error = catchContextGuardError(() => restoreContextGuard({ schemaVersion: 1, items: make([editableItem()]) }));
    expect(error.code).toBe('invalid_input');
  });
});
