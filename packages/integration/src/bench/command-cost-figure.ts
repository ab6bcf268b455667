import { startPi, type PiDriver } from '@j1nn0/pi-real-hosts';
import type { PiTarget } from '../pi-program.js';
import { AGENT_STATE_ADAPTER, AGENT_STATE_COMMAND, AGENT_STATE_LIMIT, fullAgentStateCommands, runCommand, snapshotOf, startAdapter } from './bench-adapters.js';
import { AGENT_STATE_EXTENSION } from './extension-paths.js';
import { formatDuration, formatMilliseconds, type BenchRow } from './report.js';
import { median, timeAsyncValue, timeInterleaved } from './timing.js';

// Figure 5: `/agent-state status` on a full state (200 work items, 200 decisions).

const HANDLER_GOAL_NANOSECONDS = 1_000_000;
const ROUND_TRIPS = 30;

interface PlainSnapshot {
  readonly objective?: string;
  readonly workItems: readonly { readonly id: string; readonly content: string; readonly status: string }[];
  readonly decisions: readonly { readonly id: string; readonly content: string }[];
}

/** The floor: the same lines joined with no escaping, counting or notification. */
function joinPlainLines(snapshot: PlainSnapshot): string {
  return [
    `Agent State: objective "${snapshot.objective ?? ''}"`,
    'Work items:',
    ...snapshot.workItems.map((item) => `- [${item.status}] ${item.id}: ${item.content}`),
    'Decisions:',
    ...snapshot.decisions.map((decision) => `- ${decision.id}: ${decision.content}`),
  ].join('\n');
}

async function handlerRow(): Promise<BenchRow> {
  const pi = await startAdapter(AGENT_STATE_ADAPTER);
  for (const args of fullAgentStateCommands()) await runCommand(pi, AGENT_STATE_ADAPTER, args);
  const snapshot = snapshotOf(pi.appended.at(-1)?.data) as PlainSnapshot;
  if (snapshot.workItems.length !== AGENT_STATE_LIMIT || snapshot.decisions.length !== AGENT_STATE_LIMIT) throw new Error('the state is not full');
  const handler = pi.command(AGENT_STATE_ADAPTER.command);
  const context = pi.context();
  const [status = Number.NaN, floor = Number.NaN] = timeInterleaved([
    () => handler('status', context),
    () => joinPlainLines(snapshot),
  ]);
  return {
    figure: '5 command cost',
    measure: 'agent-state-pi /agent-state status handler, 200 work items + 200 decisions (in process)',
    value: formatDuration(status),
    anchor: `joining the same ${joinPlainLines(snapshot).split('\n').length.toString()} lines unescaped: ${formatDuration(floor)}`,
    ratio: status / floor,
    goal: '< 1 ms',
    verdict: status < HANDLER_GOAL_NANOSECONDS ? 'met' : 'missed',
  };
}

async function roundTripRow(target: PiTarget): Promise<BenchRow> {
  const pi: PiDriver = await startPi({ ...target, extensions: [AGENT_STATE_EXTENSION] });
  try {
    for (const args of fullAgentStateCommands()) await pi.prompt(`${AGENT_STATE_COMMAND} ${args}`);
    const status: number[] = [];
    const state: number[] = [];
    for (let round = 0; round < ROUND_TRIPS; round += 1) {
      // A command prompt is answered after its handler ran, so the response closes the round trip.
      status.push((await timeAsyncValue(() => pi.send({ type: 'prompt', message: `${AGENT_STATE_COMMAND} status` }))).milliseconds);
      state.push((await timeAsyncValue(() => pi.send({ type: 'get_state' }))).milliseconds);
    }
    return {
      figure: '5 command cost',
      measure: `real Pi ${target.version.label} RPC round trip of /agent-state status, same full state (median of ${ROUND_TRIPS.toString()})`,
      value: formatMilliseconds(median(status)),
      anchor: `get_state round trip, alternated: ${formatMilliseconds(median(state))}`,
      ratio: median(status) / median(state),
      goal: 'report',
      verdict: 'info',
    };
  } finally {
    await pi.dispose();
  }
}

export async function commandCostRows(target: PiTarget): Promise<BenchRow[]> {
  return [await handlerRow(), await roundTripRow(target)];
}
