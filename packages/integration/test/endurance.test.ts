import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { STATE_ENTRY_TYPE } from '@j1nn0/agent-state-pi';
import { contentText, customEntries, describeEachPi, startPi, type PiDriver } from '@j1nn0/pi-real-hosts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMutationScript, type ScriptAttempt } from '../src/bench/mutation-script.js';
import { AGENT_STATE_COMMAND, playMutationScript } from '../src/bench/scripted-session.js';
import { isWorkItemStatus, parseCommand } from '../../agent-state-pi/src/commands.js';
import { formatStatus } from '../../agent-state-pi/src/format.js';
import { applyMutation, type MutationOutcome, type StateMutation } from '../../agent-state-pi/src/mutations.js';
import { sinceOnBranch } from '../../agent-state-pi/src/since.js';
import { branchOfFile, sessionFileOf } from '../../agent-state-pi/test/e2e/support/real-pi.js';
import { EMPTY_SNAPSHOT } from '../../agent-state-pi/test/snapshots.js';

// 500 attempted changes through commands and multi-call model turns, then a restart: the restored
// state must equal the newest saved entry and the state the pure mutation functions predict for the
// same attempts, read as the command parser and the tools read them.

const EXTENSION = fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi'));
const SESSION_TIMEOUT_MS = 150_000;

/**
 * The change an attempt asks for, read as the adapter reads it: a command line by the command parser, a
 * tool call's arguments as its tool passes them on. Undefined when nothing reaches the rules: a usage
 * error, a refused command, a clear without `--yes`, or a status outside the tool schema's enum (Pi
 * refuses that call before the tool runs).
 */
function mutationOf(attempt: ScriptAttempt): StateMutation | undefined {
  if (attempt.via === 'command') {
    const request = parseCommand(attempt.text);
    return request.kind === 'mutation' ? request.mutation : undefined;
  }
  const args = attempt.call.arguments as { readonly id: string; readonly content?: string; readonly status?: string };
  const { id, content = '', status } = args;
  switch (attempt.call.name) {
    case 'agent_state_add_work_item':
      if (status === undefined) return { kind: 'add_work_item', id, content };
      return isWorkItemStatus(status) ? { kind: 'add_work_item', id, content, status } : undefined;
    case 'agent_state_set_work_item_status':
      return status !== undefined && isWorkItemStatus(status) ? { kind: 'set_status', id, status } : undefined;
    case 'agent_state_add_decision':
      return { kind: 'add_decision', id, content };
    default:
      throw new Error(`the script calls no tool ${attempt.call.name}`);
  }
}

function outcomeOf(state: AgentStateSnapshot, attempt: ScriptAttempt): MutationOutcome | undefined {
  const mutation = mutationOf(attempt);
  return mutation === undefined ? undefined : applyMutation(state, mutation);
}

function stateAfter(state: AgentStateSnapshot, attempt: ScriptAttempt): AgentStateSnapshot {
  const outcome = outcomeOf(state, attempt);
  return outcome?.kind === 'changed' ? outcome.snapshot : state;
}

const SCRIPT = createMutationScript({ operations: 500, seed: 0x5eed_0500, allowClear: true, apply: stateAfter });

function predictedRun(): {
  readonly state: AgentStateSnapshot;
  readonly changes: number;
  readonly refused: number;
  /** Who asked for each saved change, oldest first: a command is the person's, a tool call the model's. */
  readonly savedBy: readonly string[];
} {
  let state = EMPTY_SNAPSHOT;
  const savedBy: string[] = [];
  let refused = 0;
  for (const attempt of SCRIPT.attempts) {
    const outcome = outcomeOf(state, attempt);
    if (outcome?.kind === 'changed') {
      state = outcome.snapshot;
      savedBy.push(attempt.via === 'command' ? 'person' : 'model');
    } else {
      refused += 1;
    }
  }
  return { state, changes: savedBy.length, refused, savedBy };
}

const EXPECTED = predictedRun();

it('mixes commands, assistant messages with several tool calls and attempts that change nothing', () => {
  const turns = SCRIPT.steps.flatMap((step) => (step.kind === 'model_run' ? step.turns : []));
  expect(SCRIPT.attempts).toHaveLength(500);
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

  /** What `/agent-state status` and `agent_state_get` must show: the predicted state, with the times its saved entries give. */
  async function expectedStatus(): Promise<string> {
    const branch = branchOfFile(await readFile(sessionFileOf(driver()), 'utf8'));
    return formatStatus(EXPECTED.state, undefined, sinceOnBranch(branch as never, EXPECTED.state));
  }

  it('saved one entry per accepted change, the newest holding the predicted state', async () => {
    const entries = customEntries(await driver().readSessionFile(), STATE_ENTRY_TYPE);
    expect(entries).toHaveLength(EXPECTED.changes);
    expect(entries.map((entry) => (entry['data'] as { by?: unknown }).by)).toEqual(EXPECTED.savedBy);
    expect(entries.at(-1)?.['data']).toEqual({ schemaVersion: 1, by: EXPECTED.savedBy.at(-1), state: EXPECTED.state });
  });

  it('shows the predicted state in /agent-state status after the restart', async () => {
    const { notifications } = await driver().prompt(`${AGENT_STATE_COMMAND} status`);
    const shown = notifications.map((notification) => notification.message);
    expect(shown).toEqual([await expectedStatus()]);
    // The restart derives from the 500 entries the same times as the changes kept up to date.
    expect(shown).toEqual(statusBeforeRestart);
  });

  it('returns the predicted state from agent_state_get after the restart', async () => {
    const pi = driver();
    pi.model.reset();
    pi.model.enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: 'Read it.' });
    await pi.prompt('What is the Agent State?');
    // The request after the call ends with its result; earlier results of the session come before it.
    const lastMessage = pi.model.chatRequests().at(-1)?.messages.at(-1);
    expect(lastMessage?.role).toBe('tool');
    expect(contentText(lastMessage?.content)).toBe(await expectedStatus());
  });

  it('raised no extension error', () => {
    expect(driver().extensionErrors()).toEqual([]);
  });
});
