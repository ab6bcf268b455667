import { describe, expect, test } from 'vitest';
import { createContextGuard, restoreContextGuard, type ContextItem } from '../src/index.js';
import { GOAL, storedItem } from './support/sample-items.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function tamper(item: ContextItem): void {
  const mutable = item as Mutable<ContextItem>;
  mutable.content = 'tampered';
  mutable.critical = !item.critical;
}

describe('values are copied in', () => {
  test('changing an added input afterwards does not change the guard', () => {
    const input = { ...GOAL };
    const guard = createContextGuard();
    guard.add(input);
    input.content = 'tampered';
    expect(guard.get(GOAL.id)).toEqual(storedItem(GOAL));
  });

  test('changing the array given to createContextGuard does not change the guard', () => {
    const inputs = [{ ...GOAL }];
    const guard = createContextGuard(inputs);
    inputs.push({ ...GOAL, id: 'other' });
    expect(guard.size).toBe(1);
  });

  test('changing a restored snapshot afterwards does not change the guard', () => {
    const items = [storedItem(GOAL)];
    const guard = restoreContextGuard({ schemaVersion: 1, items });
    tamper(items[0] as ContextItem);
    items.length = 0;
    expect(guard.list()).toEqual([storedItem(GOAL)]);
  });
});

describe('values are copied out', () => {
  const readers: readonly (readonly [string, (guard: ReturnType<typeof createContextGuard>) => ContextItem])[] = [
    ['add', (guard) => guard.add({ ...GOAL, id: 'fresh' })],
    ['get', (guard) => guard.get(GOAL.id) as ContextItem],
    ['list', (guard) => guard.list()[0] as ContextItem],
    ['snapshot', (guard) => guard.snapshot().items[0] as ContextItem],
    ['addAll', (guard) => guard.addAll([{ ...GOAL, id: 'fresh' }])[0] as ContextItem],
  ];

  test.each(readers)('changing an item returned by %s does not change the guard', (_name, read) => {
    const guard = createContextGuard([GOAL]);
    const returned = read(guard);
    const asReturned = { ...returned };
    tamper(returned);
    expect(guard.get(asReturned.id)).toEqual(asReturned);
  });

  test('changing a returned list does not change the guard', () => {
    const guard = createContextGuard([GOAL]);
    guard.list().pop();
    (guard.snapshot().items as ContextItem[]).pop();
    expect(guard.size).toBe(1);
  });

  test('the removed item returned by remove is a copy', () => {
    const guard = createContextGuard([GOAL]);
    const removed = guard.remove(GOAL.id) as ContextItem;
    tamper(removed);
    guard.add(GOAL);
    expect(guard.get(GOAL.id)).toEqual(storedItem(GOAL));
  });

  test('the guard object itself cannot be altered', () => {
    const guard = createContextGuard();
    expect(Object.isFrozen(guard)).toBe(true);
  });
});
