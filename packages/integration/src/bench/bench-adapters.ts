import contextGuardExtension, { STATE_ENTRY_TYPE as CONTEXT_GUARD_ENTRY } from '@j1nn0/agent-context-guard-pi';
import agentStateExtension, { STATE_ENTRY_TYPE as AGENT_STATE_ENTRY } from '@j1nn0/agent-state-pi';
import type { PiExtensionPort } from '@j1nn0/pi-adapter-kit';
import { createCapturingPi, type CapturingPi, type CapturingPiOptions } from './capturing-pi.js';

/** The two Pi adapters as the in-process figures use them: loaded into a capturing Pi and fed commands. */
export interface BenchAdapter {
  readonly label: string;
  readonly entryType: string;
  readonly command: string;
  readonly load: (pi: PiExtensionPort) => void;
  /** The command arguments that add the n-th item, with ordinary, realistic text. */
  readonly addItemArgs: (index: number) => string;
}

export const AGENT_STATE_ADAPTER: BenchAdapter = {
  label: 'agent-state-pi',
  entryType: AGENT_STATE_ENTRY,
  command: 'agent-state',
  load: agentStateExtension,
  addItemArgs: (index) => `add task-${index.toString().padStart(3, '0')} Implement step ${index.toString()} of the CSV export and its tests`,
};

export const CONTEXT_GUARD_ADAPTER: BenchAdapter = {
  label: 'agent-context-guard-pi',
  entryType: CONTEXT_GUARD_ENTRY,
  command: 'context-guard',
  load: contextGuardExtension,
  addItemArgs: (index) =>
    `add fact-${index.toString().padStart(3, '0')} fact Requirement ${index.toString()}: reports export as CSV with a header row`,
};

export const BENCH_ADAPTERS: readonly BenchAdapter[] = [AGENT_STATE_ADAPTER, CONTEXT_GUARD_ADAPTER];

/** The command a person types into the real Pi. */
export const AGENT_STATE_COMMAND = '/agent-state';

/** The core snapshot inside an agent-state payload `{ schemaVersion, by, state }`. */
export function snapshotOf(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('state' in data)) throw new Error('not an agent-state payload');
  return data.state;
}

/** agent-state-pi's limits: 200 work items and 200 decisions. */
export const AGENT_STATE_LIMIT = 200;

/** `/agent-state` arguments for an objective, then work items and decisions added in turn. */
export function agentStateCommands(workItems: number, decisions: number): string[] {
  const commands = ['objective Ship the CSV export of the report page'];
  for (let index = 1; index <= Math.max(workItems, decisions); index += 1) {
    if (index <= workItems) commands.push(AGENT_STATE_ADAPTER.addItemArgs(index));
    if (index <= decisions) commands.push(`decide choice-${index.toString().padStart(3, '0')} Keep decision ${index.toString()} about the export format`);
  }
  return commands;
}

/** The state at agent-state-pi's limits: an objective, 200 work items, 200 decisions (401 saved changes). */
export function fullAgentStateCommands(): string[] {
  return agentStateCommands(AGENT_STATE_LIMIT, AGENT_STATE_LIMIT);
}

/** An adapter loaded into a capturing Pi and started on its session's branch (by default an empty one). */
export async function startAdapter(adapter: BenchAdapter, options: CapturingPiOptions = {}): Promise<CapturingPi> {
  const pi = createCapturingPi(options);
  adapter.load(pi.api);
  const context = pi.context();
  for (const handler of pi.handlers('session_start')) await handler({ type: 'session_start', reason: 'startup' }, context);
  return pi;
}

/** Runs `/<command> <args>` through the registered handler, as Pi would. */
export async function runCommand(pi: CapturingPi, adapter: BenchAdapter, args: string): Promise<void> {
  await pi.command(adapter.command)(args, pi.context());
}

/** The payload the adapter itself saves once it holds `count` items: built by the adapter, not by hand. */
export async function payloadWithItems(adapter: BenchAdapter, count: number): Promise<unknown> {
  const pi = await startAdapter(adapter);
  for (let index = 1; index <= count; index += 1) await runCommand(pi, adapter, adapter.addItemArgs(index));
  const last = pi.appended.at(-1);
  if (last?.customType !== adapter.entryType) throw new Error(`${adapter.label} saved no state entry`);
  return last.data;
}
