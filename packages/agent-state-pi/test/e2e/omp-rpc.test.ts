import { readFile } from 'node:fs/promises';
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
import { EMPTY_STATUS, EXAMPLE_STATUS, snapshotOf } from '../snapshots.js';
import { EXTENSION_PATH, completeModelTurn, recordAll, sessionFileOf, stateEntries, statusOf } from './support/real-pi.js';

// Agent State on oh-my-pi in RPC mode, as an editor client meets it: one omp for the file, a new
// session per test (omp fires session_switch for it, which the adapters answer since issue 21).

const PANEL = 'agent-state';
const FOOTER = 'agent-state';

const USAGE =
  'Usage: /agent-state status | objective <text> | add <id> <content> | set <id> <open|in_progress|blocked|done> | remove <id> | decide <id> <content> | clear [--yes] | panel <on|off>';

/** Each command of the README's Messages table, in an order that builds on the state before, with its reply. */
const COMMAND_REPLIES: readonly (readonly [args: string, message: string, notifyType: 'info' | 'warning'])[] = [
  ['status', EMPTY_STATUS, 'info'],
  ['objective Ship the parser', 'Objective set.', 'info'],
  ['objective Ship the parser', 'Objective unchanged: it already has this text.', 'info'],
  ['add parse Parse the arguments', 'Added work item "parse" (open).', 'info'],
  ['add parse Parse it again', 'Rejected: a work item with id "parse" already exists.', 'warning'],
  ['set parse done', 'Work item "parse": open -> done.', 'info'],
  ['set parse done', 'Work item "parse" is already done; nothing changed.', 'info'],
  ['set parse finished', 'Rejected: unknown status. Valid statuses: open, in_progress, blocked, done.', 'warning'],
  ['set ghost open', 'Rejected: no work item has id "ghost".', 'warning'],
  ['set parse', 'Usage: /agent-state set <id> <open|in_progress|blocked|done>', 'warning'],
  ['add docs Write the README', 'Added work item "docs" (open).', 'info'],
  ['remove docs', 'Removed work item "docs".', 'info'],
  ['decide pure-core Keep the core free of Pi imports', 'Recorded decision "pure-core".', 'info'],
  ['decide pure-core Again', 'Rejected: a decision with id "pure-core" already exists.', 'warning'],
  ['bogus', USAGE, 'warning'],
  ['panel off', 'Agent State panel hidden; show it again with /agent-state panel on.', 'info'],
  ['panel on', 'Agent State panel sent to this client; hide it with /agent-state panel off.', 'info'],
  ['clear', 'Clear would remove the objective, 1 work item and 1 decision. Nothing changed; confirm with /agent-state clear --yes.', 'info'],
  ['clear --yes', 'Agent State cleared: removed the objective, 1 work item and 1 decision.', 'info'],
  ['clear', 'Agent State is already empty; nothing to clear.', 'info'],
];

describeOmp('agent-state-pi in RPC mode', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH]);

  it('answers every command with its reply, and sends the panel and the footer as client lines', async () => {
    for (const [args, message, notifyType] of COMMAND_REPLIES) {
      const { notifications } = await pi().prompt(`/agent-state ${args}`);
      expect(notifications, args).toEqual([{ message, notifyType }]);
      if (args === 'decide pure-core Keep the core free of Pi imports') {
        expect(pi().widget(PANEL)).toEqual(['Agent State · Ship the parser · 1/1 done']);
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
        ],
      },
      { toolCalls: [{ name: 'agent_state_get', arguments: {} }] },
      { text: 'Recorded.' },
    );

    const turn = await pi().prompt('Record the work.');

    expect(turn.assistantText).toBe('Recorded.');
    const [, afterBatch, afterGet] = pi().model.chatRequests();
    expect(toolResultsInCallOrder(afterBatch)).toEqual([
      'Rejected: a work item with id "docs" already exists.',
      'Added work item "tests" (in_progress).',
      'Work item "docs": open -> done.',
      'Recorded decision "bun".',
    ]);
    const status = await statusOf(pi());
    expect(toolResultsInCallOrder(afterGet).at(-1)).toBe(status);
    expect(status).toBe(
      [
        'Agent State: no objective, 2 work items (0 open, 1 in_progress, 0 blocked, 1 done), 1 decision.',
        'Work items:',
        '- [done] docs: Write the README',
        '- [in_progress] tests: Write the e2e tests',
        'Decisions:',
        '- bun: omp runs on Bun',
      ].join('\n'),
    );
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
      { schemaVersion: 1, state: snapshotOf({ workItems: [{ id: 'fresh', content: 'Only in the new session' }] }) },
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
      ['Second step.', 'Agent State: objective "Ship the parser", 1 work item (1 open, 0 in_progress, 0 blocked, 0 done), 0 decisions.\nWork items:\n- [open] parse: Parse the arguments'],
      ['First step.', 'Agent State: objective "Ship the parser", 0 work items, 0 decisions.'],
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
