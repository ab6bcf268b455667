import { expect } from 'vitest';
import { ContextGuardError, type ContextGuardErrorCode } from '../../src/index.js';

interface ExpectedError {
  readonly code: ContextGuardErrorCode;
  readonly message?: string;
  readonly itemId?: string;
}

/** Runs `action`, which must throw a ContextGuardError (never another type), and returns that error. */
export function catchContextGuardError(action: () => unknown): ContextGuardError {
  let thrown: unknown;
  try {
    action();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected a ContextGuardError').toBeInstanceOf(ContextGuardError);
  return thrown as ContextGuardError;
}

/** Asserts the code, and the message and item id when given; an omitted item id must be absent. */
export function expectContextGuardError(action: () => unknown, expected: ExpectedError): ContextGuardError {
  const error = catchContextGuardError(action);
  expect(error.code).toBe(expected.code);
  if (expected.message !== undefined) {
    expect(error.message).toBe(expected.message);
  }
  if (expected.itemId === undefined) {
    expect(error).not.toHaveProperty('itemId');
  } else {
    expect(error.itemId).toBe(expected.itemId);
  }
  return error;
}

/** Awaits `promise`, which must reject with a ContextGuardError, and returns that error. */
export async function rejectionOf(promise: Promise<unknown>): Promise<ContextGuardError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome, 'expected a rejection with a ContextGuardError').toBeInstanceOf(ContextGuardError);
  return outcome as ContextGuardError;
}
