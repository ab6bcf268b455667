import type { FakePiHost } from '@j1nn0/pi-testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompactionCheck } from '../../agent-context-guard-pi/src/check-entry.js';
import {
  formatCheckNotice,
  formatList,
  formatPendingCheck,
  formatStatus as formatContextGuardStatus,
  formatUnreadableEntry as formatContextGuardUnreadable,
  type GuardStatus,
} from '../../agent-context-guard-pi/src/format.js';
import { EMPTY_GUARD_STATE, type GuardState } from '../../agent-context-guard-pi/src/guard-state.js';
import { formatUnreadableEntry as formatAgentStateUnreadable } from '../../agent-state-pi/src/format.js';
import { EMPTY_SNAPSHOT, snapshotOf } from '../../agent-state-pi/test/snapshots.js';
import {
  AGENT_STATE_COMMAND,
  ALL_ADAPTER_TOOLS,
  CONTEXT_GUARD_CHECK_ENTRY_TYPE,
  CONTEXT_GUARD_COMMAND,
} from './support/adapter-names.js';
import {
  ENTRY_TYPE_OF,
  entryCounts,
  expectCleanRun,
  newestPayload,
  playSteps,
  readBothStates,
  runStep,
  startHostWithBothAdapters,
  takeNotices,
  type Adapter,
  type BothStates,
  type Step,
} from './support/fake-host-with-both-adapters.js';

// Both adapters share one branch: every step appends one entry of its own type between the other's.
const INTERLEAVED: readonly Step[] = [
  { adapter: 'agentState', command: '/agent-state objective Ship CSV export' },
  { adapter: 'contextGuard', command: '/context-guard add ship goal --critical Add CSV export to the report page' },
  { adapter: 'agentState', tool: 'agent_state_add_work_item', args: { id: 'parse', content: 'Parse the rows' } },
  {
    adapter: 'contextGuard',
    tool: 'context_guard_protect',
    args: { id: 'no-deps', kind: 'constraint', content: 'Add no new runtime dependencies' },
  },
  { adapter: 'agentState', command: '/agent-state set parse in_progress' },
  { adapter: 'contextGuard', command: '/context-guard recovery critical' },
  { adapter: 'agentState', tool: 'agent_state_add_decision', args: { id: 'quoting', content: 'Quote fields as RFC 4180 says' } },
  { adapter: 'contextGuard', command: '/context-guard remove no-deps' },
];

/** What `readBothStates` reads of Context Guard: its list, then its status, as its formatters draw them. */
function guardView(state: GuardState, status: Partial<Omit<GuardStatus, 'state'>> = {}): string {
  const shown: GuardStatus = { state, discarded: false, verificationPending: false, lastCheck: undefined, ...status };
  return `${formatList(state)}\n${formatContextGuardStatus(shown)}`;
}

/** What INTERLEAVED leaves Context Guard holding. */
const FINAL_GUARD: GuardState = {
  recovery: 'critical',
  items: [{ id: 'ship', kind: 'goal', content: 'Add CSV export to the report page', critical: true }],
};

/** The check of a compaction whose summary kept the one protected item. */
const SHIP_KEPT: CompactionCheck = {
  kind: 'verified',
  compactionId: 'any',
  ok: true,
  preserved: 1,
  changed: [],
  lost: [],
  unknown: [],
  restored: 0,
  restoredIds: [],
};

const FINAL: BothStates = {
  agentState: snapshotOf({
    objective: 'Ship CSV export',
    workItems: [{ id: 'parse', content: 'Parse the rows', status: 'in_progress' }],
    decisions: [{ id: 'quoting', content: 'Quote fields as RFC 4180 says' }],
  }),
  contextGuard: guardView(FINAL_GUARD),
};

const EMPTY: BothStates = {
  agentState: EMPTY_SNAPSHOT,
  contextGuard: guardView(EMPTY_GUARD_STATE),
};

/** What each adapter shows after it discarded an unreadable newest entry. */
const DISCARDED: BothStates = {
  agentState: EMPTY_SNAPSHOT,
  contextGuard: guardView(EMPTY_GUARD_STATE, { discarded: true }),
};

type EnvelopeProblem = 'missing_payload' | 'malformed_payload';

const UNREADABLE_WARNING: Readonly<Record<Adapter, (problem: EnvelopeProblem) => string>> = {
  agentState: formatAgentStateUnreadable,
  contextGuard: formatContextGuardUnreadable,
};

const OTHER: Readonly<Record<Adapter, Adapter>> = { agentState: 'contextGuard', contextGuard: 'agentState' };

/** Expected states when `broken` discarded its entry and the other adapter restored the final state. */
function withDiscarded(broken: Adapter): BothStates {
  return { ...FINAL, [broken]: DISCARDED[broken] };
}

