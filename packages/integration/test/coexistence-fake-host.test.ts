import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import type { FakePiHost } from '@j1nn0/pi-testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { formatUnreadableEntry as formatContextGuardUnreadable } from '../../agent-context-guard-pi/src/format.js';
import type { ContextGuardOutput } from '../../agent-context-guard-pi/src/structured-output.js';
import { readGuard } from '../../agent-context-guard-pi/test/context-guard-host.js';
import { formatUnreadableEntry as formatAgentStateUnreadable } from '../../agent-state-pi/src/format.js';
import { readState } from '../../agent-state-pi/test/agent-state-host.js';
import { EMPTY_SNAPSHOT, snapshotOf } from '../../agent-state-pi/test/snapshots.js';
import { AGENT_STATE_COMMAND, ALL_ADAPTER_TOOLS, CONTEXT_GUARD_COMMAND } from './support/adapter-names.js';
import { ENTRY_TYPE_OF, startHostWithBothAdapters, type Adapter } from './support/fake-host-with-both-adapters.js';

// Both adapters in one fake host share one branch, each step appending one entry of its own type
// between the other's: neither may take the other's command, tool or entries for its own. What each
// adapter does with its own entries (the rules, sessions, forks, /tree, compactions) is proven in its own
// fast tier; that the fake host behaves as every Pi line does, by the host contract.

/** One change through one adapter: a slash command or a model tool call. */
type Step =
  | { readonly adapter: Adapter; readonly command: string }
  | { readonly adapter: Adapter; readonly tool: string; readonly args: Readonly<Record<string, unknown>> };

const INTERLEAVED: readonly Step[] = [
  { adapter: 'agentState', command: '/agent-state objective Ship CSV export' },
  { adapter: 'contextGuard', command: '/context-guard add ship goal --critical Add CSV export to the report page' },
  { adapter: 'agentState', tool: 'agent_state_add_work_item', args: { id: 'parse', content: 'Parse the rows' } },
  { adapter: 'contextGuard', tool: 'context_guard_protect', args: { id: 'no-deps', kind: 'constraint', content: 'Add no new runtime dependencies' } },
  { adapter: 'agentState', command: '/agent-state set parse in_progress' },
  { adapter: 'contextGuard', command: '/context-guard recovery critical' },
  { adapter: 'agentState', tool: 'agent_state_add_decision', args: { id: 'quoting', content: 'Quote fields as RFC 4180 says' } },
  { adapter: 'contextGuard', command: '/context-guard remove no-deps' },
];

/** What each adapter holds, as each gives it to a program (`agent_state_get`, `context_guard_list`). */
interface BothStates {
  readonly agentState: AgentStateSnapshot;
  readonly contextGuard: ContextGuardOutput;
}

const FINAL: BothStates = {
  agentState: snapshotOf({
    objective: 'Ship CSV export',
    workItems: [{ id: 'parse', content: 'Parse the rows', status: 'in_progress' }],
    decisions: [{ id: 'quoting', content: 'Quote fields as RFC 4180 says' }],
  }),
  contextGuard: { recovery: 'critical', items: [{ id: 'ship', kind: 'goal', content: 'Add CSV export to the report page', critical: true }] },
};

const EMPTY: BothStates = { agentState: EMPTY_SNAPSHOT, contextGuard: { recovery: 'off', items: [] } };

const OTHER: Readonly<Record<Adapter, Adapter>> = { agentState: 'contextGuard', contextGuard: 'agentState' };

async function readBoth(host: FakePiHost): Promise<BothStates> {
  return { agentState: await readState(host), contextGuard: await readGuard(host) };
}

/** Saved entries of each adapter's type in the session. */
function entryCounts(host: FakePiHost): Record<Adapter, number> {
  return { agentState: host.session.customEntries(ENTRY_TYPE_OF.agentState).length, contextGuard: host.session.customEntries(ENTRY_TYPE_OF.contextGuard).length };
}

