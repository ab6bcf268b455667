import { FOREIGN_FAILURE, THROWING_TRAPS, failWithForeignError as fail, revokedProxy } from '@j1nn0/test-checks';
import { describe, expect, test } from 'vitest';
import { createAgentState, restoreAgentState, summarizeAgentState } from '../src/index.js';
import { defined } from './defined.js';
import { catchAgentStateError } from './expect-agent-state-error.js';
import { editableSample } from './sample-snapshot.js';

// Each variant wraps otherwise valid data, so a rejection can only come from the wrapping.
type PlainRecord = Record<string, unknown>;
type Variant<T> = readonly [name: string, make: (valid: T) => unknown];

// Rejected for its form, not for a field's value: the wrapped data itself is valid.
const NOT_PLAIN_DATA =
  /(must be a plain object|must be an array|without holes or extra properties|has an unknown key|must contain only plain data( properties)?)$/;

function withAccessor(valid: object, key: string, get: () => unknown): object {
  return Object.defineProperty(valid, key, { get, enumerable: true, configurable: true });
}

const firstKey = (valid: PlainRecord): string => defined(Object.keys(valid)[0]);

class RecordCopy {
  constructor(fields: PlainRecord) {
    Object.assign(this, fields);
  }

  describe(): string {
    return 'a copy with a prototype of its own';
  }
}

class ArrayCopy<T> extends Array<T> {}

const OBJECT_VARIANTS: Variant<PlainRecord>[] = [
  ['a Proxy without traps', (valid) => new Proxy(valid, {})],
  ['a Proxy whose traps throw', (valid) => new Proxy(valid, THROWING_TRAPS)],
  ['a revoked Proxy', revokedProxy],
  ['a class instance', (valid) => new RecordCopy(valid)],
  ['an object inheriting from another object', (valid) => Object.assign(Object.create({ inherited: true }) as object, valid)],
  ['an object whose getter throws', (valid) => withAccessor(valid, firstKey(valid), fail)],
  ['an object with a getter', (valid) => withAccessor(valid, firstKey(valid), () => 'value')],
  [
    'an object with a non-enumerable property',
    (valid) => Object.defineProperty({ ...valid }, firstKey(valid), { enumerable: false }),
  ],
  ['an object with a symbol key', (valid) => ({ ...valid, [Symbol('extra')]: true })],
  ['an object holding a function', (valid) => ({ ...valid, [firstKey(valid)]: () => 'value' })],
  ['a Map', (valid) => new Map(Object.entries(valid))],
  ['a Date', () => new Date(0)],
  ['an array', (valid) => [valid]],
  ['null', () => null],
];

const ARRAY_VARIANTS: Variant<unknown[]>[] = [
  ['a Proxy of an array', (valid) => new Proxy(valid, {})],
  ['a Proxy of an array whose traps throw', (valid) => new Proxy(valid, THROWING_TRAPS)],
  ['an Array subclass', (valid) => ArrayCopy.from(valid)],
  ['an array with a hole', (valid) => Object.assign(new Array<unknown>(valid.length + 1), valid)],
  ['an array with an extra property', (valid) => Object.assign([...valid], { extra: 1 })],
  ['an array whose element getter throws', (valid) => withAccessor([...valid], '0', fail)],
  ['an array-like plain object', (valid) => Object.assign(Object.fromEntries(valid.entries()), { length: valid.length })],
  ['an array containing a Proxy', (valid) => [new Proxy(valid[0] as object, {})]],
];

interface Target<T> {
  readonly where: string;
  readonly valid: () => T;
  /** Runs the API with `value` placed where the valid data was. */
  readonly run: (value: unknown) => unknown;
}

const snapshotWith = (key: 'workItems' | 'decisions', value: unknown) => ({ ...editableSample(), [key]: value });
const snapshotWithFirst = (key: 'workItems' | 'decisions', value: unknown) => {
  const snapshot = editableSample();
  return { ...snapshot, [key]: [value, ...snapshot[key].slice(1)] };
};
const firstOf = (key: 'workItems' | 'decisions') => () => ({ ...editableSample()[key][0] });
const listOf = (key: 'workItems' | 'decisions') => () => editableSample()[key];

