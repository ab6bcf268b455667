import { AGENT_STATE_ADAPTER, agentStateCommands, fullAgentStateCommands, runCommand, snapshotOf, startAdapter } from './bench-adapters.js';
import { formatBytes, verdictAtMost, type BenchRow } from './report.js';

// Figure 2 (in process): the bytes Pi appends for one change against the snapshot that change carries.

const ITEM_COUNTS = [10, 50, 200] as const;
const RATIO_GOAL = 1.1;

/** The session-file line Pi writes for `pi.appendEntry`, fields in the order Pi 0.84.2 builds them. */
function sessionLine(customType: string, data: unknown): string {
  const entry = { type: 'custom', customType, data, id: 'a1b2c3d4', parentId: 'e5f6a7b8', timestamp: new Date(0).toISOString() };
  return `${JSON.stringify(entry)}\n`;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

interface ChangeSizes {
  /** The session-file line, newline included. */
  readonly line: number;
  /** The adapter's payload `{ schemaVersion, state }`. */
  readonly payload: number;
  /** The core snapshot inside it. */
  readonly snapshot: number;
}

/** The line of one status change after `commands` built the state. */
async function lineForOneChange(commands: readonly string[]): Promise<ChangeSizes> {
  const adapter = AGENT_STATE_ADAPTER;
  const pi = await startAdapter(adapter);
  for (const args of commands) await runCommand(pi, adapter, args);
  const before = pi.appended.length;
  await runCommand(pi, adapter, 'set task-001 in_progress');
  const [entry] = pi.appended.slice(before);
  if (entry === undefined) throw new Error('the measured change appended nothing');
  return {
    line: byteLength(sessionLine(entry.customType, entry.data)),
    payload: byteLength(JSON.stringify(entry.data)),
    snapshot: byteLength(JSON.stringify(snapshotOf(entry.data))),
  };
}

function lineRow(change: string, { line, snapshot }: ChangeSizes): BenchRow {
  return {
    figure: '2 bytes per change',
    measure: `agent-state-pi, one status change ${change}: session-file line`,
    value: formatBytes(line),
    anchor: `JSON of the snapshot it carries: ${formatBytes(snapshot)}`,
    ratio: line / snapshot,
    goal: `<= ${RATIO_GOAL.toString()}x`,
    verdict: verdictAtMost(line / snapshot, RATIO_GOAL),
  };
}

export async function appendSizeRows(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  let smallest: ChangeSizes | undefined;
  for (const items of ITEM_COUNTS) {
    const sizes = await lineForOneChange(agentStateCommands(items, 0));
    smallest ??= sizes;
    rows.push(lineRow(`with ${items.toString()} work items`, sizes));
  }
  // What every change writes at the adapter's limits: the size its limits were chosen by.
  rows.push(lineRow("at the adapter's limits (an objective, 200 work items, 200 decisions)", await lineForOneChange(fullAgentStateCommands())));
  if (smallest !== undefined) rows.push(fixedOverheadRow(smallest));
  return rows;
}

/** What every entry adds whatever the state's size, and the snapshot size from which 1.1x holds. */
function fixedOverheadRow({ line, payload, snapshot }: ChangeSizes): BenchRow {
  const fixed = line - snapshot;
  const adapterShare = payload - snapshot;
  return {
    figure: '2 bytes per change',
    measure: `agent-state-pi: fixed bytes per entry (line minus snapshot), of which the adapter's payload wrapper is ${formatBytes(adapterShare)} and Pi's entry fields the rest`,
    value: formatBytes(fixed),
    anchor: `snapshot size from which the line is <= ${RATIO_GOAL.toString()}x: ${formatBytes(fixed / (RATIO_GOAL - 1))}`,
    ratio: undefined,
    goal: 'report',
    verdict: 'info',
  };
}
