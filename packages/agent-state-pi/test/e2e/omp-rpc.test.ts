import { readFile } from 'node:fs/promises';
import { unknownFieldRejection } from '@j1nn0/pi-adapter-kit';
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
import { USAGE, formatRejection } from '../../src/format.js';
import { addedText, changeText, decidedText, statusChangeText } from '../expected-messages.js';
import { EXAMPLE_SNAPSHOT, snapshotOf } from '../snapshots.js';
import {
  EXTENSION_PATH,
  completeModelTurn,
  recordAll,
  savedView,
  screenOf,
  sessionFileOf,
  stateEntries,
  statusOf,
  statusOfFile,
  statusReply,
} from './support/real-pi.js';

// Agent State on oh-my-pi in RPC mode, as an editor client meets it: what reaches the client (replies,
// panel lines, the footer) and a start on an earlier session. What omp does for an extension (its
// events, its branch, its switch, its validator) is the host contract's; the rules are the fast tier's.

const PANEL = 'agent-state';
const FOOTER = 'agent-state';

describeOmp('agent-state-pi in RPC mode', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH]);

  it('answers a command with its reply as information or a warning, and sends the panel and the footer as client lines', async () => {
    expect(await pi().prompt('/agent-state objective Ship the parser')).toMatchObject({
      notifications: [{ message: changeText({ kind: 'set_objective', objective: 'Ship the parser' }), notifyType: 'info' }],
    });
    expect((await pi().prompt('/agent-state add parse Parse the arguments')).notifications).toEqual([{ message: addedText('parse'), notifyType: 'info' }]);
    expect((await pi().prompt('/agent-state bogus')).notifications).toEqual([{ message: USAGE, notifyType: 'warning' }]);
    await completeModelTurn(pi());
    const shown = screenOf(savedView(await pi().readSessionFile()));
    expect(pi().widget(PANEL)).toEqual(shown.panel);
    expect(pi().status(FOOTER)).toBe(shown.footer);
    await recordAll(pi(), ['panel off']);
    expect(pi().widget(PANEL)).toBeUndefined();
    await recordAll(pi(), ['clear --yes']);
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
    const saved = savedView(await pi().readSessionFile());
    expect(saved.state).toEqual(
      snapshotOf({
        workItems: [
          { id: 'docs', content: 'Write the README', status: 'done' },
          { id: 'tests', content: 'Write the e2e tests', status: 'in_progress' },
        ],
        decisions: [{ id: 'bun', content: 'omp runs on Bun' }],
      }),
    );
    expect(toolResultsInCallOrder(afterGet).at(-1)).toBe(statusOf(saved));
  });
});

describeOmp('agent-state-pi on an earlier session of oh-my-pi', (target) => {
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

  it('restores the state when omp starts again with --continue or --resume <file>, appending nothing', async () => {
    const first = await start();
    await recordAll(first, FIRST_SMOKE_RUN);
    // The session omp starts with reaches disk with its first assistant message, as in Pi.
    await completeModelTurn(first);
    const file = sessionFileOf(first);
    expect(savedView(await first.readSessionFile()).state).toEqual(EXAMPLE_SNAPSHOT);
    await first.dispose();
    const text = await readFile(file, 'utf8');

    for (const args of [['--continue'], ['--resume', file]]) {
      const again = await start(args);
      expect(sessionFileOf(again), args.join(' ')).toBe(file);
      expect(await statusReply(again), args.join(' ')).toBe(await statusOfFile(file));
      expect(again.extensionErrors()).toEqual([]);
      await again.dispose();
    }
    // omp appends its own `session_exit` entry at every exit; the adapter appends nothing.
    const stateLines = (saved: string): SessionFileEntry[] => stateEntries(parseSessionJsonl(saved));
    expect(stateLines(await readFile(file, 'utf8'))).toEqual(stateLines(text));
  });
});