const OBJECT_TARGETS: Target<PlainRecord>[] = [
  { where: 'the snapshot given to restoreAgentState', valid: editableSample, run: restoreAgentState },
  { where: 'a restored work item', valid: firstOf('workItems'), run: (v) => restoreAgentState(snapshotWithFirst('workItems', v)) },
  { where: 'a restored decision', valid: firstOf('decisions'), run: (v) => restoreAgentState(snapshotWithFirst('decisions', v)) },
  { where: 'the snapshot given to summarizeAgentState', valid: editableSample, run: (v) => summarizeAgentState(v as never) },
  { where: 'a summarized work item', valid: firstOf('workItems'), run: (v) => summarizeAgentState(snapshotWithFirst('workItems', v) as never) },
  { where: 'the createAgentState input', valid: () => ({ objective: 'Goal', workItems: [] }), run: (v) => createAgentState(v as never) },
  { where: 'a created work item', valid: () => ({ id: 'a', content: 'A' }), run: (v) => createAgentState({ workItems: [v as never] }) },
  { where: 'a created decision', valid: () => ({ id: 'd', content: 'D' }), run: (v) => createAgentState({ decisions: [v as never] }) },
  { where: 'the addWorkItem argument', valid: () => ({ id: 'a', content: 'A' }), run: (v) => createAgentState().addWorkItem(v as never) },
  { where: 'the addDecision argument', valid: () => ({ id: 'd', content: 'D' }), run: (v) => createAgentState().addDecision(v as never) },
];

const ARRAY_TARGETS: Target<unknown[]>[] = [
  { where: 'restored workItems', valid: listOf('workItems'), run: (v) => restoreAgentState(snapshotWith('workItems', v)) },
  { where: 'restored decisions', valid: listOf('decisions'), run: (v) => restoreAgentState(snapshotWith('decisions', v)) },
  { where: 'summarized workItems', valid: listOf('workItems'), run: (v) => summarizeAgentState(snapshotWith('workItems', v) as never) },
  { where: 'created workItems', valid: listOf('workItems'), run: (v) => createAgentState({ workItems: v as never }) },
  { where: 'created decisions', valid: listOf('decisions'), run: (v) => createAgentState({ decisions: v as never }) },
];

function cases<T>(targets: Target<T>[], variants: Variant<T>[]) {
  return targets.flatMap((target) =>
    variants.map(([variant, make]) => ({ where: target.where, variant, run: () => target.run(make(target.valid())) })),
  );
}

describe('input that is not plain data', () => {
  test.each(OBJECT_TARGETS)('the valid data of $where is accepted unwrapped', ({ valid, run }) => {
    expect(() => run(valid())).not.toThrow();
  });

  test.each(ARRAY_TARGETS)('the valid list of $where is accepted unwrapped', ({ valid, run }) => {
    expect(() => run(valid())).not.toThrow();
  });

  test.each([...cases(OBJECT_TARGETS, OBJECT_VARIANTS), ...cases(ARRAY_TARGETS, ARRAY_VARIANTS)])(
    '$where as $variant is rejected as invalid_input, never with a foreign error',
    ({ run }) => {
      const error = catchAgentStateError(run);
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(NOT_PLAIN_DATA);
      expect(error.message).not.toContain(FOREIGN_FAILURE);
    },
  );

  test('a failed addWorkItem or addDecision with a hostile argument leaves the state unchanged', () => {
    const state = restoreAgentState(editableSample());
    const before = state.snapshot();
    catchAgentStateError(() => state.addWorkItem(new Proxy({ id: 'new', content: 'New' }, {})));
    catchAgentStateError(() => state.addDecision(withAccessor({ id: 'new', content: 'New' }, 'content', fail) as never));
    expect(state.snapshot()).toStrictEqual(before);
  });
});
