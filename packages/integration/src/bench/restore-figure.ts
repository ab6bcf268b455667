import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { BENCH_ADAPTERS, payloadWithItems, startAdapter, type BenchAdapter } from './bench-adapters.js';
import { formatDuration, verdictAtMost, type BenchRow } from './report.js';
import { timeInterleaved } from './timing.js';

// Figure 1: session_start restore against branch length, the branch prebuilt outside the timing.

const LENGTHS = [1_000, 10_000, 100_000] as const;
const ITEMS_IN_NEWEST_STATE = 50;
const GROWTH_GOAL = 2;
const NO_MATCH_GOAL = 3;

// Branches shaped like Pi's: mostly message entries, a custom state entry every STATE_ENTRY_SPACING
// entries, at STATE_ENTRY_OFFSET in each group, so the newest is 10 entries from the leaf at every size.
const STATE_ENTRY_SPACING = 20;
const STATE_ENTRY_OFFSET = 10;
const TIMESTAMP = '2026-01-01T00:00:00.000Z';

function entryId(index: number): string {
  return index.toString(16).padStart(8, '0');
}

/** A branch of `length` entries whose periodic custom entries are of `customType`, each holding `data` (restore only reads the newest). */
function syntheticBranch(length: number, customType: string, data: unknown): PiSessionEntryPort[] {
  return Array.from({ length }, (_unused, index) => {
    const link = { id: entryId(index), parentId: index === 0 ? null : entryId(index - 1), timestamp: TIMESTAMP };
    if (index % STATE_ENTRY_SPACING === STATE_ENTRY_OFFSET) return { type: 'custom', ...link, customType, data };
    const text = `Message ${index.toString()} of the conversation.`;
    const role = index % 2 === 0 ? 'user' : 'assistant';
    return { type: 'message', ...link, message: { role, content: [{ type: 'text', text }], timestamp: index } };
  });
}

/** The floor: one pass over the branch that reads every entry's type. */
function readEveryType(branch: readonly PiSessionEntryPort[]): number {
  let custom = 0;
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    if (branch[index]?.type === 'custom') custom += 1;
  }
  return custom;
}

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
  const [restore = Number.NaN, floor = Number.NaN] = timeInterleaved([() => handler(event, context), () => readEveryType(branch)]);
  return { restore, floor };
}

async function adapterRows(adapter: BenchAdapter, otherEntryType: string): Promise<BenchRow[]> {
  const data = await payloadWithItems(adapter, ITEMS_IN_NEWEST_STATE);
  const figure = '1 restore';
  const rows: BenchRow[] = [];
  let smallest: number | undefined;
  for (const length of LENGTHS) {
    const { restore, floor } = await timeRestore(adapter, syntheticBranch(length, adapter.entryType, data));
    const measure = `${adapter.label} session_start, newest entry 10 from the leaf, ${lengthLabel(length)} entries`;
    const value = formatDuration(restore);
    if (smallest === undefined) {
      smallest = restore;
      const anchor = `one pass over ${lengthLabel(length)} entries: ${formatDuration(floor)}`;
      rows.push({ figure, measure, value, anchor, ratio: restore / floor, goal: 'base of the growth ratio', verdict: 'info' });
    } else {
      const growth = restore / smallest;
      const anchor = `same restore at 1k entries: ${formatDuration(smallest)}`;
      rows.push({ figure, measure, value, anchor, ratio: growth, goal: `<= ${GROWTH_GOAL.toString()}x`, verdict: verdictAtMost(growth, GROWTH_GOAL) });
    }
  }
  for (const length of LENGTHS) {
    // Only the other adapter's entries: restore must walk the whole branch and find nothing.
    const { restore, floor } = await timeRestore(adapter, syntheticBranch(length, otherEntryType, {}));
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
