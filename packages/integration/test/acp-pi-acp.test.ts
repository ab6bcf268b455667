import {
  agentMessageChunks,
  readPiRecords,
  startPiAcp,
  type AcpSessionUpdate,
} from '@j1nn0/pi-real-hosts/acp';
import { describeEachPi, toStatusUpdate, toWidgetUpdate, type PiEvent } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import {
  DOCS_TWICE_ROWS,
  OPEN_PROMPT_WAIT_MS,
  STATE_WITH_DOCS,
  historyWithDocs,
  listedCommands,
  promptDocsTwice,
  savedAgentState,
  toolRows,
  useAcpAgent,
  type AcpAgentUnderTest,
} from './support/acp-both-adapters.js';
import { AGENT_STATE_COMMAND, CONTEXT_GUARD_COMMAND, EMPTY_CONTEXT_GUARD_LIST } from './support/adapter-names.js';
import { BOTH_EXTENSIONS } from './support/real-pi-with-both-adapters.js';
import { screenOf, statusOf } from '../../agent-state-pi/test/e2e/support/real-pi.js';

// What an editor (Zed, JetBrains) gets through pi-acp 0.0.34, the Pi entry of the ACP registry, on
// Pi 1.6.0 with both adapters. Where pi-acp is at fault the title names its issue: a fix upstream
// makes the test fail, and the test and the READMEs are updated together.

const isAgentMessage = (update: AcpSessionUpdate): boolean => update.sessionUpdate === 'agent_message_chunk';

/** The records Pi printed from its answer to the newest `prompt` command on. */
function recordsFromLastPrompt(records: readonly PiEvent[]): PiEvent[] {
  const starts = records.flatMap((record, index) => (record.type === 'response' && record['command'] === 'prompt' ? [index] : []));
  const start = starts.at(-1);
  return start === undefined ? [] : records.slice(start);
}

describeEachPi(
  'ACP client through pi-acp',
  (target) => {
    const agent = useAcpAgent((sandbox, model) => startPiAcp({ ...target, sandbox, model, extensions: BOTH_EXTENSIONS }));

    it("shows the model's tool calls with their result text, a refused call as failed", async () => {
      const outcome = await promptDocsTwice(agent());
      expect(outcome.stopReason).toBe('end_turn');
      expect(toolRows(outcome)).toEqual(DOCS_TWICE_ROWS);
      expect(agentMessageChunks(outcome.updates)).toEqual(['Recorded.']);
    });

    it('does not list extension commands to the client (pi-acp keeps them off on purpose, its PR #20)', async () => {
      const names = await listedCommands(agent());
      expect(names).toContain('compact');
      expect(names).not.toContain(AGENT_STATE_COMMAND);
      expect(names).not.toContain(CONTEXT_GUARD_COMMAND);
    });

    // The replies of a fresh session: the status of the state its file holds (none yet: the empty one), and the empty list.
    it.each([
      { command: '/agent-state status', reply: async (under: AcpAgentUnderTest) => statusOf(await savedAgentState(under)) },
      { command: '/context-guard list', reply: () => Promise.resolve(EMPTY_CONTEXT_GUARD_LIST) },
    ])(
      'answers a typed $command as an agent message but never completes the prompt (pi-acp #84; update when PR #118 lands)',
      async ({ command, reply }) => {
        const { client, sandbox, sessionId } = agent();
        const turn = client.startPrompt(sessionId, command);

        const shown = await client.waitForUpdate(isAgentMessage, { sessionId, fromIndex: turn.mark });
        expect(shown).toMatchObject({ content: { type: 'text', text: await reply(agent()) }, _meta: { piAcp: { notify: { level: 'info' } } } });
        expect(await turn.completesWithin(OPEN_PROMPT_WAIT_MS)).toBe(false);

        // Pi handled the command without a run, so it never prints the agent_settled pi-acp waits for.
        const afterPrompt = recordsFromLastPrompt(await readPiRecords(sandbox));
        expect(afterPrompt.find((record) => record.type === 'response')).toMatchObject({ command: 'prompt', success: true, data: { disposition: 'handled' } });
        expect(afterPrompt.map((record) => record.type)).not.toContain('agent_settled');
      },
    );

    it('answers a typed /agent-state history with who changed what and when, as an agent message', async () => {
      const { client, sessionId } = agent();
      await promptDocsTwice(agent());

      const turn = client.startPrompt(sessionId, '/agent-state history');

      const shown = await client.waitForUpdate(isAgentMessage, { sessionId, fromIndex: turn.mark });
      expect(shown).toMatchObject({ content: { type: 'text' }, _meta: { piAcp: { notify: { level: 'info' } } } });
      expect(agentMessageChunks([shown])).toEqual([await historyWithDocs(agent())]);
    });

    it('queues every later prompt behind an open command prompt, and session/cancel frees only the queue (pi-acp #84)', async () => {
      const { client, model, sessionId } = agent();
      const command = client.startPrompt(sessionId, '/agent-state status');
      await client.waitForUpdate(isAgentMessage, { sessionId, fromIndex: command.mark });

      const later = client.startPrompt(sessionId, 'What is left to do?');
      await client.waitForUpdate((update) => update.sessionUpdate === 'session_info_update', { sessionId, fromIndex: later.mark });
      expect(agentMessageChunks(later.updates())).toEqual(['Queued message (position 1).']);

      client.cancel(sessionId);
      expect((await later.completion()).stopReason).toBe('cancelled');
      expect(agentMessageChunks(later.updates())).toEqual(['Queued message (position 1).', 'Cleared queued prompts.']);
      expect(await command.completesWithin(OPEN_PROMPT_WAIT_MS)).toBe(false);
      expect(model.chatRequests()).toEqual([]);
    });

    it('shows neither the panel nor the footers that Pi sends (pi-acp answers setWidget and setStatus with a cancel)', async () => {
      const { client, sandbox, sessionId } = agent();
      const outcome = await promptDocsTwice(agent());

      // Pi sent the panel and the footer of the state the session file holds.
      const saved = await savedAgentState(agent());
      expect(saved.state).toEqual(STATE_WITH_DOCS);
      const expected = screenOf(saved);
      const records = await readPiRecords(sandbox);
      const panel = records.flatMap((record) => toWidgetUpdate(record) ?? []).filter((update) => update.key === AGENT_STATE_COMMAND).at(-1);
      const footer = records.flatMap((record) => toStatusUpdate(record) ?? []).filter((update) => update.key === AGENT_STATE_COMMAND).at(-1);
      expect(panel?.lines).toEqual(expected.panel);
      expect(footer?.text).toBe(expected.footer);
      if (expected.footer === undefined) throw new Error('a recorded state has a footer');

      expect(outcome.stopReason).toBe('end_turn');
      const everything = JSON.stringify(client.updates(sessionId));
      for (const line of [...expected.panel, expected.footer]) expect(everything).not.toContain(JSON.stringify(line).slice(1, -1));
    });
  },
  { versions: ['1.6.0'] },
);
