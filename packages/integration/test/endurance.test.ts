import { fileURLToPath } from 'node:url';
import { STATE_ENTRY_TYPE } from '@j1nn0/agent-state-pi';
import { contentText, customEntries, describeEachPi, startPi, type PiDriver } from '@j1nn0/pi-real-hosts';
import { ReferenceAgentState, type ReferenceSnapshot } from '@j1nn0/pi-testkit/reference-models';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMutationScript } from '../src/bench/mutation-script.js';
import { formatStatus } from '../../agent-state-pi/src/format.js';
import { withoutTimes } from '../../agent-state-pi/test/snapshots.js';
import { AGENT_STATE_COMMAND, playMutationScript } from '../src/bench/scripted-session.js';

// 500 attempted changes through commands and multi-call model turns, then a restart: the restored
// state must equal an independent reference model and the newest saved entry.

const EXTENSION = fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi'));
const SCRIPT = createMutationScript({ operations: 500, seed: 0x5eed_0500, allowClear: true });
const SESSION_TIMEOUT_MS = 150_000;

function referenceRun(): {
  readonly state: ReferenceSnapshot;
  readonly changes: number;
  readonly refused: number;
  /** Who asked for each saved change, oldest first: a command is the person's, a tool call the model's. */
  readonly savedBy: readonly string[];
} {
  const reference = new ReferenceAgentState();
  const effects = SCRIPT.operations.map((operation) => reference.apply(operation).kind);
  const callers = SCRIPT.steps.flatMap((step) => (step.kind === 'command' ? ['person'] : step.turns.flat().map(() => 'model')));
  return {
    state: reference.snapshot(),
    changes: effects.filter((effect) => effect === 'changed').length,
    refused: effects.filter((effect) => effect !== 'changed').length,
    savedBy: callers.filter((_caller, index) => effects[index] === 'changed'),
  };
}

const EXPECTED = referenceRun();

it('mixes commands, assistant messages with several tool calls and attempts that change nothing', () => {
  const turns = SCRIPT.steps.flatMap((step) => (step.kind === 'model_run' ? step.turns : []));
  expect(SCRIPT.operations).toHaveLength(500);
  expect(SCRIPT.steps.filter((step) => step.kind === 'command').length).toBeGreaterThan(100);
  expect(turns.filter((turn) => turn.length > 1).length).toBeGreaterThan(20);
  expect(EXPECTED.refused).toBeGreaterThan(20);
  expect(EXPECTED.state.workItems.length).toBeGreaterThan(0);
  expect(new Set(EXPECTED.savedBy)).toEqual(new Set(['person', 'model']));
});

describeEachPi('Agent State endurance: 500 changes and a restart', (target) => {
  let pi: PiDriver | undefined;
  /** The status just before the restart, times included: what the changes themselves set. */
  let statusBeforeRestart: readonly string[] = [];

  beforeAll(async () => {
    pi = await startPi({ ...target, extensions: [EXTENSION] });
    await playMutationScript(pi, SCRIPT);
    statusBeforeRestart = (await pi.prompt(`${AGENT_STATE_COMMAND} status`)).notifications.map((notification) => notification.message);
    await pi.restart();
  }, SESSION_TIMEOUT_MS);

  afterAll(() => pi?.dispose());

  function driver(): PiDriver {
    if (pi === undefined) throw new Error('Pi did not start');
    return pi;
  }

  it('saved one entry per accepted change, the newest holding the reference state', async () => {
    const entries = customEntries(await driver().readSessionFile(), STATE_ENTRY_TYPE);
    expect(entries).toHaveLength(EXPECTED.changes);
    expect(entries.map((entry) => (entry['data'] as { by?: unknown }).by)).toEqual(EXPECTED.savedBy);
    expect(entries.at(-1)?.['data']).toEqual({ schemaVersion: 1, by: EXPECTED.savedBy.at(-1), state: EXPECTED.state });
  });

  it('shows the reference state in /agent-state status after the restart', async () => {
    const { notifications } = await driver().prompt(`${AGENT_STATE_COMMAND} status`);
    const shown = notifications.map((notification) => notification.message);
    expect(shown.map(withoutTimes)).toEqual([formatStatus(EXPECTED.state)]);
    // The restart derives from the 500 entries the same times as the changes kept up to date.
    expect(shown).toEqual(statusBeforeRestart);
  });

  it('returns the reference state from agent_state_get after the restart', async () => {
    const pi = driver();
    pi.model.reset();
    pi.model.enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: 'Read it.' });
    await pi.prompt('What is the Agent State?');
    // The request after the call ends with its result; earlier results of the session come before it.
    const lastMessage = pi.model.chatRequests().at(-1)?.messages.at(-1);
    expect(lastMessage?.role).toBe('tool');
    expect(withoutTimes(contentText(lastMessage?.content))).toBe(formatStatus(EXPECTED.state));
  });

  it('raised no extension error', () => {
    expect(driver().extensionErrors()).toEqual([]);
  });
});
