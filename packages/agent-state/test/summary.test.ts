import { describe, expect, test } from 'vitest';
import { createAgentState, restoreAgentState, summarizeAgentState } from '../src/index.js';
import { expectAgentStateError } from './expect-agent-state-error.js';
import { SAMPLE_SNAPSHOT, sampleWith } from './sample-snapshot.js';

describe('summarizeAgentState', () => {
  test('returns exactly the four status counts and the total, in that order', () => {
    const summary = summarizeAgentState(SAMPLE_SNAPSHOT);
    expect(summary).toStrictEqual({ open: 1, in_progress: 1, blocked: 0, done: 1, total: 3 });
    expect(Object.keys(summary)).toEqual(['open', 'in_progress', 'blocked', 'done', 'total']);
  });

  test('of an empty state is all zeros', () => {
    expect(summarizeAgentState(createAgentState().snapshot())).toStrictEqual({
      open: 0,
      in_progress: 0,
      blocked: 0,
      done: 0,
      total: 0,
    });
  });

  test('follows status changes and removals', () => {
    const state = restoreAgentState(SAMPLE_SNAPSHOT);
    state.setWorkItemStatus('w3', 'blocked');
    state.removeWorkItem('w1');
    expect(summarizeAgentState(state.snapshot())).toStrictEqual({ open: 0, in_progress: 1, blocked: 1, done: 0, total: 2 });
  });

  test('ignores decisions and the objective', () => {
    const snapshot = sampleWith((s) => {
      s.decisions.push({ id: 'd2', content: 'More' });
      Reflect.deleteProperty(s, 'objective');
    });
    expect(summarizeAgentState(snapshot as never)).toStrictEqual(summarizeAgentState(SAMPLE_SNAPSHOT));
  });

  test('refuses to count a malformed snapshot', () => {
    const snapshot = sampleWith((s) => (s.workItems[0].status = 'finished'));
    expectAgentStateError(() => summarizeAgentState(snapshot as never), {
      code: 'invalid_input',
      message: 'workItems[0].status must be one of open, in_progress, blocked, done',
      itemId: 'w1',
    });
  });
});
