import { describe, expect, test } from 'vitest';
import { createAgentState, WORK_ITEM_STATUSES, type WorkItemStatus } from '../src/index.js';
import { expectAgentStateError } from './expect-agent-state-error.js';

const STATUS_PAIRS = WORK_ITEM_STATUSES.flatMap((from) => WORK_ITEM_STATUSES.map((to) => [from, to] as const));

describe('work item statuses', () => {
  test('are exactly open, in_progress, blocked and done, in that order, in a frozen list', () => {
    expect(WORK_ITEM_STATUSES).toEqual(['open', 'in_progress', 'blocked', 'done']);
    expect(Object.isFrozen(WORK_ITEM_STATUSES)).toBe(true);
  });

  test('a new item without a status is open', () => {
    const state = createAgentState();
    expect(state.addWorkItem({ id: 'a', content: 'Read the spec' })).toEqual({
      id: 'a',
      content: 'Read the spec',
      status: 'open',
    });
  });

  test.each(WORK_ITEM_STATUSES)('a new item keeps the status %s it was given', (status) => {
    const state = createAgentState();
    expect(state.addWorkItem({ id: 'a', content: 'Task', status }).status).toBe(status);
  });

  test.each(STATUS_PAIRS)('an item can go from %s to %s', (from, to) => {
    const state = createAgentState({ workItems: [{ id: 'a', content: 'Task', status: from }] });
    expect(state.setWorkItemStatus('a', to)).toEqual({ id: 'a', content: 'Task', status: to });
    expect(state.getWorkItem('a')?.status).toBe(to);
  });

  test.each(['Open', 'closed', '', ' open', 'in-progress', 1, null, undefined])(
    'an unknown status %j is rejected by setWorkItemStatus and the item is unchanged',
    (status) => {
      const state = createAgentState({ workItems: [{ id: 'a', content: 'Task', status: 'blocked' }] });
      expectAgentStateError(() => state.setWorkItemStatus('a', status as WorkItemStatus), {
        code: 'invalid_input',
        message: 'status must be one of open, in_progress, blocked, done',
        itemId: 'a',
      });
      expect(state.getWorkItem('a')?.status).toBe('blocked');
    },
  );

  test.each(['Open', 'closed', 'DONE', 0, null, undefined])('an unknown status %j is rejected by addWorkItem', (status) => {
    const state = createAgentState();
    expectAgentStateError(() => state.addWorkItem({ id: 'a', content: 'Task', status: status as WorkItemStatus }), {
      code: 'invalid_input',
      message: 'workItem.status must be one of open, in_progress, blocked, done',
      itemId: 'a',
    });
    expect(state.listWorkItems()).toEqual([]);
  });
});

describe('work item order', () => {
  test('items are listed in the order they were added, never sorted', () => {
    const state = createAgentState();
    for (const id of ['zeta', 'alpha', '10', '2']) {
      state.addWorkItem({ id, content: `Task ${id}` });
    }
    expect(state.listWorkItems().map((item) => item.id)).toEqual(['zeta', 'alpha', '10', '2']);
  });

  test('changing a status keeps the item in its place', () => {
    const state = createAgentState({
      workItems: [
        { id: 'a', content: 'A' },
        { id: 'b', content: 'B' },
        { id: 'c', content: 'C' },
      ],
    });
    state.setWorkItemStatus('b', 'done');
    expect(state.listWorkItems().map((item) => [item.id, item.status])).toEqual([
      ['a', 'open'],
      ['b', 'done'],
      ['c', 'open'],
    ]);
  });

  test('a removed id can be added again and then comes last', () => {
    const state = createAgentState({
      workItems: [
        { id: 'a', content: 'A' },
        { id: 'b', content: 'B' },
      ],
    });
    state.removeWorkItem('a');
    state.addWorkItem({ id: 'a', content: 'A again', status: 'blocked' });
    expect(state.listWorkItems()).toEqual([
      { id: 'b', content: 'B', status: 'open' },
      { id: 'a', content: 'A again', status: 'blocked' },
    ]);
  });
});

