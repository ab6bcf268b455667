import { restoreContextGuard, type ContextItem } from '@j1nn0/agent-context-guard';
import { restoreAgentState } from '@j1nn0/agent-state';
import {
  AGENT_STATE_ADAPTER,
  CONTEXT_GUARD_ADAPTER,
  fullAgentStateCommands,
  runCommand,
  snapshotOf,
  startAdapter,
  type BenchAdapter,
} from './bench-adapters.js';
import { PLAIN_BENCH_THEME, type CapturingPi } from './capturing-pi.js';
import type { PiCustomEntryPort, PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { formatDuration, verdictAtMost, type BenchRow } from './report.js';
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

/** The branch of state entries the adapter saves for `commands`, each change one entry. */
async function savedBranch(adapter: BenchAdapter, commands: readonly string[]): Promise<PiSessionEntryPort[]> {
  const builder = await startAdapter(adapter);
  for (const args of commands) await runCommand(builder, adapter, args);
  return builder.appended.map((entry, index) => ({ type: 'custom', id: `saved-${index.toString()}`, ...entry }));
}

/**
 * Times `afterChange` against reading the newest entry alone through the core, on the branch the case's
 * commands save: before each call the newest entry gets a new id (and `data`, if given), as when Pi has
 * just appended it, so the adapter has never read it before. `prepare` gets the adapter started on
 * that branch and makes the call; it may first check what the call gives.
 */
async function timedAfterChange(
  { adapter, state, commands, read }: ChatLineCase,
  { what, entryRenderers }: { readonly what: string; readonly entryRenderers: boolean },
  prepare: (pi: CapturingPi, newest: (data?: unknown) => PiCustomEntryPort) => Promise<() => unknown>,
): Promise<Omit<BenchRow, 'goal' | 'verdict'>> {
  const branch = await savedBranch(adapter, commands);
  const saved = branch.at(-1);
  if (saved === undefined) throw new Error('no entry saved');
  const current = [...branch];
  let changes = 0;
  const newest = (data: unknown = saved.data): PiCustomEntryPort => {
    changes += 1;
    const entry = { ...saved, id: `changed-${changes.toString()}`, customType: adapter.entryType, data };
    current[current.length - 1] = entry;
    return entry;
  };
  const afterChange = await prepare(await startAdapter(adapter, { entryRenderers, branch: () => current }), newest);
  const [call = Number.NaN, oneRead = Number.NaN] = timeInterleaved([afterChange, () => read(saved.data)], CHAT_LINE_TIMING);
  const { batches, batchMilliseconds } = CHAT_LINE_TIMING;
  return {
    figure: '7 chat line',
    measure: `${adapter.label} at its limits (${state}), ${what} on a branch of ${branch.length.toString()} state entries, lower quartile of ${batches.toString()} batches of about ${batchMilliseconds.toString()} ms`,
    value: formatDuration(call),
    anchor: `reading the new entry alone through the core: ${formatDuration(oneRead)}`,
    ratio: call / oneRead,
  };
}

/** The chat line of a new change, which must be the adapter's reading of the entry: not empty, and not the line for an entry it cannot read. */
async function chatLineRow(chatLineCase: ChatLineCase): Promise<BenchRow> {
  const row = await timedAfterChange(chatLineCase, { what: 'chat line of a new change', entryRenderers: true }, (pi, newest) => {
    const render = pi.entryRenderer(chatLineCase.adapter.entryType);
    const draw = (data?: unknown): unknown => render(newest(data), { expanded: false }, PLAIN_BENCH_THEME);
    const text = (component: unknown): string => (component as { render(width: number): string[] }).render(200).join('');
    const [unreadable, line] = [text(draw(null)), text(draw())];
    if (line.trim() === '' || line === unreadable) throw new Error(`unexpected chat line: ${line}`);
    return Promise.resolve(() => draw());
  });
  return { ...row, goal: `<= ${GOAL_RATIO.toString()}x`, verdict: verdictAtMost(row.ratio ?? Number.NaN, GOAL_RATIO) };
}

/**
 * `agent_state_get` right after a new change, at Agent State's limits: its status text, and for a
 * codemode script the newest 15 saved changes as objects. agent-state-pi's history.ts reads each saved
 * entry once a session, so a call reads the new entry and compares the newest 16 states.
 */
async function getAfterChangeRow(agentState: ChatLineCase): Promise<BenchRow> {
  const what = 'agent_state_get right after a new change: the status text and, for a codemode script, the newest 15 changes as objects;';
  const row = await timedAfterChange(agentState, { what, entryRenderers: false }, async (pi, newest) => {
    const get = pi.tools.find((tool) => tool.name === 'agent_state_get');
    if (get === undefined) throw new Error('agent_state_get is not registered');
    const context = pi.context();
    const call = (): Promise<unknown> => {
      newest();
      return get.execute({}, context);
    };
    const result = (await call()) as { structuredContent?: { history?: { steps?: unknown[] } } };
    if (result.structuredContent?.history?.steps?.length !== 15) throw new Error('agent_state_get gave no history of 15 changes');
    return call;
  });
  return { ...row, goal: 'report', verdict: 'info' };
}

export async function chatLineRows(): Promise<BenchRow[]> {
  const [agentState, contextGuard] = CASES;
  if (agentState === undefined || contextGuard === undefined) throw new Error('a case is missing');
  return [await chatLineRow(agentState), await chatLineRow(contextGuard), await getAfterChangeRow(agentState)];
}
