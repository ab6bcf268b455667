import { expect } from 'vitest';

// Each core throws one error class with a `code` and, only when an item is to blame, an `itemId`;
// these expectations are bound to that class once, so a test names only what it expects.

/** The shape every core's error class shares. */
export interface CodedError extends Error {
  readonly code: string;
  readonly itemId?: string;
}

/** A core's error class; the constructor's parameters do not matter here. */
export type CodedErrorClass<E extends CodedError> = abstract new (...args: never[]) => E;

export interface ExpectedCodedError<Code extends string> {
  readonly code: Code;
  readonly message?: string;
  readonly itemId?: string;
}

export interface CodedErrorExpectations<E extends CodedError> {
  /** Runs `action`, which must throw an instance of the class (never another type), and returns that error. */
  readonly catchError: (action: () => unknown) => E;
  /** Asserts the code, and the message and item id when given; an omitted item id must be absent. */
  readonly expectError: (action: () => unknown, expected: ExpectedCodedError<E['code']>) => E;
  /** Awaits `promise`, which must reject with an instance of the class, and returns that error. */
  readonly rejectionOf: (promise: Promise<unknown>) => Promise<E>;
}

export function codedErrorExpectations<E extends CodedError>(errorClass: CodedErrorClass<E>): CodedErrorExpectations<E> {
  const catchError = (action: () => unknown): E => {
    let thrown: unknown;
    try {
      action();
    } catch (error) {
      thrown = error;
    }
    expect(thrown, `expected a thrown ${errorClass.name}`).toBeInstanceOf(errorClass);
    return thrown as E;
  };

  const expectError = (action: () => unknown, expected: ExpectedCodedError<E['code']>): E => {
    const error = catchError(action);
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
  };

  const rejectionOf = async (promise: Promise<unknown>): Promise<E> => {
    const outcome = await promise.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(outcome, `expected a rejection with a ${errorClass.name}`).toBeInstanceOf(errorClass);
    return outcome as E;
  };

  return { catchError, expectError, rejectionOf };
}