/** Runs one step, which must succeed: one info notice for a command, a non-error result for a tool. */
async function runStep(host: FakePiHost, step: Step): Promise<void> {
  if ('command' in step) {
    await host.runCommand(step.command);
    expect(host.takeNotifications().map((notification) => notification.type), step.command).toEqual(['info']);
  } else {
    expect((await host.executeTool(step.tool, step.args)).isError, step.tool).toBe(false);
  }
}

async function playAll(host: FakePiHost): Promise<void> {
  for (const step of INTERLEAVED) await runStep(host, step);
}

describe('Agent State and Context Guard in one fake Pi host', () => {
  let host: FakePiHost;

  afterEach(() => {
    expect(host.extensionErrors).toEqual([]);
    expect(host.forbiddenCalls).toEqual([]);
    expect(host.registrationProblems).toEqual([]);
  });

  it.each([
    ['Agent State', 'Context Guard', ['agentState', 'contextGuard']],
    ['Context Guard', 'Agent State', ['contextGuard', 'agentState']],
  ] as const)('registers distinct commands and tools when %s loads before %s, and each step changes only its own state and entries', async (_first, _second, order) => {
    host = await startHostWithBothAdapters(order);
    expect([...host.commands.keys()].sort()).toEqual([AGENT_STATE_COMMAND, CONTEXT_GUARD_COMMAND]);
    expect([...host.tools.keys()].sort()).toEqual([...ALL_ADAPTER_TOOLS].sort());
    for (const step of INTERLEAVED) {
      const other = OTHER[step.adapter];
      const [before, countsBefore] = [await readBoth(host), entryCounts(host)];

      await runStep(host, step);

      const [after, countsAfter] = [await readBoth(host), entryCounts(host)];
      expect(after[step.adapter], JSON.stringify(step)).not.toEqual(before[step.adapter]);
      expect(after[other], JSON.stringify(step)).toEqual(before[other]);
      expect([countsAfter[step.adapter], countsAfter[other]]).toEqual([countsBefore[step.adapter] + 1, countsBefore[other]]);
    }
    expect(host.entryTypes().sort()).toEqual([ENTRY_TYPE_OF.agentState, ENTRY_TYPE_OF.contextGuard].sort());
    expect(await readBoth(host)).toEqual(FINAL);
  });

  it('restores both from the interleaved entries after a restart, silently and appending nothing', async () => {
    host = await startHostWithBothAdapters();
    await playAll(host);
    const counts = entryCounts(host);
    host.takeNotifications();

    await host.restart();

    expect(host.takeNotifications()).toEqual([]);
    expect(await readBoth(host)).toEqual(FINAL);
    expect(entryCounts(host)).toEqual(counts);
  });

  // The broken entry is the newest of the whole branch, so the other adapter must also walk past it.
  it.each([
    ['agentState', 'missing_payload', () => null],
    ['contextGuard', 'missing_payload', () => null],
    ['agentState', 'malformed_payload', (other: unknown) => other],
    ['contextGuard', 'malformed_payload', (other: unknown) => other],
  ] as const)('when the newest %s entry has %s, only that adapter warns and starts empty', async (broken, problem, brokenData) => {
    host = await startHostWithBothAdapters();
    await playAll(host);
    // The malformed case files the other adapter's valid payload under this adapter's type.
    const otherPayload = host.session.customEntries(ENTRY_TYPE_OF[OTHER[broken]]).at(-1)?.data;
    host.session.appendRaw({ type: 'custom', customType: ENTRY_TYPE_OF[broken], data: brokenData(otherPayload) });
    host.takeNotifications();

    await host.restart();

    const warning = { agentState: formatAgentStateUnreadable, contextGuard: formatContextGuardUnreadable }[broken](problem);
    expect(host.takeNotifications().map(({ type, message }) => [type, message])).toEqual([['warning', warning]]);
    expect(await readBoth(host)).toEqual({ ...FINAL, [broken]: EMPTY[broken] });
  });
});
