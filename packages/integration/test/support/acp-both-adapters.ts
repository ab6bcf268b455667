import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { availableCommandNames, toolCallViews, type AcpClient, type AcpPromptOutcome } from '@j1nn0/pi-real-hosts/acp';
import {
  PI_E2E_TIMEOUT_MS,
  createPiSandbox,
  startScriptedModel,
  type PiSandbox,
  type ScriptedModel,
  type SessionFileEntry,
} from '@j1nn0/pi-real-hosts';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { formatHistory, formatRejection } from '../../../agent-state-pi/src/format.js';
import { stateHistory } from '../../../agent-state-pi/src/history.js';
import { branchOfFile, savedView, type SavedView } from '../../../agent-state-pi/test/e2e/support/real-pi.js';
import { addedText } from '../../../agent-state-pi/test/expected-messages.js';
import { snapshotOf } from '../../../agent-state-pi/test/snapshots.js';

// One ACP agent process per test file (start-up is the cost), a fresh ACP session per test, both
// BUILT adapters loaded: what an editor user gets who added both packages.

/** What a test drives: the client, the session the test runs in, and the model behind the host. */
export interface AcpAgentUnderTest {
  readonly client: AcpClient;
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
  /** The ACP session of the current test. */
  readonly sessionId: string;
}

export type StartAcpAgent = (sandbox: PiSandbox, model: ScriptedModel) => Promise<AcpClient>;

/** Starts the agent once for the file (initialize included) and opens a new session before each test. */
export function useAcpAgent(start: StartAcpAgent): () => AcpAgentUnderTest {
  let shared: Omit<AcpAgentUnderTest, 'sessionId'> | undefined;
  let sessionId: string | undefined;
  beforeAll(async () => {
    const sandbox = await createPiSandbox();
    const model = await startScriptedModel();
    const client = await start(sandbox, model);
    shared = { client, sandbox, model };
    await client.initialize();
  }, PI_E2E_TIMEOUT_MS);
  afterAll(async () => {
    await shared?.client.dispose();
  }, PI_E2E_TIMEOUT_MS);
  beforeEach(async () => {
    if (shared === undefined) throw new Error('the ACP agent has not started');
    shared.model.reset();
    sessionId = await shared.client.newSession(shared.sandbox.projectDir);
  }, PI_E2E_TIMEOUT_MS);
  return () => {
    if (shared === undefined || sessionId === undefined) throw new Error('the ACP agent has not started');
    return { ...shared, sessionId };
  };
}

/** Two work items with one id, in one assistant message: the second call is refused. */
export const ADD_TWICE = [
  { name: 'agent_state_add_work_item', arguments: { id: 'docs', content: 'Write the docs' } },
  { name: 'agent_state_add_work_item', arguments: { id: 'docs', content: 'Write them again' } },
];

/** The tool rows a client shows for ADD_TWICE: the first call done with its result, the refused one failed. */
export const DOCS_TWICE_ROWS = [
  { title: 'agent_state_add_work_item', status: 'completed', text: addedText('docs') },
  { title: 'agent_state_add_work_item', status: 'failed', text: formatRejection({ code: 'duplicate_work_item', id: 'docs', status: 'open' }, 'model') },
];

/** The model makes the ADD_TWICE calls and then says "Recorded."; resolves with the prompt's outcome. */
export async function promptDocsTwice(agent: AcpAgentUnderTest): Promise<AcpPromptOutcome> {
  agent.model.enqueue({ toolCalls: ADD_TWICE }, { text: 'Recorded.' });
  return agent.client.prompt(agent.sessionId, 'Record the docs work.');
}

/** Each tool call of an outcome as a person reads it: title, status, text. */
export function toolRows(outcome: AcpPromptOutcome): { title: string | undefined; status: string | undefined; text: string }[] {
  return toolCallViews(outcome.updates).map(({ title, status, text }) => ({ title, status, text }));
}

/** The command names the client was offered for the test's session, once the agent sent them. */
export async function listedCommands(agent: AcpAgentUnderTest): Promise<string[]> {
  const { client, sessionId } = agent;
  await client.waitForUpdate((update) => update.sessionUpdate === 'available_commands_update', { sessionId });
  return availableCommandNames(client.updates(sessionId)) ?? [];
}

/** What ADD_TWICE (or `/agent-state add docs Write the docs`) leaves recorded: one open work item. */
export const STATE_WITH_DOCS = snapshotOf({ workItems: [{ id: 'docs', content: 'Write the docs' }] });

/**
 * The branch of the test's session as its file holds it (the host names the file after the session
 * id, which pi-acp and `omp acp` pass on as the ACP session id); empty while the host has written none.
 */
export async function sessionBranch(agent: AcpAgentUnderTest): Promise<SessionFileEntry[]> {
  const files = agent.sandbox.sessionFiles().filter((file) => basename(file).includes(agent.sessionId));
  if (files.length > 1) throw new Error(`more than one session file names ${agent.sessionId}`);
  const [file] = files;
  return file === undefined ? [] : branchOfFile(await readFile(file, 'utf8'));
}

/** The newest Agent State the test's session file holds and its times, read by the adapter's own functions. */
export async function savedAgentState(agent: AcpAgentUnderTest): Promise<SavedView> {
  return savedView(await sessionBranch(agent));
}

/**
 * `/agent-state history` after ADD_TWICE, as the formatter writes the history the session file holds;
 * that history is checked to be the model's one saved change, the docs item added open.
 */
export async function historyWithDocs(agent: AcpAgentUnderTest): Promise<string> {
  const history = stateHistory((await sessionBranch(agent)) as never);
  expect(history.lines.map(({ by, changes }) => ({ by, changes }))).toEqual([
    { by: 'model', changes: [{ kind: 'work_item_added', id: 'docs', status: 'open' }] },
  ]);
  return formatHistory(history, undefined, new Date());
}

/** How long a test waits to see that a prompt stays open: long against a command's few milliseconds. */
export const OPEN_PROMPT_WAIT_MS = 2_000;
