import { unknownFieldRejection } from '@j1nn0/pi-adapter-kit';
import { toolResultsInCallOrder, type PiDriver, type PiTarget } from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import { formatRejection } from '../../../src/format.js';
import { addedText, statusChangeText } from '../../expected-messages.js';
import { recordAll, stateEntries, statusOf } from '../support/real-pi.js';

// Mistakes real models make with todo tools, as public reports describe them, sent by the scripted
// model in one message: what the model reads back, and that none of them is saved or corrected.

const STATUSES = ['open', 'in_progress', 'blocked', 'done'];

/** Registers the scenarios on `pi`, one Pi of the line shared with the other scenarios of the file. */
export function modelMistakeScenarios(_target: PiTarget, pi: () => PiDriver): void {
  describe('agent-state-pi answers the mistakes real models make', () => {
    it('refuses each mistake with what to do next, and saves none of them', async () => {
      await recordAll(pi(), ['add parse Parse the arguments', 'add api Call the API']);
      pi().model.enqueue(
        {
          toolCalls: [
            // A status synonym (OpenCode #1354, Kimi Code #1016, oh-my-pi #924): Pi's validator answers.
            { name: 'agent_state_set_work_item_status', arguments: { id: 'parse', status: 'completed' } },
            // An id the model misremembers; a bare "not found" made models resend it (jiuwenswarm #4287).
            { name: 'agent_state_set_work_item_status', arguments: { id: 'parsing', status: 'done' } },
            // Adding what exists instead of changing its status.
            { name: 'agent_state_add_work_item', arguments: { id: 'parse', content: 'Parse the arguments' } },
            // A field the tool does not take, silently dropped before.
            { name: 'agent_state_add_work_item', arguments: { id: 'docs', content: 'Write the docs', priority: 'high' } },
          ],
        },
        { text: 'Noted.' },
      );

      await pi().prompt('Update the work items.');

      const [synonym, ...ours] = toolResultsInCallOrder(pi().model.chatRequests().at(-1));
      // Pi 1.6 lists the allowed values; older lines only say one is wrong, and the schema lists them.
      expect(synonym).toMatch(/^Validation failed for tool "agent_state_set_work_item_status":\n {2}- status: /u);
      expect(
        synonym?.includes(`expected one of ${JSON.stringify(STATUSES)}`) === true ||
          synonym?.includes('must be equal to one of the allowed values') === true,
        synonym,
      ).toBe(true);
      expect(ours).toEqual([
        formatRejection({ code: 'unknown_work_item', id: 'parsing', recorded: ['parse', 'api'] }, 'model'),
        formatRejection({ code: 'duplicate_work_item', id: 'parse', status: 'open' }, 'model'),
        unknownFieldRejection('agent_state_add_work_item', { priority: 'high' }, ['id', 'content', 'status']),
      ]);
      // The two additions recorded first, and nothing of the four calls.
      expect(stateEntries(await pi().readSessionFile())).toHaveLength(2);
    });

    it('refuses malformed calls in Pi before the tool runs, saving none, and keeps a numeric id as its text', async () => {
      pi().model.enqueue(
        {
          toolCalls: [
            // Arguments sent as a JSON string, not an object (llama.cpp #15186, Pi #5697).
            { name: 'agent_state_add_work_item', arguments: JSON.stringify({ id: 'docs', content: 'Write the docs' }) },
            // No id (llxprt #222).
            { name: 'agent_state_add_work_item', arguments: { content: 'Write the docs' } },
            // The whole list, as a todo-list tool takes it, sent to a tool that adds one item.
            { name: 'agent_state_add_work_item', arguments: { items: [{ id: 'a', content: 'A' }, { id: 'b', content: 'B' }] } },
            // A numeric id (Hermes PR #89574): every line's validator takes it as its text, both times.
            { name: 'agent_state_add_work_item', arguments: { id: 7, content: 'Seven' } },
            { name: 'agent_state_set_work_item_status', arguments: { id: 7, status: 'done' } },
          ],
        },
        { text: 'Noted.' },
      );

      await pi().prompt('Update the work items.');

      const [asString, noId, wholeList, ...numeric] = toolResultsInCallOrder(pi().model.chatRequests().at(-1));
      // Pi answers the first three, each line in its own words (1.6: `Tool arguments must be a JSON object`,
      // `id: missing`; before: `root: must be object`, `must have required properties id`).
      expect(asString).toMatch(/^(Validation failed|Invalid arguments) for tool "agent_state_add_work_item":[^]*must be (a JSON )?object/u);
      expect(noId).toMatch(/^Validation failed for tool "agent_state_add_work_item":\n {2}- id: (missing|must have required properties id)\n/u);
      expect(wholeList).toMatch(/^Validation failed for tool "agent_state_add_work_item":\n {2}- id: (missing\n {2}- content: missing|must have required properties id, content)\n/u);
      expect(numeric).toEqual([addedText('7'), statusChangeText('7', 'open', 'done')]);
      expect(stateEntries(await pi().readSessionFile())).toHaveLength(2);
      expect(await statusOf(pi())).toContain('- [done] 7: Seven');
    });
  });
}
