import { restoreContextGuard, type ContextItem } from '@j1nn0/agent-context-guard';
import { restoreAgentState } from '@j1nn0/agent-state';
import {
  AGENT_STATE_ADAPTER,
  CONTEXT_GUARD_ADAPTER,
  fullAgentStateCommands,
  runCommand,
  startAdapter,
  type BenchAdapter,
} from './bench-adapters.js';
import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { PLAIN_BENCH_THEME } from './capturing-pi.js';
import { formatDuration, verdictAtMost, type BenchRow } from './report.js';
import { snapshotOf } from './session-line.js';
import { lowerQuartile, timeInterleaved, type TimingOptions } from './timing.js';

// Figure 7: on Pi 0.84 and later every saved change draws a chat line (the entry renderer), which
// describes what changed since the entry before it. The kit's entry-transcript.ts keeps each entry's
// value by id, so a new change costs one read through the core and a walk over the branch; timed at
// each adapter's limits, beside reading the new entry alone.

const GOAL_RATIO = 2;
const CONTEXT_GUARD_LIMIT = 100;
const CRITICAL_EVERY = 5;

/**
 * Short batches, and the lower quartile of them: on a shared machine most batches of a few
 * milliseconds are interrupted, and interruptions only ever add time.
 */
const CHAT_LINE_TIMING: TimingOptions = { batches: 41, batchMilliseconds: 2, warmupBatches: 10, statistic: lowerQuartile };

interface ChatLineCase {
  readonly adapter: BenchAdapter;
  /** What the adapter holds at its limits. */
  readonly state: string;
  /** The commands that build the state, each saving one entry. */
  readonly commands: readonly string[];
  /** Reading one saved payload through the core, as the adapter does. */
  readonly read: (payload: unknown) => unknown;
}

/** `add <id> <kind> [--critical] <content>`: every fifth item critical. */
function contextGuardAddArgs(index: number): string {
  const args = CONTEXT_GUARD_ADAPTER.addItemArgs(index);
  return index % CRITICAL_EVERY === 0 ? args.replace(/^(add \S+ \S+) /u, '$1 --critical ') : args;
}

const CASES: readonly ChatLineCase[] = [
  {
    adapter: AGENT_STATE_ADAPTER,
    state: 'an objective, 200 work items, 200 decisions',
    commands: fullAgentStateCommands(),
    read: (payload) => restoreAgentState(snapshotOf(payload)).snapshot(),
  },
  {
    adapter: CONTEXT_GUARD_ADAPTER,
    state: `${CONTEXT_GUARD_LIMIT.toString()} protected items, every ${CRITICAL_EVERY.toString()}th critical`,
    commands: Array.from({ length: CONTEXT_GUARD_LIMIT }, (_unused, index) => contextGuardAddArgs(index + 1)),
    read: (payload) => restoreContextGuard({ schemaVersion: 1, items: (payload as { items: ContextItem[] }).items }).list(),
  },
];

/**
 * Draws the chat line of the newest entry of `branch` as if Pi had just appended it: each call gives
 * that entry a new id, so the adapter has never described it before. The line must be the adapter's
 * reading of the entry: not empty, and not the line it draws for an entry it cannot read.
 */
async function newestLineDrawer(adapter: BenchAdapter, branch: readonly PiSessionEntryPort[]): Promise<() => unknown> {
  const newest = branch.at(-1);
  if (newest === undefined) throw new Error('no entry to draw');
  const current = [...branch];
  const drawer = await startAdapter(adapter, { entryRenderers: true, branch: () => current });
  const render = drawer.entryRenderer(adapter.entryType);
  let drawn = 0;
  const drawWith = (data: unknown): unknown => {
    drawn += 1;
    const entry = { ...newest, id: `drawn-${drawn.toString()}`, customType: adapter.entryType, data };
    current[current.length - 1] = entry;
    return render(entry, { expanded: false }, PLAIN_BENCH_THEME);
  };
  const text = (component: unknown): string => (component as { render(width: number): string[] }).render(200).join('');
  const unreadable = text(drawWith(null));
  const line = text(drawWith(newest.data));
  if (line.trim() === '' || line === unreadable) throw new Error(`unexpected chat line: ${line}`);
  return () => drawWith(newest.data);
}

