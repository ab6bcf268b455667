import { expect } from 'vitest';
import { AgentStateError, type AgentStateErrorCode } from '../src/index.js';

interface ExpectedError {
  readonly code: AgentStateErrorCode;
  readonly message?: string;
  readonly itemId?: string;
}

/** Runs `action`, which must throw an AgentStateError (never another type), and returns that error. */
export function catchAgentStateError(action: () => unknown): AgentStateError {
  let thrown: unknown;
  try {
    action();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected an AgentStateError').toBeInstanceOf(AgentStateError);
  return thrown as AgentStateError;
}

/** Asserts the code, and the message and item id when given; an omitted item id must be absent. */
export function expectAgentStateError(action: () => unknown, expected: ExpectedError): AgentStateError {
  const error = catchAgentStateError(action);
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