describe('work item lookup and removal', () => {
  test('getWorkItem returns the item, or undefined when there is none with that id', () => {
    const state = createAgentState({ workItems: [{ id: 'a', content: 'A', status: 'done' }] });
    expect(state.getWorkItem('a')).toEqual({ id: 'a', content: 'A', status: 'done' });
    expect(state.getWorkItem('b')).toBeUndefined();
    expect(state.getWorkItem('a ')).toBeUndefined();
  });

  test('removeWorkItem returns the removed item and leaves the others', () => {
    const state = createAgentState({
      workItems: [
        { id: 'a', content: 'A' },
        { id: 'b', content: 'B', status: 'blocked' },
      ],
    });
    expect(state.removeWorkItem('b')).toEqual({ id: 'b', content: 'B', status: 'blocked' });
    expect(state.listWorkItems()).toEqual([{ id: 'a', content: 'A', status: 'open' }]);
    expect(state.getWorkItem('b')).toBeUndefined();
  });

  test.each([
    ['setWorkItemStatus', (id: string) => createAgentState().setWorkItemStatus(id, 'done')],
    ['removeWorkItem', (id: string) => createAgentState().removeWorkItem(id)],
  ])('%s on an id that is not there throws unknown_item_id without the id in the message', (_name, action) => {
    const error = expectAgentStateError(() => action('missing-item'), {
      code: 'unknown_item_id',
      message: 'no work item has this id',
      itemId: 'missing-item',
    });
    expect(error.message).not.toContain('missing-item');
  });

  test('a removed item cannot be removed twice', () => {
    const state = createAgentState({ workItems: [{ id: 'a', content: 'A' }] });
    state.removeWorkItem('a');
    expectAgentStateError(() => state.removeWorkItem('a'), { code: 'unknown_item_id', itemId: 'a' });
  });

  test.each([
    [42, 'id must be a string'],
    [null, 'id must be a string'],
    ['', 'id must not be empty or only whitespace'],
    [' \t\n', 'id must not be empty or only whitespace'],
  ])('an id argument %j is rejected as invalid_input by every id-taking method', (id, message) => {
    const state = createAgentState({ workItems: [{ id: 'a', content: 'A' }] });
    const badId = id as string;
    expectAgentStateError(() => state.getWorkItem(badId), { code: 'invalid_input', message });
    expectAgentStateError(() => state.setWorkItemStatus(badId, 'done'), { code: 'invalid_input', message });
    expectAgentStateError(() => state.removeWorkItem(badId), { code: 'invalid_input', message });
    expect(state.listWorkItems()).toEqual([{ id: 'a', content: 'A', status: 'open' }]);
  });
});

describe('adding work items', () => {
  test('ids and content are stored exactly as given, surrounding whitespace included', () => {
    const state = createAgentState();
    state.addWorkItem({ id: '  spaced id\t', content: '\n  Keep my spacing  ' });
    expect(state.listWorkItems()).toEqual([{ id: '  spaced id\t', content: '\n  Keep my spacing  ', status: 'open' }]);
    expect(state.getWorkItem('spaced id')).toBeUndefined();
    expect(state.getWorkItem('  spaced id\t')?.content).toBe('\n  Keep my spacing  ');
  });

  test('an id already used by a work item throws duplicate_item_id and keeps the first item', () => {
    const state = createAgentState({ workItems: [{ id: 'a', content: 'First' }] });
    expectAgentStateError(() => state.addWorkItem({ id: 'a', content: 'Second', status: 'done' }), {
      code: 'duplicate_item_id',
      message: 'workItem.id is already used by a work item',
      itemId: 'a',
    });
    expect(state.listWorkItems()).toEqual([{ id: 'a', content: 'First', status: 'open' }]);
  });

  test('ids differing only in case or whitespace are different ids', () => {
    const state = createAgentState();
    for (const id of ['a', 'A', ' a', 'a ']) {
      state.addWorkItem({ id, content: 'Task' });
    }
    expect(state.listWorkItems()).toHaveLength(4);
  });

  test.each([
    [{ id: 1, content: 'Task' }, 'workItem.id must be a string', undefined],
    [{ id: '', content: 'Task' }, 'workItem.id must not be empty or only whitespace', undefined],
    [{ id: '\u00a0\u3000', content: 'Task' }, 'workItem.id must not be empty or only whitespace', undefined],
    [{ content: 'Task' }, 'workItem.id is required', undefined],
    [{ id: 'a' }, 'workItem.content is required', 'a'],
    [{ id: 'a', content: ['Task'] }, 'workItem.content must be a string', 'a'],
    [{ id: 'a', content: '  \n ' }, 'workItem.content must not be empty or only whitespace', 'a'],
    [{ id: 'a', content: 'Task', status: undefined }, 'workItem.status must be one of open, in_progress, blocked, done', 'a'],
    [{ id: 'a', content: 'Task', owner: 'me' }, 'workItem has an unknown key', undefined],
    [null, 'workItem must be a plain object', undefined],
    ['a', 'workItem must be a plain object', undefined],
  ])('an invalid work item %j is rejected and nothing is added', (input, message, itemId) => {
    const state = createAgentState({ workItems: [{ id: 'existing', content: 'Kept' }] });
    const before = state.snapshot();
    expectAgentStateError(() => state.addWorkItem(input as never), {
      code: 'invalid_input',
      message,
      ...(itemId === undefined ? {} : { itemId }),
    });
    expect(state.snapshot()).toEqual(before);
  });
});
