import { describe, expect, test } from 'vitest';
import { ContextGuardError, createContextGuard } from '../src/index.js';
import { catchContextGuardError } from './support/expect-context-guard-error.js';
import { FACT, GOAL, SECRET } from './support/sample-items.js';

describe('ContextGuardError', () => {
  test('is an Error with its own name, a code, a message and the item id only when one is known', () => {
    const error = new ContextGuardError('invalid_input', 'item must be a plain object');
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.message]).toEqual(['ContextGuardError', 'invalid_input', 'item must be a plain object']);
    expect(Object.hasOwn(error, 'itemId')).toBe(false);
    expect(new ContextGuardError('duplicate_item_id', 'x', 'goal-1').itemId).toBe('goal-1');
  });

  test('never repeats the content of the item it refuses', () => {
    const guard = createContextGuard([FACT]);
    const errors = [
      catchContextGuardError(() => guard.add({ ...FACT })),
      catchContextGuardError(() => guard.add({ ...GOAL, kind: SECRET as never, content: SECRET })),
      catchContextGuardError(() => guard.add({ ...GOAL, content: SECRET.repeat(10_000) })),
      catchContextGuardError(() => guard.add({ ...GOAL, [SECRET]: true } as never)),
    ];
    for (const error of errors) {
      expect(`${error.message} ${String(error.stack)}`).not.toContain(SECRET);
    }
  });
});
