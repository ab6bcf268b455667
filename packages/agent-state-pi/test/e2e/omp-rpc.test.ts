import { readFile } from 'node:fs/promises';
import { unknownFieldRejection, type PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import {
  PI_E2E_TIMEOUT_MS,
  ScriptedModel,
  createPiSandbox,
  describeOmp,
  disposeAll,
  parseSessionJsonl,
  startPi,
  toolResultsInCallOrder,
  useSharedPi,
  type PiDriver,
  type PiSandbox,
  type SessionFileEntry,
} from '@j1nn0/pi-real-hosts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FIRST_SMOKE_RUN } from '../agent-state-host.js';
import {
  USAGE,
  formatChange,
  formatClearPreview,
  formatHistory,
  formatNoChange,
  formatPanelVisibility,
  formatRejection,
  formatStatus,
  formatUsage,
} from '../../src/format.js';
import { stateHistory } from '../../src/history.js';
import { addedText, changeText, decidedText, statusChangeText } from '../expected-messages.js';
import { EMPTY_STATUS, EXAMPLE_STATUS, snapshotOf, withoutTimes, linesWithoutTimes } from '../snapshots.js';
import { EXTENSION_PATH, completeModelTurn, recordAll, sessionFileOf, stateEntries, statusOf } from './support/real-pi.js';

// Agent State on oh-my-pi in RPC mode, as an editor client meets it: one omp for the file, a new
// session per test (omp fires session_switch for it, which the adapters answer since issue 21).

const PANEL = 'agent-state';
const FOOTER = 'agent-state';

/** The state the command table has built when it reaches `clear`. */
const BEFORE_CLEAR = snapshotOf({
  objective: 'Ship the parser',
  workItems: [{ id: 'parse', content: 'Parse the arguments', status: 'done' }],
  decisions: [{ id: 'pure-core', content: 'Keep the core free of Pi imports' }],
});

/** The reply to a new objective over the table's state after `add docs`. */
function newObjectiveText(before: string, after: string): string {
  const workItems = [
    { id: 'parse', content: 'Parse the arguments', status: 'done' as const },
    { id: 'docs', content: 'Write the README' },
  ];
  return formatChange({
    kind: 'changed',
    mutation: { kind: 'set_objective', objective: after },
    previous: snapshotOf({ objective: before, workItems }),
    snapshot: snapshotOf({ objective: after, workItems }),
  });
}

/** Each command of the README's Messages table, in an order that builds on the state before, with its reply. */
const COMMAND_REPLIES: readonly (readonly [args: string, message: string, notifyType: 'info' | 'warning'])[] = [
  ['status', EMPTY_STATUS, 'info'],
  ['objective Ship the parser', changeText({ kind: 'set_objective', objective: 'Ship the parser' }), 'info'],
  ['objective Ship the parser', formatNoChange({ reason: 'same_objective' }), 'info'],
  ['add parse Parse the arguments', addedText('parse'), 'info'],
  ['add parse Parse it again', formatRejection({ code: 'duplicate_work_item', id: 'parse', status: 'open' }, 'person'), 'warning'],
  ['set parse done', statusChangeText('parse', 'open', 'done'), 'info'],
  ['set parse done', formatNoChange({ reason: 'same_status', id: 'parse', status: 'done' }), 'info'],
  ['set parse finished', formatRejection({ code: 'invalid_status' }, 'person'), 'warning'],
  ['set ghost open', formatRejection({ code: 'unknown_work_item', id: 'ghost', recorded: ['parse'] }, 'person'), 'warning'],
  ['set parse', formatUsage('set'), 'warning'],
  ['add docs Write the README', addedText('docs'), 'info'],
  // A new objective names what the earlier one left unfinished (docs; parse is done), and removes nothing.
  ['objective Ship the docs', newObjectiveText('Ship the parser', 'Ship the docs'), 'info'],
  ['objective Ship the parser', newObjectiveText('Ship the docs', 'Ship the parser'), 'info'],
  ['remove docs', changeText({ kind: 'remove_work_item', id: 'docs' }), 'info'],
  ['decide pure-core Keep the core free of Pi imports', decidedText('pure-core'), 'info'],
  ['decide pure-core Again', formatRejection({ code: 'duplicate_decision', id: 'pure-core' }, 'person'), 'warning'],
  ['bogus', USAGE, 'warning'],
  ['help', USAGE, 'info'],
  ['panel off', formatPanelVisibility(false, 'client', BEFORE_CLEAR), 'info'],
  ['panel on', formatPanelVisibility(true, 'client', BEFORE_CLEAR), 'info'],
  ['clear', formatClearPreview(BEFORE_CLEAR), 'info'],
  ['clear --yes', changeText({ kind: 'clear' }, BEFORE_CLEAR), 'info'],
  ['clear', formatNoChange({ reason: 'already_empty' }), 'info'],
];

describeOmp('agent-state-pi in RPC mode', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH]);

  it('answers every command with its reply, and sends the panel and the footer as client lines', async () => {
    for (const [args, message, notifyType] of COMMAND_REPLIES) {
      const { notifications } = await pi().prompt(`/agent-state ${args}`);
      expect(notifications, args).toEqual([{ message, notifyType }]);
      if (args === 'decide pure-core Keep the core free of Pi imports') {
        expect(linesWithoutTimes(pi().widget(PANEL))).toEqual(['Agent State · Ship the parser · 1/1 done']);
        expect(pi().status(FOOTER)).toBe('Agent State 1/1 done');
      }
      if (args === 'panel off') expect(pi().widget(PANEL)).toBeUndefined();
    }
    expect(pi().widget(PANEL)).toBeUndefined();
    expect(pi().status(FOOTER)).toBeUndefined();
  });

  it('carries out the model tool calls, and refuses an existing id with the rejection as the tool result', async () => {
    await recordAll(pi(), ['add docs Write the README']);
    pi().model.enqueue(
      {
        toolCalls: [
          { name: 'agent_state_add_work_item', arguments: { id: 'docs', content: 'Document the export' } },
          { name: 'agent_state_add_work_item', arguments: { id: 'tests', content: 'Write the e2e tests', status: 'in_progress' } },
          { name: 'agent_state_set_work_item_status', arguments: { id: 'docs', status: 'done' } },
          { name: 'agent_state_add_decision', arguments: { id: 'bun', content: 'omp runs on Bun' } },
          // omp, like Pi, passes a field the schema does not name on to the tool, which refuses it.
          { name: 'agent_state_add_work_item', arguments: { id: 'lint', content: 'Lint it', priority: 'high' } },
        ],
      },
      { toolCalls: [{ name: 'agent_state_get', arguments: {} }] },
      { text: 'Recorded.' },
    );

    const turn = await pi().prompt('Record the work.');

    expect(turn.assistantText).toBe('Recorded.');
    const [, afterBatch, afterGet] = pi().model.chatRequests();
    expect(toolResultsInCallOrder(afterBatch)).toEqual([
      formatRejection({ code: 'duplicate_work_item', id: 'docs', status: 'open' }, 'model'),
      addedText('tests', 'in_progress'),
      statusChangeText('docs', 'open', 'done'),
      decidedText('bun'),
      unknownFieldRejection('agent_state_add_work_item', { priority: 'high' }, ['id', 'content', 'status']),
    ]);
    const status = await statusOf(pi());
    expect(withoutTimes(toolResultsInCallOrder(afterGet).at(-1) ?? '')).toBe(status);
    expect(status).toBe(
      formatStatus(
        snapshotOf({
          workItems: [
            { id: 'docs', content: 'Write the README', status: 'done' },
            { id: 'tests', content: 'Write the e2e tests', status: 'in_progress' },
          ],
          decisions: [{ id: 'bun', content: 'omp runs on Bun' }],
        }),
      ),
    );
  });

  it('tells in /agent-state history who made each change and when, as the session file says', async () => {
    await recordAll(pi(), ['add docs Write the README']);
    pi().model.enqueue(
      { toolCalls: [{ name: 'agent_state_set_work_item_status', arguments: { id: 'docs', status: 'done' } }] },
      { text: 'Done.' },
    );
    await pi().prompt('Finish the docs.');

    const { notifications } = await pi().prompt('/agent-state history docs');

    const branch = (await pi().readSessionFile()) as unknown as PiSessionEntryPort[];
    expect(notifications).toEqual([{ message: formatHistory(stateHistory(branch, 'docs'), 'docs', new Date()), notifyType: 'info' }]);
    expect(notifications[0]?.message.split('\n').slice(1).map((line) => /^- \d\d:\d\d (you|model): /u.exec(line)?.[1])).toEqual(['you', 'model']);
  });

  // omp ignores Pi's `executionMode: "sequential"` and runs one message's calls concurrently; a tool
  // runs alone there with `concurrency: "exclusive"` (the host's runsAlone fact), which the tools declare.
  it('runs the state changes of one assistant message one at a time, in call order', async () => {
    const calls = ['a', 'b', 'c'].map((id) => ({ name: 'agent_state_add_work_item', arguments: { id, content: `Item ${id}` } }));
    pi().model.enqueue({ toolCalls: calls }, { text: 'Added.' });

    const turn = await pi().prompt('Add three items.');

    const executions = turn.events.filter((event) => event.type.startsWith('tool_execution_')).map((event) => event.type);
    expect(target.version.host.runsAlone).toBe('concurrency: exclusive');
    expect(executions.filter((type) => type !== 'tool_execution_update')).toEqual(
      calls.flatMap(() => ['tool_execution_start', 'tool_execution_end']),
    );
  });

  // issue 21: omp fires session_switch (not session_start) for new_session; an adapter that did not
  // answer it kept the old state and wrote it into the new session's file.
  it('starts a new session (RPC new_session) empty, and its file holds nothing of the old one', async () => {
    await recordAll(pi(), FIRST_SMOKE_RUN);
    const oldFile = sessionFileOf(pi());

    await pi().newSession();

    expect(sessionFileOf(pi())).not.toBe(oldFile);
    expect(await statusOf(pi())).toBe(EMPTY_STATUS);
    expect(pi().widget(PANEL)).toBeUndefined();
    expect(pi().status(FOOTER)).toBeUndefined();
    await recordAll(pi(), ['add fresh Only in the new session']);
    const saved = stateEntries(await pi().readSessionFile());
    expect(saved.map((entry) => entry['data'])).toEqual([
      { schemaVersion: 1, by: 'person', state: snapshotOf({ workItems: [{ id: 'fresh', content: 'Only in the new session' }] }) },
    ]);
  });
});