describe('Agent State and Context Guard in one fake Pi host', () => {
  let host: FakePiHost;

  beforeEach(async () => {
    host = await startHostWithBothAdapters();
  });

  afterEach(() => {
    expectCleanRun(host);
  });

  it.each([
    ['Agent State', 'Context Guard', ['agentState', 'contextGuard']],
    ['Context Guard', 'Agent State', ['contextGuard', 'agentState']],
  ] as const)('registers distinct commands, tools and entry types when %s loads before %s', async (_first, _second, order) => {
    host = await startHostWithBothAdapters(order);

    expect([...host.commands.keys()].sort()).toEqual([AGENT_STATE_COMMAND, CONTEXT_GUARD_COMMAND]);
    expect([...host.tools.keys()].sort()).toEqual([...ALL_ADAPTER_TOOLS].sort());
    expect(host.registrationProblems).toEqual([]);
    await playSteps(host, INTERLEAVED);
    expect(host.entryTypes().sort()).toEqual([ENTRY_TYPE_OF.agentState, ENTRY_TYPE_OF.contextGuard].sort());
    expect(await readBothStates(host)).toEqual(FINAL);
  });

  it('changes only the state and the entries of the adapter a step goes through', async () => {
    for (const step of INTERLEAVED) {
      const other = OTHER[step.adapter];
      const before = await readBothStates(host);
      const countsBefore = entryCounts(host);

      await runStep(host, step);

      const after = await readBothStates(host);
      const countsAfter = entryCounts(host);
      expect(after[step.adapter], JSON.stringify(step)).not.toEqual(before[step.adapter]);
      expect(after[other], JSON.stringify(step)).toEqual(before[other]);
      expect(countsAfter[step.adapter]).toBe(countsBefore[step.adapter] + 1);
      expect(countsAfter[other]).toBe(countsBefore[other]);
    }
  });

  it('restores both from the interleaved entries after a restart, appending nothing', async () => {
    await playSteps(host, INTERLEAVED);
    const counts = entryCounts(host);
    takeNotices(host);

    await host.restart();

    expect(takeNotices(host)).toEqual([]);
    expect(await readBothStates(host)).toEqual(FINAL);
    expect(entryCounts(host)).toEqual(counts);
  });

  it('starts both empty in a new session and restores both when the first one is resumed', async () => {
    const first = host.session;
    await playSteps(host, INTERLEAVED);

    await host.newSession();
    expect(await readBothStates(host)).toEqual(EMPTY);
    await host.switchSession(first);

    expect(await readBothStates(host)).toEqual(FINAL);
  });

  it('shows, after a tree move to each earlier entry, the state each adapter had saved by then', async () => {
    const history = await playSteps(host, INTERLEAVED);

    for (const point of [...history].reverse()) {
      await host.navigateTree(point.entryId);
      expect(await readBothStates(host), point.entryId).toEqual(point.states);
    }
    // The earliest point holds only the objective: Context Guard found no entry of its own yet.
    expect(history[0]?.states.contextGuard).toBe(EMPTY.contextGuard);
  });

  it('restores both in a fork at an earlier entry and leaves the original session as it was', async () => {
    const original = host.session;
    const history = await playSteps(host, INTERLEAVED);
    const forkPoint = history[3];
    if (forkPoint === undefined) throw new Error('the script is shorter than the fork point');

    await host.fork(forkPoint.entryId);
    expect(await readBothStates(host)).toEqual(forkPoint.states);
    await runStep(host, { adapter: 'agentState', command: '/agent-state add fork-only Only in the fork' });
    await runStep(host, { adapter: 'contextGuard', command: '/context-guard add fork-fact fact Only in the fork' });
    await host.switchSession(original);

    expect(await readBothStates(host)).toEqual(FINAL);
  });

  it("keeps Context Guard's last check in its own entry type through a compaction and a restart, beside Agent State", async () => {
    await playSteps(host, INTERLEAVED);
    // The summary keeps the one item, so nothing is restored and no message is handed to Pi.
    const summary = 'The goal: Add CSV export to the report page.';
    await host.compact({ summary });
    await host.emit('context', { type: 'context', messages: [{ role: 'compactionSummary', summary, timestamp: 1 }] });
    const counts = entryCounts(host);
    expect(takeNotices(host)).toEqual([
      ['info', formatPendingCheck(FINAL_GUARD.items)],
      ['info', formatCheckNotice(SHIP_KEPT)],
    ]);

    await host.restart();

    expect(host.entryTypes().sort()).toEqual([ENTRY_TYPE_OF.agentState, CONTEXT_GUARD_CHECK_ENTRY_TYPE, ENTRY_TYPE_OF.contextGuard].sort());
    expect(host.session.customEntries(CONTEXT_GUARD_CHECK_ENTRY_TYPE)).toHaveLength(1);
    expect(entryCounts(host)).toEqual(counts);
    expect(await readBothStates(host)).toEqual({ ...FINAL, contextGuard: guardView(FINAL_GUARD, { lastCheck: SHIP_KEPT }) });
  });

  // The broken entry is the newest of the whole branch, so the other adapter must also walk past it.
  it.each([
    ['agentState', 'missing_payload', () => null],
    ['contextGuard', 'missing_payload', () => null],
    ['agentState', 'malformed_payload', (other: unknown) => other],
    ['contextGuard', 'malformed_payload', (other: unknown) => other],
  ] as const)('when the newest %s entry has %s, only that adapter warns and starts empty', async (broken, problem, brokenData) => {
    await playSteps(host, INTERLEAVED);
    // The malformed case files the other adapter's valid payload under this adapter's type.
    host.session.appendRaw({ type: 'custom', customType: ENTRY_TYPE_OF[broken], data: brokenData(newestPayload(host, OTHER[broken])) });
    takeNotices(host);

    await host.restart();

    expect(takeNotices(host)).toEqual([['warning', UNREADABLE_WARNING[broken](problem)]]);
    expect(await readBothStates(host)).toEqual(withDiscarded(broken));
  });
});
