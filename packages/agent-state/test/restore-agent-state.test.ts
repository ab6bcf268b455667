import { describe, expect, test } from 'vitest';
import { restoreAgentState, type AgentStateErrorCode } from '../src/index.js';
import { expectAgentStateError } from './expect-agent-state-error.js';
import { SAMPLE_SNAPSHOT, sampleWith, type EditableSnapshot } from './sample-snapshot.js';

interface InvalidSnapshotCase {
  readonly name: string;
  readonly snapshot: unknown;
  readonly message: string;
  readonly code?: AgentStateErrorCode;
  readonly itemId?: string;
}

const removeKey = (key: string) => (snapshot: EditableSnapshot) => {
  Reflect.deleteProperty(snapshot, key);
};

const INVALID_SNAPSHOTS: InvalidSnapshotCase[] = [
  { name: 'null', snapshot: null, message: 'snapshot must be a plain object' },
  { name: 'undefined', snapshot: undefined, message: 'snapshot must be a plain object' },
  { name: 'an array', snapshot: [SAMPLE_SNAPSHOT], message: 'snapshot must be a plain object' },
  { name: 'a JSON string', snapshot: JSON.stringify(SAMPLE_SNAPSHOT), message: 'snapshot must be a plain object' },
  { name: 'an empty object', snapshot: {}, message: 'schemaVersion must be 1' },
  { name: 'no schemaVersion', snapshot: sampleWith(removeKey('schemaVersion')), message: 'schemaVersion must be 1' },
  ...[2, 0, '1', 1.5, null].map((schemaVersion) => ({
    name: `schemaVersion ${JSON.stringify(schemaVersion)}`,
    snapshot: sampleWith((s) => (s.schemaVersion = schemaVersion)),
    message: 'schemaVersion must be 1',
  })),
  { name: 'no workItems', snapshot: sampleWith(removeKey('workItems')), message: 'workItems is required' },
  { name: 'no decisions', snapshot: sampleWith(removeKey('decisions')), message: 'decisions is required' },
  ...[{}, 'w1', null, 3].map((workItems) => ({
    name: `workItems ${JSON.stringify(workItems)}`,
    snapshot: { ...SAMPLE_SNAPSHOT, workItems },
    message: 'workItems must be an array',
  })),
  {
    name: 'decisions that are an object',
    snapshot: { ...SAMPLE_SNAPSHOT, decisions: { d1: 'x' } },
    message: 'decisions must be an array',
  },
  {
    name: 'an unknown top-level key',
    snapshot: { ...SAMPLE_SNAPSHOT, updatedAt: 1 },
    message: 'snapshot has an unknown key',
  },
  {
    name: 'an own __proto__ key as JSON.parse makes it',
    snapshot: JSON.parse('{"schemaVersion":1,"workItems":[],"decisions":[],"__proto__":{}}'),
    message: 'snapshot has an unknown key',
  },
  ...[5, null, '', ' \n\t', ['Goal']].map((objective) => ({
    name: `objective ${JSON.stringify(objective)}`,
    snapshot: { ...SAMPLE_SNAPSHOT, objective },
    message:
      typeof objective === 'string'
        ? 'objective must not be empty or only whitespace'
        : 'objective must be a string',
  })),
  {
    name: 'a work item without a status',
    snapshot: sampleWith((s) => Reflect.deleteProperty(s.workItems[1], 'status')),
    message: 'workItems[1].status is required',
    itemId: 'w2',
  },
  ...['closed', 'Open', 'DONE', '', 1].map((status) => ({
    name: `a work item with status ${JSON.stringify(status)}`,
    snapshot: sampleWith((s) => (s.workItems[2].status = status)),
    message: 'workItems[2].status must be one of open, in_progress, blocked, done',
    itemId: 'w3',
  })),
  {
    name: 'a work item with an extra key',
    snapshot: sampleWith((s) => (s.workItems[1].createdAt = '2024-01-01')),
    message: 'workItems[1] has an unknown key',
  },
  {
    name: 'a work item id that is a number',
    snapshot: sampleWith((s) => (s.workItems[0].id = 7)),
    message: 'workItems[0].id must be a string',
  },
  {
    name: 'a work item without content',
    snapshot: sampleWith((s) => Reflect.deleteProperty(s.workItems[0], 'content')),
    message: 'workItems[0].content is required',
    itemId: 'w1',
  },
  {
    name: 'a work item with blank content',
    snapshot: sampleWith((s) => (s.workItems[0].content = ' \u2028 ')),
    message: 'workItems[0].content must not be empty or only whitespace',
    itemId: 'w1',
  },
  ...[null, [], 'w1'].map((item) => ({
    name: `a work item that is ${JSON.stringify(item)}`,
    snapshot: sampleWith((s) => (s.workItems[1] = item as never)),
    message: 'workItems[1] must be a plain object',
  })),
  {
    name: 'a decision with a status',
    snapshot: sampleWith((s) => (s.decisions[0].status = 'done')),
    message: 'decisions[0] has an unknown key',
  },
  {
    name: 'a decision with an empty id',
    snapshot: sampleWith((s) => (s.decisions[0].id = '')),
    message: 'decisions[0].id must not be empty or only whitespace',
  },
  {
    name: 'a repeated work item id',
    snapshot: sampleWith((s) => (s.workItems[2].id = 'w1')),
    code: 'duplicate_item_id',
    message: 'workItems[2].id repeats an earlier work item id',
    itemId: 'w1',
  },
  {
    name: 'a repeated decision id',
    snapshot: sampleWith((s) => s.decisions.push({ id: 'd1', content: 'Again' })),
    code: 'duplicate_item_id',
    message: 'decisions[1].id repeats an earlier decision id',
    itemId: 'd1',
  },
];

// That any valid snapshot restores exactly, through JSON too, holds for any snapshot (properties.test.ts).
describe('restoreAgentState', () => {
  test('restores a snapshot whose objects have a null prototype', () => {
    const bare = <T extends object>(value: T): T => Object.assign(Object.create(null) as T, value);
    const snapshot = bare({
      schemaVersion: 1,
      workItems: [bare({ id: 'a', content: 'A', status: 'open' })],
      decisions: [bare({ id: 'd', content: 'D' })],
    });
    expect(restoreAgentState(snapshot).snapshot()).toStrictEqual({
      schemaVersion: 1,
      workItems: [{ id: 'a', content: 'A', status: 'open' }],
      decisions: [{ id: 'd', content: 'D' }],
    });
  });

  test.each(INVALID_SNAPSHOTS)('rejects $name', ({ snapshot, message, code = 'invalid_input', itemId }) => {
    expectAgentStateError(() => restoreAgentState(snapshot), { code, message, ...(itemId === undefined ? {} : { itemId }) });
  });
});
