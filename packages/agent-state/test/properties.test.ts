import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  AgentStateError,
  restoreAgentState,
  summarizeAgentState,
  WORK_ITEM_STATUSES,
  type AgentState,
  type AgentStateSnapshot,
} from '../src/index.js';
import {
  applyOperation,
  nearValidSnapshotArbitrary,
  NUM_RUNS,
  operationsArbitrary,
  snapshotArbitrary,
  textArbitrary,
  type Operation,
} from './arbitraries.js';

const ERROR_CODES = ['invalid_input', 'duplicate_item_id', 'unknown_item_id'];
// Never part of a message, so finding it there means caller content leaked.
const CONTENT_MARKER = '§';

/** A valid state reached from a valid snapshot through a random series of valid changes. */
const validStateArbitrary = fc.tuple(snapshotArbitrary(), operationsArbitrary());

function buildState([snapshot, operations]: [AgentStateSnapshot, Operation[]]): AgentState {
  const state = restoreAgentState(snapshot);
  for (const operation of operations) {
    applyOperation(state, operation);
  }
  return state;
}

/** Restores `value`; returns the state, or the error after checking it is an AgentStateError. */
function restoreOrError(value: unknown): AgentState | AgentStateError {
  try {
    return restoreAgentState(value);
  } catch (error) {
    expect(error).toBeInstanceOf(AgentStateError);
    expect(ERROR_CODES).toContain((error as AgentStateError).code);
    return error as AgentStateError;
  }
}

describe('properties', () => {
  test('any valid state survives snapshot, JSON text and restore unchanged, key order included', () => {
    fc.assert(
      fc.property(validStateArbitrary, (generated) => {
        const snapshot = buildState(generated).snapshot();
        const text = JSON.stringify(snapshot);
        const again = restoreAgentState(JSON.parse(text)).snapshot();
        expect(again).toStrictEqual(snapshot);
        expect(JSON.stringify(again)).toBe(text);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test('restoring any JSON value or near-valid snapshot gives a state equal to it or an AgentStateError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), nearValidSnapshotArbitrary()), (value) => {
        const result = restoreOrError(value);
        if (!(result instanceof AgentStateError)) {
          expect(result.snapshot()).toStrictEqual(value);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test('restoring any JavaScript value at all never throws anything but an AgentStateError', () => {
    const anything = fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withNullPrototype: true,
      withObjectString: true,
      withSet: true,
      withSparseArray: true,
      withTypedArray: true,
    });
    fc.assert(
      fc.property(anything, (value) => {
        restoreOrError(value);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test('error messages are short ASCII and never contain caller content', () => {
    fc.assert(
      fc.property(nearValidSnapshotArbitrary(textArbitrary(CONTENT_MARKER)), (value) => {
        const result = restoreOrError(value);
        if (result instanceof AgentStateError) {
          expect(result.message).not.toContain(CONTENT_MARKER);
          expect(result.message).toMatch(/^[ -~]{1,100}$/);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test('the summary always matches the listed work items', () => {
    fc.assert(
      fc.property(validStateArbitrary, (generated) => {
        const state = buildState(generated);
        const items = state.listWorkItems();
        const countOf = (status: string) => items.filter((item) => item.status === status).length;
        expect(summarizeAgentState(state.snapshot())).toStrictEqual({
          open: countOf('open'),
          in_progress: countOf('in_progress'),
          blocked: countOf('blocked'),
          done: countOf('done'),
          total: items.length,
        });
        expect(WORK_ITEM_STATUSES.reduce((sum, status) => sum + countOf(status), 0)).toBe(items.length);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
