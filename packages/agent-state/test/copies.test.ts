import { describe, expect, test } from 'vitest';
import { createAgentState, restoreAgentState, type AgentStateSnapshot } from '../src/index.js';
import { defined } from './defined.js';
import { editableSample, SAMPLE_SNAPSHOT } from './sample-snapshot.js';

// Casts stand for a JavaScript caller, which the readonly types cannot stop.
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
const mutable = <T>(value: T): Mutable<T> => value;

describe('values are copied in and out', () => {
  test('changing an added work item or decision afterwards does not change the state', () => {
    const state = createAgentState();
    const item = { id: 'a', content: 'Original', status: 'open' as const };
    const decision = { id: 'd', content: 'Original' };
    state.addWorkItem(item);
    state.addDecision(decision);
    Object.assign(item, { id: 'b', content: 'Changed', status: 'done' });
    decision.content = 'Changed';
    expect(state.listWorkItems()).toEqual([{ id: 'a', content: 'Original', status: 'open' }]);
    expect(state.listDecisions()).toEqual([{ id: 'd', content: 'Original' }]);
  });

  test('changing the createAgentState input afterwards does not change the state', () => {
    const item = { id: 'a', content: 'Original' };
    const workItems = [item];
    const input = { objective: 'Goal', workItems, decisions: [{ id: 'd', content: 'Original' }] };
    const state = createAgentState(input);
    workItems.push({ id: 'b', content: 'Added later' });
    item.content = 'Changed';
    input.objective = 'Changed';
    input.decisions.length = 0;
    expect(state.snapshot()).toEqual({
      schemaVersion: 1,
      objective: 'Goal',
      workItems: [{ id: 'a', content: 'Original', status: 'open' }],
      decisions: [{ id: 'd', content: 'Original' }],
    });
  });

  test('changing the snapshot given to restoreAgentState afterwards does not change the state', () => {
    const snapshot = editableSample();
    const state = restoreAgentState(snapshot);
    snapshot.workItems[0].status = 'blocked';
    snapshot.workItems.pop();
    snapshot.decisions.pop();
    snapshot.objective = 'Changed';
    expect(state.snapshot()).toEqual(SAMPLE_SNAPSHOT);
  });

  test('changing returned items, lists and snapshots does not change the state', () => {
    const state = restoreAgentState(SAMPLE_SNAPSHOT);
    mutable(defined(state.getWorkItem('w1'))).status = 'blocked';
    mutable(state.setWorkItemStatus('w2', 'in_progress')).content = 'Changed';
    mutable(state.addWorkItem({ id: 'w4', content: 'New' })).id = 'renamed';
    state.removeWorkItem('w4');
    const list = state.listWorkItems();
    list.pop();
    mutable(defined(list[0])).content = 'Changed';
    mutable(defined(state.listDecisions()[0])).content = 'Changed';
    const snapshot = mutable(state.snapshot());
    snapshot.objective = 'Changed';
    (snapshot.workItems as AgentStateSnapshot['workItems'][number][]).length = 0;
    expect(state.snapshot()).toEqual(SAMPLE_SNAPSHOT);
  });

  test('every returned object is a fresh plain object', () => {
    const state = restoreAgentState(SAMPLE_SNAPSHOT);
    const returned = [
      state.getWorkItem('w1'),
      state.listWorkItems()[0],
      state.listDecisions()[0],
      state.snapshot(),
      state.snapshot().workItems[0],
      state.setWorkItemStatus('w1', 'done'),
      state.addDecision({ id: 'd2', content: 'More' }),
    ];
    for (const value of returned) {
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    }
    expect(state.getWorkItem('w1')).not.toBe(state.getWorkItem('w1'));
    expect(state.listWorkItems()).not.toBe(state.listWorkItems());
    expect(state.snapshot().workItems).not.toBe(state.snapshot().workItems);
    expect(state.snapshot().decisions[0]).not.toBe(state.snapshot().decisions[0]);
  });
});
