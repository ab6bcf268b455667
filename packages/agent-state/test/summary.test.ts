import { describe, expect, test } from 'vitest';
import { summarizeAgentState } from '../src/index.js';
import { expectAgentStateError } from './expect-agent-state-error.js';
import { SAMPLE_SNAPSHOT, sampleWith } from './sample-snapshot.js';

// properties.test.ts: the counts always match the listed work items, whatever changed them.
describe('summarizeAgentState', () => {
  test('returns exactly the four status counts and the total, in that order', () => {
    const summary = summarizeAgentState(SAMPLE_SNAPSHOT);
    expect(summary).toStrictEqual({ open: 1, in_progress: 1, blocked: 0, done: 1, total: 3 });
    expect(Object.keys(summary)).toEqual(['open', 'in_progress', 'blocked', 'done', 'total']);
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
