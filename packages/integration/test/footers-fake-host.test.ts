import { summarizeAgentState } from '@j1nn0/agent-state';
import type { FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import { MAX_ITEMS as GUARD_MAX_ITEMS } from '../../agent-context-guard-pi/src/limits.js';
import { FOOTER_STATUS_KEY as GUARD_FOOTER_KEY, formatFooter as formatGuardFooter } from '../../agent-context-guard-pi/src/ui/footer.js';
import { readGuard } from '../../agent-context-guard-pi/test/context-guard-host.js';
import { MAX_WORK_ITEMS } from '../../agent-state-pi/src/limits.js';
import { FOOTER_STATUS_KEY as AGENT_STATE_FOOTER_KEY, formatFooter as formatAgentStateFooter } from '../../agent-state-pi/src/ui/footer.js';
import { readState } from '../../agent-state-pi/test/agent-state-host.js';
import { startHostWithBothAdapters } from './support/fake-host-with-both-adapters.js';

// Pi's terminal UI draws the footer statuses of all extensions on one line, joined with one space, and
// cuts it at the terminal width. Both adapters' statuses must fit in 80 columns side by side at any
// count. An RPC client gets each status by its key, without the terminal's separator. The words are
// each adapter's footer function's, for the state read as structure.

const FOOTER_WIDTH = 80;

async function atTheLimits(mode: 'rpc' | 'tui'): Promise<FakePiHost> {
  const host = await startHostWithBothAdapters(['agentState', 'contextGuard'], mode);
  // Every work item the limit allows, half done, a quarter in progress and a quarter blocked: the longest counts.
  for (let index = 0; index < MAX_WORK_ITEMS; index += 1) {
    await host.runCommand(`/agent-state add w${index} Work item ${index}`);
    await host.runCommand(`/agent-state set w${index} ${(['done', 'done', 'in_progress', 'blocked'] as const)[index % 4] ?? 'done'}`);
  }
  // Every protected item the limit allows, all critical.
  for (let index = 0; index < GUARD_MAX_ITEMS; index += 1) {
    await host.runCommand(`/context-guard add g${index} goal --critical Goal ${index}`);
  }
  // The footers below speak of these counts.
  expect(summarizeAgentState(await readState(host))).toMatchObject({ total: MAX_WORK_ITEMS, done: MAX_WORK_ITEMS / 2, in_progress: MAX_WORK_ITEMS / 4, blocked: MAX_WORK_ITEMS / 4 });
  const guard = await readGuard(host);
  expect(guard.items).toHaveLength(GUARD_MAX_ITEMS);
  expect(guard.items.every((item) => item.critical)).toBe(true);
  return host;
}

/** Each adapter's footer words for what it holds, as its footer function draws them. */
async function expectedFooters(host: FakePiHost): Promise<[string, string]> {
  const state = await readState(host);
  const agentState = formatAgentStateFooter(state);
  const guard = formatGuardFooter(await readGuard(host));
  if (agentState === undefined || guard === undefined) throw new Error('a full state has a footer');
  return [agentState, guard];
}

describe('the two adapters\' footers side by side', () => {
  it('fit in 80 columns of the terminal at the largest counts the limits allow, a visible separator between them and none before the first', async () => {
    const host = await atTheLimits('tui');
    const [agentStateWords, guardWords] = await expectedFooters(host);
    const agentState = host.statuses.get(AGENT_STATE_FOOTER_KEY) ?? '';
    const guard = host.statuses.get(GUARD_FOOTER_KEY) ?? '';
    // Pi draws the statuses in key order: Agent State's first, as it is; Context Guard's after a separator.
    expect(agentState).toBe(agentStateWords);
    const separator = guard.slice(0, guard.length - guardWords.length);
    expect(guard).toBe(`${separator}${guardWords}`);
    expect(separator.trim()).not.toBe('');
    const footer = [agentState, guard].join(' ');
    expect(Array.from(footer).length).toBeLessThanOrEqual(FOOTER_WIDTH);
  });

  it('reach an RPC client as two statuses without the separator', async () => {
    const host = await atTheLimits('rpc');
    const [agentStateWords, guardWords] = await expectedFooters(host);
    expect(host.statuses.get(AGENT_STATE_FOOTER_KEY)).toBe(agentStateWords);
    expect(host.statuses.get(GUARD_FOOTER_KEY)).toBe(guardWords);
  });
});
