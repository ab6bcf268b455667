import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import type { PiDriver, PiTarget } from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import { formatHistory, formatStatus } from '../../../src/format.js';
import { stateHistory } from '../../../src/history.js';
import { snapshotOf } from '../../snapshots.js';
import { completeModelTurn, recordAll, runAgentState, sessionFileOf, stateEntries, timedStatusOf } from '../support/real-pi.js';

/** Registers the scenarios on `pi`, one Pi of the line shared with the other scenarios of the file. */
export function historyScenarios(_target: PiTarget, pi: () => PiDriver): void {
  describe('agent-state-pi history and times in the real Pi', () => {
    it('tells who made each saved change and when, and since when each item has its status, as the session file says, also after a resume', async () => {
      await recordAll(pi(), ['objective Ship it', 'add api The API']);
      pi().model.enqueue(
        { toolCalls: [{ name: 'agent_state_set_work_item_status', arguments: { id: 'api', status: 'blocked' } }] },
        { text: 'Marked it blocked.' },
      );
      await pi().prompt('Mark api blocked.');
      await recordAll(pi(), ['add docs The docs']);
      await completeModelTurn(pi());

      const history = await runAgentState(pi(), 'history');
      const itemHistory = await runAgentState(pi(), 'history api');

      // What the file holds (times included) is what the reply says; who asked is saved with each change.
      const branch = (await pi().readSessionFile()) as unknown as PiSessionEntryPort[];
      const now = new Date();
      expect(history).toEqual([{ message: formatHistory(stateHistory(branch), undefined, now), notifyType: 'info' }]);
      expect(itemHistory).toEqual([{ message: formatHistory(stateHistory(branch, 'api'), 'api', now), notifyType: 'info' }]);
      // One line a change, each timed today: the person, the person, the model's tool call, the person.
      const who = history[0]?.message.split('\n').slice(1).map((line) => /^- \d\d:\d\d (you|model): /u.exec(line)?.[1]);
      expect(who).toEqual(['you', 'you', 'model', 'you']);

      // Since when: api blocked by the model's call (the third entry), docs open since it was added (the fourth).
      const times = stateEntries(await pi().readSessionFile()).map((entry) => String(entry['timestamp']));
      const timed = formatStatus(
        snapshotOf({ objective: 'Ship it', workItems: [{ id: 'api', content: 'The API', status: 'blocked' }, { id: 'docs', content: 'The docs' }] }),
        undefined,
        new Map([['api', times[2] ?? ''], ['docs', times[3] ?? '']]),
        now,
      );
      expect(await timedStatusOf(pi())).toBe(timed);

      const file = sessionFileOf(pi());
      await pi().newSession();
      expect(await runAgentState(pi(), 'history')).toEqual([
        { message: formatHistory({ lines: [], earlier: 0 }, undefined, now), notifyType: 'info' },
      ]);
      // A resume reads both again from the entries.
      await pi().switchSession(file);
      expect(await runAgentState(pi(), 'history')).toEqual(history);
      expect(await timedStatusOf(pi())).toBe(timed);
    });
  });
}
