import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { agentMessageChunks, startOmpAcp } from '@j1nn0/pi-real-hosts/acp';
import { describeOmp, type PiSandbox } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import {
  DOCS_TWICE_ROWS,
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

// What an editor gets from `omp acp`, oh-my-pi 18.2.3's own ACP server, with both adapters. omp's
// ACP UI context (modes/acp/acp-agent.ts) logs `notify` at debug level, drops setWidget and setStatus,
// and tells extensions `mode: "rpc"`, so nothing our adapters show reaches the client. No upstream
// issue is filed yet; a fix in omp makes the "only reaches omp's debug log" and panel tests fail.

interface OmpLogEntry {
  readonly level?: unknown;
  readonly message?: unknown;
}

/** The entries of omp's own log files in the sandbox (`~/.omp/logs/omp.<date>.<pid>.log`, JSON lines, debug included). */
async function ompLogEntries(sandbox: PiSandbox): Promise<OmpLogEntry[]> {
  const names = await readdir(sandbox.root, { recursive: true, encoding: 'utf8' });
  const logs = names.filter((name) => /omp\.[^/]*\.log$/u.test(name));
  const texts = await Promise.all(logs.map((name) => readFile(join(sandbox.root, name), 'utf8')));
  return texts.flatMap((text) => text.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as OmpLogEntry));
}

const NOTIFICATION = 'ACP extension notification ';

/** The extension notifications among log entries, each with its level and the text the extension gave. */
function notificationsLogged(entries: readonly OmpLogEntry[]): { level: unknown; text: string }[] {
  return entries.flatMap((entry) =>
    typeof entry.message === 'string' && entry.message.startsWith(NOTIFICATION) ? [{ level: entry.level, text: entry.message.slice(NOTIFICATION.length) }] : [],
  );
}

describeOmp('ACP client through omp acp', (target) => {
  const agent = useAcpAgent((sandbox, model) => startOmpAcp({ ...target, sandbox, model, extensions: BOTH_EXTENSIONS }));

  it("shows the model's tool calls with their result text, a refused call as failed", async () => {
    const outcome = await promptDocsTwice(agent());
    expect(outcome.stopReason).toBe('end_turn');
    expect(toolRows(outcome)).toEqual(DOCS_TWICE_ROWS);
    expect(agentMessageChunks(outcome.updates)).toEqual(['Recorded.']);
  });

  it('lists both extension commands to the client', async () => {
    expect(await listedCommands(agent())).toEqual(expect.arrayContaining([AGENT_STATE_COMMAND, CONTEXT_GUARD_COMMAND]));
  });

  // The replies of a fresh session: the status of the state its file holds (none yet: the empty one), and the empty list.
  it.each([
    { command: '/agent-state status', reply: async (under: AcpAgentUnderTest) => statusOf(await savedAgentState(under)) },
    { command: '/context-guard list', reply: () => Promise.resolve(EMPTY_CONTEXT_GUARD_LIST) },
  ])("runs a typed $command and completes the prompt, but its reply only reaches omp's debug log (omp 18.2.3 ACP UI context)", async ({ command, reply }) => {
    const { client, sandbox, sessionId } = agent();
    const mark = (await ompLogEntries(sandbox)).length;
    const outcome = await client.prompt(sessionId, command);

    expect(outcome.stopReason).toBe('end_turn');
    expect(agentMessageChunks(outcome.updates)).toEqual([]);
    expect(notificationsLogged((await ompLogEntries(sandbox)).slice(mark))).toEqual([{ level: 'debug', text: await reply(agent()) }]);
  });

  it("runs a typed /agent-state history after the model's change; its reply too only reaches omp's debug log", async () => {
    const { client, sandbox, sessionId } = agent();
    await promptDocsTwice(agent());
    const mark = (await ompLogEntries(sandbox)).length;

    const outcome = await client.prompt(sessionId, '/agent-state history');

    expect(outcome.stopReason).toBe('end_turn');
    expect(agentMessageChunks(outcome.updates)).toEqual([]);
    expect(notificationsLogged((await ompLogEntries(sandbox)).slice(mark))).toEqual([{ level: 'debug', text: await historyWithDocs(agent()) }]);
  });

  it('runs a command that changes the state, and a later prompt and the model see the change', async () => {
    const { client, model, sessionId } = agent();
    const command = await client.prompt(sessionId, '/agent-state add docs Write the docs');
    expect(command.stopReason).toBe('end_turn');

    model.enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: 'One item is open.' });
    const later = await client.prompt(sessionId, 'What is open?');
    expect(later.stopReason).toBe('end_turn');
    // The model read what the session file holds: the person's docs item, with its time.
    const saved = await savedAgentState(agent());
    expect(saved.state).toEqual(STATE_WITH_DOCS);
    expect(toolRows(later)).toEqual([{ title: 'agent_state_get', status: 'completed', text: statusOf(saved) }]);
  });

  it('shows neither the panel nor the footer (omp 18.2.3 ACP UI context drops setWidget and setStatus)', async () => {
    const { client, sessionId } = agent();
    const outcome = await promptDocsTwice(agent());
    expect(outcome.stopReason).toBe('end_turn');
    // What the panel and the footer would show of the state the session file holds.
    const saved = await savedAgentState(agent());
    expect(saved.state).toEqual(STATE_WITH_DOCS);
    const { footer, panel } = screenOf(saved);
    const everything = JSON.stringify(client.updates(sessionId));
    if (footer === undefined) throw new Error('a recorded state has a footer');
    for (const line of [...panel, footer]) expect(everything).not.toContain(JSON.stringify(line).slice(1, -1));
  });
});
