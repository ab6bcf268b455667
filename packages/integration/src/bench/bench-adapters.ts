import contextGuardExtension, { STATE_ENTRY_TYPE as CONTEXT_GUARD_ENTRY } from '@j1nn0/agent-context-guard-pi';
import agentStateExtension, { STATE_ENTRY_TYPE as AGENT_STATE_ENTRY } from '@j1nn0/agent-state-pi';
import type { PiExtensionPort, PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { PLAIN_BENCH_THEME, createCapturingPi, type CapturingPi, type CapturingPiOptions } from './capturing-pi.js';

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

/**
 * Draws the chat line (Pi 0.84+ entry renderer) of the newest entry of `branch` as if Pi had just
 * appended it: each call gives that entry a new id, so the adapter has never described it before.
 */
export async function newestLineDrawer(adapter: BenchAdapter, branch: readonly PiSessionEntryPort[], title: string): Promise<() => unknown> {
  const newest = branch.at(-1);
  if (newest === undefined) throw new Error('no entry to draw');
  const current = [...branch];
  const drawer = await startAdapter(adapter, { entryRenderers: true, branch: () => current });
  const render = drawer.entryRenderer(adapter.entryType);
  let drawn = 0;
  const draw = (): unknown => {
    drawn += 1;
    const entry = { ...newest, id: `drawn-${drawn.toString()}`, customType: adapter.entryType, data: newest.data };
    current[current.length - 1] = entry;
    return render(entry, { expanded: false }, PLAIN_BENCH_THEME);
  };
  const line = (draw() as { render(width: number): string[] }).render(200).join('');
  if (!line.includes(`${title}: `) || line.includes('unreadable')) throw new Error(`unexpected chat line: ${line}`);
  return draw;
}

/** The adapter's saved entries as a branch of custom entries, oldest first. */
export function branchOfSaved(pi: CapturingPi): PiSessionEntryPort[] {
  return pi.appended.map((entry, index) => ({ type: 'custom', id: `saved-${index.toString()}`, ...entry }));
}
