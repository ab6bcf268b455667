import { describe, expect, test } from 'vitest';
import { createAgentState, restoreAgentState } from '../src/index.js';
import { expectAgentStateError } from './expect-agent-state-error.js';

const OBJECT_PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

// properties.test.ts draws ids from these names too: any state holding them survives a JSON round trip.
describe.each(OBJECT_PROTOTYPE_NAMES)('the id %s', (id) => {
  test('is not found in an empty state', () => {
    const state = createAgentState();
    expect(state.getWorkItem(id)).toBeUndefined();
    expectAgentStateError(() => state.setWorkItemStatus(id, 'done'), { code: 'unknown_item_id', itemId: id });
    expectAgentStateError(() => state.removeWorkItem(id), { code: 'unknown_item_id', itemId: id });
  });

  test('works as an ordinary work item and decision id through every method', () => {
    const state = createAgentState();
    state.addWorkItem({ id: 'before', content: 'Before' });
    expect(state.addWorkItem({ id, content: 'Item' })).toEqual({ id, content: 'Item', status: 'open' });
    state.addDecision({ id, content: 'Decision' });
    expect(state.setWorkItemStatus(id, 'blocked')).toEqual({ id, content: 'Item', status: 'blocked' });
    expect(state.getWorkItem(id)).toEqual({ id, content: 'Item', status: 'blocked' });
    expectAgentStateError(() => state.addWorkItem({ id, content: 'Again' }), { code: 'duplicate_item_id', itemId: id });
    expect(state.listWorkItems().map((item) => item.id)).toEqual(['before', id]);
    expect(state.removeWorkItem(id).id).toBe(id);
    expect(state.listWorkItems().map((item) => item.id)).toEqual(['before']);
    expect(state.listDecisions()).toEqual([{ id, content: 'Decision' }]);
  });

  test('is still detected as a repeat inside one input', () => {
    expectAgentStateError(
      () => createAgentState({ workItems: [{ id, content: 'A' }, { id, content: 'B' }] }),
      { code: 'duplicate_item_id', itemId: id },
    );
  });

  test('leaves Object.prototype and fresh objects as they were', () => {
    const before = Reflect.ownKeys(Object.prototype);
    const state = restoreAgentState(
      JSON.parse(`{"schemaVersion":1,"workItems":[{"id":${JSON.stringify(id)},"content":"Item","status":"open"}],"decisions":[]}`),
    );
    state.setWorkItemStatus(id, 'done');
    state.removeWorkItem(id);
    expect(Reflect.ownKeys(Object.prototype)).toEqual(before);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });
});
