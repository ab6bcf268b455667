import agentStateExtension from '@j1nn0/agent-state-pi';
import contextGuardExtension from '@j1nn0/agent-context-guard-pi';
import { createFakePiHost, type FakePiHost, type Notification } from '@j1nn0/pi-testkit';
import { expect } from 'vitest';
import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { AGENT_STATE_ENTRY_TYPE, CONTEXT_GUARD_ENTRY_TYPE } from './adapter-names.js';
import { expectedStatus as expectedAgentStateStatus, readState as readAgentState } from '../../../agent-state-pi/test/agent-state-host.js';

// One place for the fake-host setup of the coexistence tests: both adapters in one host.

export type Adapter = 'agentState' | 'contextGuard';

export const ENTRY_TYPE_OF: Readonly<Record<Adapter, string>> = {
  agentState: AGENT_STATE_ENTRY_TYPE,
  contextGuard: CONTEXT_GUARD_ENTRY_TYPE,
};

const EXTENSION_OF = { agentState: agentStateExtension, contextGuard: contextGuardExtension } as const;

/**
 * What each adapter holds: Agent State's state as `agent_state_get` gives it to a program (times left
 * out; its own tests check them), and what a person reads from Context Guard, its list then its status
 * (which adds the recovery mode, a discarded entry and the last check); tests compute the latter with
 * Context Guard's formatters.
 */
export interface BothStates {
  readonly agentState: AgentStateSnapshot;
  readonly contextGuard: string;
}

/** One change through one adapter: a slash command or a model tool call. */
export type Step =
  | { readonly adapter: Adapter; readonly command: string }
  | { readonly adapter: Adapter; readonly tool: string; readonly args: Readonly<Record<string, unknown>> };

/** A fake Pi host with both adapters loaded in `order` and a session started, its notifications taken. */
export async function startHostWithBothAdapters(
  order: readonly Adapter[] = ['agentState', 'contextGuard'],
  // By default every answer is a notification, as an RPC client reads them; in mode `tui` a saved change is a chat line instead.
  mode: 'rpc' | 'tui' = 'rpc',
): Promise<FakePiHost> {
  const host = createFakePiHost({ mode });
  for (const adapter of order) {
    await host.load(EXTENSION_OF[adapter]);
  }
  await host.startSession('startup');
  host.takeNotifications();
  return host;
}

/** Runs a command that must answer with exactly one notification, and returns its text. */
async function readCommand(host: FakePiHost, commandLine: string): Promise<string> {
  await host.runCommand(commandLine);
  const notifications = host.takeNotifications();
  expect(notifications.map((notification) => notification.type), commandLine).toEqual(['info']);
  return notifications[0]?.message ?? '';
}

/**
 * Both states (see BothStates). `/agent-state status` is run too, beside the other adapter: it must say
 * what Agent State's formatter draws for the state and times read as structure.
 */
export async function readBothStates(host: FakePiHost): Promise<BothStates> {
  expect(await readCommand(host, '/agent-state status')).toBe(await expectedAgentStateStatus(host));
  return {
    agentState: await readAgentState(host),
    contextGuard: `${await readCommand(host, '/context-guard list')}\n${await readCommand(host, '/context-guard status')}`,
  };
}

/** Runs one step, which must succeed: one info notice for a command, a non-error result for a tool. */
export async function runStep(host: FakePiHost, step: Step): Promise<void> {
  if ('command' in step) {
    await readCommand(host, step.command);
    return;
  }
  const result = await host.executeTool(step.tool, step.args);
  expect(result.isError, step.tool).toBe(false);
}

/** Saved entries of each adapter's type in the session, all branches. */
export function entryCounts(host: FakePiHost): Record<Adapter, number> {
  return {
    agentState: host.session.customEntries(AGENT_STATE_ENTRY_TYPE).length,
    contextGuard: host.session.customEntries(CONTEXT_GUARD_ENTRY_TYPE).length,
  };
}

/** The payload of the newest entry of one adapter's type in the session. */
export function newestPayload(host: FakePiHost, adapter: Adapter): unknown {
  return host.session.customEntries(ENTRY_TYPE_OF[adapter]).at(-1)?.data;
}

export function leafId(host: FakePiHost): string {
  const leaf = host.session.getLeafId();
  if (leaf === null) throw new Error('the session has no entries');
  return leaf;
}

/** Both states after each step, with the entry that step appended: the points a tree move can return to. */
export interface HistoryPoint {
  readonly entryId: string;
  readonly states: BothStates;
}

/** Runs the steps in order and records where each one left the session. */
export async function playSteps(host: FakePiHost, steps: readonly Step[]): Promise<HistoryPoint[]> {
  const history: HistoryPoint[] = [];
  for (const step of steps) {
    await runStep(host, step);
    history.push({ entryId: leafId(host), states: await readBothStates(host) });
  }
  return history;
}

/** The notifications since the last take, as `[type, message]` pairs for readable diffs. */
export function takeNotices(host: FakePiHost): [Notification['type'], string][] {
  return host.takeNotifications().map((notification) => [notification.type, notification.message]);
}

/** Neither adapter failed, and neither used an API outside its port (no compaction runs here). */
export function expectCleanRun(host: FakePiHost): void {
  expect(host.extensionErrors).toEqual([]);
  expect(host.forbiddenCalls).toEqual([]);
  expect(host.registrationProblems).toEqual([]);
}
