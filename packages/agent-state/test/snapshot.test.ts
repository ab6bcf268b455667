import { describe, expect, test } from 'vitest';
import { createAgentState, restoreAgentState } from '../src/index.js';
import { defined } from './defined.js';
import { SAMPLE_SNAPSHOT } from './sample-snapshot.js';

const STATE_METHODS = [
  'addWorkItem',
  'setWorkItemStatus',
  'getWorkItem',
  'listWorkItems',
  'removeWorkItem',
  'addDecision',
  'listDecisions',
  'snapshot',
];

describe('snapshot', () => {
  test('has the documented keys in the documented order, at every level', () => {
    const snapshot = restoreAgentState(SAMPLE_SNAPSHOT).snapshot();
    expect(Object.keys(snapshot)).toEqual(['schemaVersion', 'objective', 'workItems', 'decisions']);
    expect(snapshot.workItems.map((item) => Object.keys(item))).toEqual([
      ['id', 'content', 'status'],
      ['id', 'content', 'status'],
      ['id', 'content', 'status'],
    ]);
    expect(Object.keys(defined(snapshot.decisions[0]))).toEqual(['id', 'content']);
  });

  test('leaves the objective key out entirely when none is set: an empty state is the bare schema', () => {
    expect(createAgentState().snapshot()).toStrictEqual({ schemaVersion: 1, workItems: [], decisions: [] });
    expect(JSON.stringify(createAgentState({ workItems: [{ id: 'a', content: 'A' }] }).snapshot())).toBe(
      '{"schemaVersion":1,"workItems":[{"id":"a","content":"A","status":"open"}],"decisions":[]}',
    );
  });
});

describe('objective', () => {
  test('has no setter: the state object offers exactly the eight documented methods', () => {
    const state = createAgentState({ objective: 'Goal' });
    expect(Object.keys(state).sort()).toEqual([...STATE_METHODS].sort());
    expect(Object.isFrozen(state)).toBe(true);
  });

  test('is changed by rebuilding a snapshot and restoring it, which keeps everything else', () => {
    const state = restoreAgentState(SAMPLE_SNAPSHOT);
    const changed = restoreAgentState({ ...state.snapshot(), objective: 'A new goal' });
    expect(changed.snapshot()).toStrictEqual({ ...SAMPLE_SNAPSHOT, objective: 'A new goal' });
    expect(state.snapshot().objective).toBe(SAMPLE_SNAPSHOT.objective);
  });

  test('is cleared by restoring a snapshot without it', () => {
    const { objective, ...withoutObjective } = restoreAgentState(SAMPLE_SNAPSHOT).snapshot();
    expect(objective).toBe(SAMPLE_SNAPSHOT.objective);
    const cleared = restoreAgentState(withoutObjective).snapshot();
    expect(cleared).not.toHaveProperty('objective');
    expect(cleared.workItems).toEqual(SAMPLE_SNAPSHOT.workItems);
  });

  test('is stored exactly as given', () => {
    expect(createAgentState({ objective: '  Goal with spaces \n' }).snapshot().objective).toBe('  Goal with spaces \n');
  });
});
