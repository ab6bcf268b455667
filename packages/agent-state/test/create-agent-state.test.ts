import { describe, expect, test } from 'vitest';
import { createAgentState, type AgentStateErrorCode } from '../src/index.js';
import { expectAgentStateError } from './expect-agent-state-error.js';

interface InvalidInputCase {
  readonly name: string;
  readonly input: unknown;
  readonly message: string;
  readonly code?: AgentStateErrorCode;
  readonly itemId?: string;
}

const INVALID_INPUTS: InvalidInputCase[] = [
  { name: 'null', input: null, message: 'input must be a plain object' },
  { name: 'an array', input: [], message: 'input must be a plain object' },
  { name: 'a string', input: 'Goal', message: 'input must be a plain object' },
  { name: 'a schemaVersion key', input: { schemaVersion: 1 }, message: 'input has an unknown key' },
  { name: 'an unknown key', input: { goal: 'x' }, message: 'input has an unknown key' },
  { name: 'an undefined objective', input: { objective: undefined }, message: 'objective must be a string' },
  { name: 'an empty objective', input: { objective: '' }, message: 'objective must not be empty or only whitespace' },
  { name: 'workItems that are not an array', input: { workItems: 'a' }, message: 'workItems must be an array' },
  { name: 'decisions that are undefined', input: { decisions: undefined }, message: 'decisions must be an array' },
  {
    name: 'a work item with an unknown status',
    input: { workItems: [{ id: 'a', content: 'A', status: 'todo' }] },
    message: 'workItems[0].status must be one of open, in_progress, blocked, done',
    itemId: 'a',
  },
  {
    name: 'a repeated work item id',
    input: { workItems: [{ id: 'a', content: 'A' }, { id: 'b', content: 'B' }, { id: 'a', content: 'C' }] },
    code: 'duplicate_item_id',
    message: 'workItems[2].id repeats an earlier work item id',
    itemId: 'a',
  },
  {
    name: 'a repeated decision id',
    input: { decisions: [{ id: 'd', content: 'A' }, { id: 'd', content: 'B' }] },
    code: 'duplicate_item_id',
    message: 'decisions[1].id repeats an earlier decision id',
    itemId: 'd',
  },
  {
    name: 'a valid head followed by one bad decision',
    input: { objective: 'Goal', workItems: [{ id: 'a', content: 'A' }], decisions: [{ id: 'd', content: 'D', x: 1 }] },
    message: 'decisions[0] has an unknown key',
  },
];

describe('createAgentState', () => {
  test('without input starts empty', () => {
    const state = createAgentState();
    expect(state.listWorkItems()).toEqual([]);
    expect(state.listDecisions()).toEqual([]);
    expect(state.snapshot()).not.toHaveProperty('objective');
  });

  test('takes objective, work items and decisions, defaulting missing statuses to open', () => {
    const state = createAgentState({
      objective: 'Goal',
      workItems: [
        { id: 'a', content: 'A' },
        { id: 'b', content: 'B', status: 'blocked' },
      ],
      decisions: [{ id: 'd', content: 'D' }],
    });
    expect(state.snapshot()).toStrictEqual({
      schemaVersion: 1,
      objective: 'Goal',
      workItems: [
        { id: 'a', content: 'A', status: 'open' },
        { id: 'b', content: 'B', status: 'blocked' },
      ],
      decisions: [{ id: 'd', content: 'D' }],
    });
  });

  test.each(INVALID_INPUTS)('rejects $name as a whole', ({ input, message, code = 'invalid_input', itemId }) => {
    expectAgentStateError(() => createAgentState(input as never), {
      code,
      message,
      ...(itemId === undefined ? {} : { itemId }),
    });
  });
});
