import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

// Assertions for the model-based and fuzz suites, which compare after every one of thousands of steps:
// a plain comparison first, and vitest's `expect` (with its diff and message) only when it fails. A plain
// comparison that passes implies the matcher passes; one that fails hands the decision to the matcher,
// so each function accepts and refuses exactly what its matcher does.

/** `expect(actual, message).toEqual(expected)`. */
export function expectEqual(actual: unknown, expected: unknown, message?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, message).toEqual(expected);
}

/** `expect(actual, message).toBe(expected)`. */
export function expectSame(actual: unknown, expected: unknown, message?: string): void {
  if (!Object.is(actual, expected)) expect(actual, message).toBe(expected);
}
