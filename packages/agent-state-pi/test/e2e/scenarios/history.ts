import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import type { PiDriver, PiTarget } from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import { formatHistory } from '../../../src/format.js';
import { stateHistory } from '../../../src/history.js';
import { completeModelTurn, recordAll, runAgentState, sessionFileOf } from '../support/real-pi.js';

/** Registers the scenarios on `pi`, one Pi of the line shared with the other scenarios of the file. */
export function historyScenarios(_target: PiTarget, pi: () => PiDriver): void {
  describe('agent-state-pi history in the real Pi', () => {
    it('tells who made each saved change and when, as the session file says, also after a resume', async () => {
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

      const file = sessionFileOf(pi());
      await pi().newSession();
      expect(await runAgentState(pi(), 'history')).toEqual([
        { message: formatHistory([], undefined, now), notifyType: 'info' },
      ]);
      await pi().switchSession(file);
      expect(await runAgentState(pi(), 'history')).toEqual(history);
    });
  });
}
