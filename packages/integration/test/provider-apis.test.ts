import { readFile } from 'node:fs/promises';
import {
  PROVIDER_APIS,
  customEntries,
  describeEachPi,
  describeOmp,
  toolResultEntriesInCallOrder,
  useSharedPi,
  type PiTarget,
  type ProviderApi,
} from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import { formatRejection } from '../../agent-state-pi/src/format.js';
import { addedText } from '../../agent-state-pi/test/expected-messages.js';
import { protectedText } from '../../agent-context-guard-pi/test/expected-messages.js';
import { ALL_ADAPTER_TOOLS, CONTEXT_GUARD_CHECK_ENTRY_TYPE } from './support/adapter-names.js';
import { answerNewestWords, youSaid } from './support/newest-words-model.js';
import { MARKS_TOOL_ERRORS } from './support/provider-apis.js';
import { BOTH_EXTENSIONS, occurrencesInRequest, readCommand } from './support/real-pi-with-both-adapters.js';
import { branchOfFile, savedView, sessionFileOf, statusOf } from '../../agent-state-pi/test/e2e/support/real-pi.js';
import { snapshotOf } from '../../agent-state-pi/test/snapshots.js';

// Both adapters' tools through each wire format Pi speaks to a provider, answered by a scripted model
// that refuses what that provider would refuse: the six tool schemas are accepted, the calls arrive,
// each result reaches the model as that provider's tool result, and a rejection in its error form.
// A codemode script's calls never reach the provider (codemode.test.ts runs them).

/**
 * Pi 1.6's catalog lists Claude and OpenAI with strict tool schemas on: Pi's built-in tools ask for
 * them, the adapters' do not (constrained-sampling.test.ts shows why), and the request with both kinds
 * must stay within what the provider takes, Claude's strict-tool limits included.
 */
function listedStrict(target: PiTarget, api: ProviderApi): boolean {
  return target.version.label === '1.6.0' && (api === 'anthropic-messages' || api === 'openai-responses');
}

/** A critical item the compaction's summary leaves out. */
const LOST = 'Never change the public report URL';

/** What the model's accepted add_work_item call leaves recorded. */
const STATE_WITH_PARSE = snapshotOf({ workItems: [{ id: 'parse', content: 'Parse the arguments' }] });

function describeApi(api: ProviderApi, target: PiTarget): void {
  const strictTools = listedStrict(target, api);
  describe(`over ${api}${strictTools ? ', listed for strict tool schemas' : ''}`, () => {
    const pi = useSharedPi(target, BOTH_EXTENSIONS, { scriptedModel: { api, strictTools } });
    // The names as the provider sees and the model calls them (oh-my-pi escapes them on Anthropic's wire).
    const onWire = (name: string): string => `${target.version.host.wireToolNamePrefix[api] ?? ''}${name}`;

    it("offers all six tools, runs their calls, and returns each result, a rejection in the provider's error form where it has one", async () => {
      pi().model.enqueue(
        {
          toolCalls: [
            { name: onWire('agent_state_add_work_item'), arguments: { id: 'parse', content: 'Parse the arguments' } },
            { name: onWire('context_guard_protect'), arguments: { id: 'csv', kind: 'goal', content: 'Ship the CSV export' } },
            { name: onWire('agent_state_add_work_item'), arguments: { id: 'parse', content: 'Parse them again' } },
          ],
        },
        { text: 'Recorded.' },
      );

      const turn = await pi().prompt('Record the work.');

      expect(pi().model.refusals().map((refusal) => refusal.body)).toEqual([]);
      expect(turn.assistantText).toBe('Recorded.');
      const [first, afterCalls] = pi().model.chatRequests();
      expect(first?.api).toBe(api);
      const ours = ALL_ADAPTER_TOOLS.map(onWire);
      expect(first?.toolNames).toEqual(expect.arrayContaining(ours));
      // Ours go plain; where the listing asks for strict schemas, Pi's own tools go strict beside them.
      const offered = first?.tools ?? [];
      expect(offered.filter((tool) => ours.includes(tool.name) && tool.strict)).toEqual([]);
      if (strictTools) expect(offered.some((tool) => tool.strict)).toBe(true);
      expect(toolResultEntriesInCallOrder(afterCalls).map(({ text, isError }) => ({ text, isError }))).toEqual([
        { text: addedText('parse'), isError: false },
        { text: protectedText('csv', 'goal'), isError: false },
        { text: formatRejection({ code: 'duplicate_work_item', id: 'parse', status: 'open' }, 'model'), isError: MARKS_TOOL_ERRORS[api] },
      ]);
      // The session file holds the model's one work item, and `/agent-state status` says what the formatter draws of it.
      const saved = savedView(branchOfFile(await readFile(sessionFileOf(pi()), 'utf8')));
      expect(saved.state).toEqual(STATE_WITH_PARSE);
      expect(await readCommand(pi(), '/agent-state status')).toBe(statusOf(saved));
    });

    it('gives a lost critical item back as context after a compaction: a model that answers the newest user message answers the person, in the turn of the check and the next', async () => {
      await readCommand(pi(), `/context-guard add url constraint --critical ${LOST}`);
      await readCommand(pi(), '/context-guard recovery critical');
      pi().model.reset();
      pi().model.enqueue({ text: 'Noted.' });
      await pi().prompt(`Keep in mind: ${LOST}.`);
      pi().model.setSummary('We recorded the work.');
      await pi().compact();

      pi().model.reset();
      pi().model.enqueue(answerNewestWords, answerNewestWords);
      expect((await pi().prompt('Continue with the work.')).assistantText).toBe(youSaid('Continue with the work.'));
      expect((await pi().prompt('And then what?')).assistantText).toBe(youSaid('And then what?'));
      expect(pi().model.refusals().map((refusal) => refusal.body)).toEqual([]);
      // The check found the item lost and restored it.
      expect(customEntries(await pi().readSessionFile(), CONTEXT_GUARD_CHECK_ENTRY_TYPE).at(-1)?.['data']).toMatchObject({ check: { restoredIds: ['url'] } });
      // Both requests hold the lost item once: the recovery, right after the summary.
      expect(pi().model.chatRequests().map((request) => occurrencesInRequest(request, LOST))).toEqual([1, 1]);
    });
  });
}

describeEachPi(
  'both adapters through every provider API',
  (target) => {
    for (const api of PROVIDER_APIS) describeApi(api, target);
  },
  { versions: ['0.73.1', '0.84.2', '1.6.0'] },
);

// oh-my-pi speaks Anthropic Messages with its own client (not the SDK Pi uses): one API there.
describeOmp('both adapters through a provider API', (target) => {
  describeApi('anthropic-messages', target);
});