describeOmp('agent-state-pi restores on resume', (target) => {
  let sandbox: PiSandbox;
  let model: ScriptedModel;
  const start = (args: readonly string[] = []): Promise<PiDriver> =>
    startPi({ ...target, extensions: [EXTENSION_PATH], sandbox, model, extraArgs: args });

  beforeEach(async () => {
    sandbox = await createPiSandbox();
    model = await ScriptedModel.start();
  });
  afterEach(async () => {
    await disposeAll();
  }, PI_E2E_TIMEOUT_MS);

  /** Records the first smoke run in a first omp, which then exits; returns its session file and text. */
  async function savedFirstSmokeRun(): Promise<{ file: string; text: string }> {
    const first = await start();
    await recordAll(first, FIRST_SMOKE_RUN);
    // The session omp starts with reaches disk with its first assistant message, as in Pi.
    await completeModelTurn(first);
    const file = sessionFileOf(first);
    expect(stateEntries(await first.readSessionFile())).toHaveLength(FIRST_SMOKE_RUN.length);
    expect(first.extensionErrors()).toEqual([]);
    await first.dispose();
    return { file, text: await readFile(file, 'utf8') };
  }

  it('restores the state when omp starts again with --continue or --resume <file>, appending nothing', async () => {
    const saved = await savedFirstSmokeRun();

    for (const args of [['--continue'], ['--resume', saved.file]]) {
      const again = await start(args);
      expect(sessionFileOf(again), args.join(' ')).toBe(saved.file);
      expect(await statusOf(again), args.join(' ')).toBe(EXAMPLE_STATUS);
      expect(again.extensionErrors()).toEqual([]);
      await again.dispose();
    }
    // omp appends its own `session_exit` entry at every exit; the adapter appends nothing.
    const stateLines = (text: string): SessionFileEntry[] => stateEntries(parseSessionJsonl(text));
    expect(stateLines(await readFile(saved.file, 'utf8'))).toEqual(stateLines(saved.text));
  });

  // issue 21: switch_session fires session_switch (reason resume) on omp; see the new-session test above.
  // omp's RPC `branch` (the host's branch fact: session_branch) continues from an earlier user message in a new session file.
  it('follows a branch from an earlier message (RPC branch): the state of that point, nothing later', async () => {
    expect(target.version.host.sessionEvents.branch?.event).toBe('session_branch');
    const first = await start();
    await recordAll(first, ['objective Ship the parser']);
    await completeModelTurn(first, 'First step.');
    await recordAll(first, ['add parse Parse the arguments']);
    await completeModelTurn(first, 'Second step.');
    const entries = await first.readSessionFile();
    const userMessage = (text: string): string => {
      const entry = entries.find((candidate) => candidate.type === 'message' && JSON.stringify(candidate['message']).includes(text));
      if (typeof entry?.['id'] !== 'string') throw new Error(`no user message "${text}" in the session file`);
      return entry['id'];
    };
    const before = sessionFileOf(first);

    for (const [text, status] of [
      ['Second step.', formatStatus(snapshotOf({ objective: 'Ship the parser', workItems: [{ id: 'parse', content: 'Parse the arguments' }] }))],
      ['First step.', formatStatus(snapshotOf({ objective: 'Ship the parser' }))],
    ] as const) {
      const response = await first.send({ type: 'branch', entryId: userMessage(text) });
      expect(response.success, text).toBe(true);
      await first.getState();
      expect(sessionFileOf(first)).not.toBe(before);
      expect(await statusOf(first), text).toBe(status);
    }
    expect(first.extensionErrors()).toEqual([]);
  });

  it('restores the saved state on an in-process switch (RPC switch_session) from another session', async () => {
    const saved = await savedFirstSmokeRun();
    const other = await start();
    expect(await statusOf(other)).toBe(EMPTY_STATUS);

    await other.switchSession(saved.file);

    expect(await statusOf(other)).toBe(EXAMPLE_STATUS);
  });
});
