import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { expectPlainToolDeclarations, overlappingToolCalls, type PiDriver, type PiTarget } from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_STATUS, withoutTimes } from '../../snapshots.js';
import { FIRST_SMOKE_RUN } from '../../agent-state-host.js';
import { recordAll, stateEntries } from '../support/real-pi.js';

// The tool fields newer Pi lines read (outputSchema, annotations from 0.99; executionMode on all),
// on every anchor: the tools register and work, Pi prints no warning, and the provider receives
// nothing but name, description and parameters.

const TOOL_NAMES = ['agent_state_get', 'agent_state_add_work_item', 'agent_state_set_work_item_status', 'agent_state_add_decision'];

/** Registers the scenarios on `pi`, one Pi of the line shared with the other scenarios of the file. */
export function toolFieldScenarios(_target: PiTarget, pi: () => PiDriver): void {
  describe('agent-state-pi tool fields in the real Pi', () => {
    it('offers the four tools with only name, description and parameters, and prints no warning', async () => {
      await expectPlainToolDeclarations(pi(), TOOL_NAMES);
    });

    it('agent_state_get answers the model with the status text, as before', async () => {
      await recordAll(pi(), FIRST_SMOKE_RUN);
      pi().model.enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: 'Read it.' });

      await pi().prompt('Read the state.');

      const result = pi().model.chatRequests().at(-1)?.messages.at(-1);
      expect(result?.role).toBe('tool');
      expect(withoutTimes(typeof result?.content === 'string' ? result.content : '')).toBe(EXAMPLE_STATUS);
    });

    it('runs the mutating calls of one message one at a time, in call order', async () => {
      pi().model.enqueue(
        {
          toolCalls: [
            { name: 'agent_state_add_work_item', arguments: { id: 'a', content: 'A' } },
            { name: 'agent_state_add_work_item', arguments: { id: 'b', content: 'B' } },
            { name: 'agent_state_set_work_item_status', arguments: { id: 'a', status: 'done' } },
          ],
        },
        { text: 'Done.' },
      );

      const { events } = await pi().prompt('Record it.');

      // Without `executionMode: "sequential"` Pi starts all three before the first ends.
      expect(events.filter((event) => event.type === 'tool_execution_start')).toHaveLength(3);
      expect(overlappingToolCalls(events)).toEqual([]);
      const saved = stateEntries(await pi().readSessionFile()).map((entry) => (entry['data'] as { state: AgentStateSnapshot }).state);
      expect(saved.map((state) => state.workItems.map((item) => `${item.id} ${item.status}`))).toEqual([
        ['a open'],
        ['a open', 'b open'],
        ['a done', 'b open'],
      ]);
    });
  });
}