/** The branch of state entries the adapter saves for `commands`, each change one entry. */
async function savedBranch(adapter: BenchAdapter, commands: readonly string[]): Promise<PiSessionEntryPort[]> {
  const builder = await startAdapter(adapter);
  for (const args of commands) await runCommand(builder, adapter, args);
  return builder.appended.map((entry, index) => ({ type: 'custom', id: `saved-${index.toString()}`, ...entry }));
}

async function chatLineRow({ adapter, state, commands, read }: ChatLineCase): Promise<BenchRow> {
  const branch = await savedBranch(adapter, commands);
  const newest = branch.at(-1)?.data;
  const draw = await newestLineDrawer(adapter, branch);
  const [line = Number.NaN, oneRead = Number.NaN] = timeInterleaved([draw, () => read(newest)], CHAT_LINE_TIMING);
  const { batches, batchMilliseconds } = CHAT_LINE_TIMING;
  return {
    figure: '7 chat line',
    measure: `${adapter.label} at its limits (${state}), chat line of a new change on a branch of ${branch.length.toString()} state entries, lower quartile of ${batches.toString()} batches of about ${batchMilliseconds.toString()} ms`,
    value: formatDuration(line),
    anchor: `reading the new entry alone through the core: ${formatDuration(oneRead)}`,
    ratio: line / oneRead,
    goal: `<= ${GOAL_RATIO.toString()}x`,
    verdict: verdictAtMost(line / oneRead, GOAL_RATIO),
  };
}

/**
 * `agent_state_get` right after a new change, at Agent State's limits: its status text, and for a
 * codemode script the newest 15 saved changes as objects. Each call makes the newest entry a new one,
 * as a change does; agent-state-pi's history.ts reads each saved entry once a session, so a call reads
 * that entry and compares the newest 16 states.
 */
async function getAfterChangeRow(): Promise<BenchRow> {
  const [agentState] = CASES;
  if (agentState === undefined) throw new Error('no Agent State case');
  const { adapter, state, commands, read } = agentState;
  const branch = await savedBranch(adapter, commands);
  const newest = branch.at(-1);
  if (newest === undefined) throw new Error('no entry saved');
  const current = [...branch];
  const reader = await startAdapter(adapter, { branch: () => current });
  const get = reader.tools.find((tool) => tool.name === 'agent_state_get');
  if (get === undefined) throw new Error('agent_state_get is not registered');
  const context = reader.context();
  let changes = 0;
  const getAfterChange = (): Promise<unknown> => {
    changes += 1;
    current[current.length - 1] = { ...newest, id: `changed-${changes.toString()}` };
    return get.execute({}, context);
  };
  const result = (await getAfterChange()) as { structuredContent?: { history?: { steps?: unknown[] } } };
  if (result.structuredContent?.history?.steps?.length !== 15) throw new Error('agent_state_get gave no history of 15 changes');
  const [call = Number.NaN, oneRead = Number.NaN] = timeInterleaved([getAfterChange, () => read(newest.data)], CHAT_LINE_TIMING);
  const { batches, batchMilliseconds } = CHAT_LINE_TIMING;
  return {
    figure: '7 chat line',
    measure: `${adapter.label} at its limits (${state}), agent_state_get right after a new change on a branch of ${branch.length.toString()} state entries: the status text and, for a codemode script, the newest 15 changes as objects; lower quartile of ${batches.toString()} batches of about ${batchMilliseconds.toString()} ms`,
    value: formatDuration(call),
    anchor: `reading the new entry alone through the core: ${formatDuration(oneRead)}`,
    ratio: call / oneRead,
    goal: 'report',
    verdict: 'info',
  };
}

export async function chatLineRows(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const chatLineCase of CASES) rows.push(await chatLineRow(chatLineCase));
  rows.push(await getAfterChangeRow());
  return rows;
}
