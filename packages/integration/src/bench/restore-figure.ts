import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { BENCH_ADAPTERS, payloadWithItems, startAdapter, type BenchAdapter } from './bench-adapters.js';
import { formatDuration, verdictAtMost, type BenchRow } from './report.js';
import { buildSyntheticBranch, readEveryType } from './synthetic-branch.js';
import { timeInterleaved } from './timing.js';

// Figure 1: session_start restore against branch length, the branch prebuilt outside the timing.

const LENGTHS = [1_000, 10_000, 100_000] as const;
const ITEMS_IN_NEWEST_STATE = 50;
const GROWTH_GOAL = 2;
const NO_MATCH_GOAL = 3;

function lengthLabel(length: number): string {
  return `${(length / 1_000).toString()}k`;
}

/** Times the adapter's real session_start handler and the floor pass on the same branch, interleaved. */
async function timeRestore(adapter: BenchAdapter, branch: readonly PiSessionEntryPort[]): Promise<{ restore: number; floor: number }> {
  const pi = await startAdapter(adapter, { branch: () => branch });
  const [handler] = pi.handlers('session_start');
  if (handler === undefined) throw new Error(`${adapter.label} has no session_start handler`);
  const context = pi.context();
  const event = { type: 'session_start', reason: 'resume' };
  const [restore = Number.NaN, floor = Number.NaN] = timeInterleaved([
    () => handler(event, context),
    () => readEveryType(branch),
  ]);
  return { restore, floor };
}

async function adapterRows(adapter: BenchAdapter, otherEntryType: string): Promise<BenchRow[]> {
  const data = await payloadWithItems(adapter, ITEMS_IN_NEWEST_STATE);
  const figure = '1 restore';
  const rows: BenchRow[] = [];
  let smallest: number | undefined;
  for (const length of LENGTHS) {
    const branch = buildSyntheticBranch({ length, customType: adapter.entryType, data });
    const { restore, floor } = await timeRestore(adapter, branch);
    const measure = `${adapter.label} session_start, newest entry 10 from the leaf, ${lengthLabel(length)} entries`;
    if (smallest === undefined) {
      smallest = restore;
      rows.push({
        figure,
        measure,
        value: formatDuration(restore),
        anchor: `one pass over ${lengthLabel(length)} entries: ${formatDuration(floor)}`,
        ratio: restore / floor,
        goal: 'base of the growth ratio',
        verdict: 'info',
      });
    } else {
      const growth = restore / smallest;
      rows.push({
        figure,
        measure,
        value: formatDuration(restore),
        anchor: `same restore at 1k entries: ${formatDuration(smallest)}`,
        ratio: growth,
        goal: `<= ${GROWTH_GOAL.toString()}x`,
        verdict: verdictAtMost(growth, GROWTH_GOAL),
      });
    }
  }
  for (const length of LENGTHS) {
    // Only the other adapter's entries: restore must walk the whole branch and find nothing.
    const branch = buildSyntheticBranch({ length, customType: otherEntryType, data: {} });
    const { restore, floor } = await timeRestore(adapter, branch);
    rows.push({
      figure,
      measure: `${adapter.label} session_start, no state entry, ${lengthLabel(length)} entries`,
      value: formatDuration(restore),
      anchor: `one pass over ${lengthLabel(length)} entries: ${formatDuration(floor)}`,
      ratio: restore / floor,
      goal: `<= ${NO_MATCH_GOAL.toString()}x the floor`,
      verdict: verdictAtMost(restore / floor, NO_MATCH_GOAL),
    });
  }
  return rows;
}

export async function restoreRows(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const adapter of BENCH_ADAPTERS) {
    const other = BENCH_ADAPTERS.find((candidate) => candidate !== adapter);
    rows.push(...(await adapterRows(adapter, other?.entryType ?? 'other-extension-state')));
  }
  return rows;
}
