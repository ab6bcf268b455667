import { readFile } from 'node:fs/promises';
import {
  CODEMODE_ONLY_SETTINGS,
  PROVIDER_APIS,
  describeEachPi,
  describeOmp,
  runCodemodeScript,
  toolResultEntriesInCallOrder,
  useSharedPi,
  type PiDriver,
  type PiTarget,
  type ProviderApi,
} from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import { formatRejection } from '../../agent-state-pi/src/format.js';
import { addedText } from '../../agent-state-pi/test/expected-messages.js';
import { protectedText } from '../../agent-context-guard-pi/test/expected-messages.js';
import { MARKS_TOOL_ERRORS } from './support/provider-apis.js';
import { BOTH_EXTENSIONS, readCommand } from './support/real-pi-with-both-adapters.js';
import { branchOfFile, savedView, sessionFileOf, statusOf } from '../../agent-state-pi/test/e2e/support/real-pi.js';
import { snapshotOf } from '../../agent-state-pi/test/snapshots.js';

// Both adapters' tools through each wire format Pi speaks to a provider, answered by a scripted model
// that refuses what that provider would refuse: the six tool schemas are accepted, the calls arrive,
// each result reaches the model as that provider's tool result, and a rejection in its error form.

const AGENT_STATE_TOOLS = ['agent_state_get', 'agent_state_add_work_item', 'agent_state_set_work_item_status', 'agent_state_add_decision'];
const CONTEXT_GUARD_TOOLS = ['context_guard_list', 'context_guard_protect'];

/** What the model's accepted add_work_item call leaves recorded. */
const STATE_WITH_PARSE = snapshotOf({ workItems: [{ id: 'parse', content: 'Parse the arguments' }] });

/** The session file holds the model's one work item, and `/agent-state status` says what the formatter draws of it. */
async function expectParseRecorded(pi: PiDriver): Promise<void> {
  const saved = savedView(branchOfFile(await readFile(sessionFileOf(pi), 'utf8')));
  expect(saved.state).toEqual(STATE_WITH_PARSE);
  expect(await readCommand(pi, '/agent-state status')).toBe(statusOf(saved));
}

function describeApi(api: ProviderApi, target: PiTarget): void {
  describe(`over ${api}`, () => {
    const pi = useSharedPi(target, BOTH_EXTENSIONS, { scriptedModel: { api } });
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
      expect(first?.toolNames).toEqual(expect.arrayContaining([...AGENT_STATE_TOOLS, ...CONTEXT_GUARD_TOOLS].map(onWire)));
      expect(toolResultEntriesInCallOrder(afterCalls).map(({ text, isError }) => ({ text, isError }))).toEqual([
        { text: addedText('parse'), isError: false },
        { text: protectedText('csv', 'goal'), isError: false },
        { text: formatRejection({ code: 'duplicate_work_item', id: 'parse', status: 'open' }, 'model'), isError: MARKS_TOOL_ERRORS[api] },
      ]);
      await expectParseRecorded(pi());
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

// Pi 1.6's codemode: the script's tool calls never reach the provider, only what the script returns,
// which comes back to the model as that wire's tool result.
describeEachPi(
  'both adapters in a codemode script through every provider API',
  (target) => {
    for (const api of PROVIDER_APIS) {
      describe(`over ${api}`, () => {
        const pi = useSharedPi(target, BOTH_EXTENSIONS, { settings: CODEMODE_ONLY_SETTINGS, scriptedModel: { api } });

        it('gets objects from both read tools', async () => {
          const output = await runCodemodeScript(
            pi(),
            'const state = await tools.agent_state_get({});\nconst guard = await tools.context_guard_list({});\nreturn JSON.stringify({ state, guard });',
          );

          expect(pi().model.refusals().map((refusal) => refusal.body)).toEqual([]);
          expect(JSON.parse(output)).toEqual({ state: { workItems: [], decisions: [], history: { steps: [], earlier: 0 } }, guard: { items: [], recovery: 'off' } });
        });
      });
    }
  },
  { versions: ['1.6.0'] },
);

// A provider listed as Pi 1.6's catalog lists Claude and OpenAI: strict tool schemas on. Pi's built-in
// tools ask for them; the adapters' do not (constrained-sampling.test.ts shows why). The request with
// both kinds must stay within what the provider takes, Claude's strict-tool limits included.
describeEachPi(
  "both adapters beside Pi's strict built-in tools",
  (target) => {
    for (const api of ['anthropic-messages', 'openai-responses'] as const) {
      describe(`over ${api}, listed for strict tool schemas`, () => {
        const pi = useSharedPi(target, BOTH_EXTENSIONS, { scriptedModel: { api, strictTools: true } });

        it('offers the six tools plain beside the strict ones, and the provider takes the request', async () => {
          pi().model.enqueue({ toolCalls: [{ name: 'agent_state_add_work_item', arguments: { id: 'parse', content: 'Parse the arguments' } }] }, { text: 'Recorded.' });

          const turn = await pi().prompt('Record the work.');

          expect(pi().model.refusals().map((refusal) => refusal.body)).toEqual([]);
          expect(turn.assistantText).toBe('Recorded.');
          const [first] = pi().model.chatRequests();
          const ours = new Set([...AGENT_STATE_TOOLS, ...CONTEXT_GUARD_TOOLS]);
          const offered = first?.tools ?? [];
          expect(offered.filter((tool) => ours.has(tool.name)).map((tool) => tool.name)).toEqual(expect.arrayContaining([...ours]));
          expect(offered.filter((tool) => ours.has(tool.name) && tool.strict)).toEqual([]);
          expect(offered.some((tool) => tool.strict)).toBe(true);
          await expectParseRecorded(pi());
        });
      });
    }
  },
  { versions: ['1.6.0'] },
);

// oh-my-pi speaks Anthropic Messages with its own client (not the SDK Pi uses): one API there.
describeOmp('both adapters through a provider API', (target) => {
  describeApi('anthropic-messages', target);
});
