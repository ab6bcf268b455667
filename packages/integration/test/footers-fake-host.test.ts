import type { FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import { startHostWithBothAdapters } from './support/fake-host-with-both-adapters.js';

// Pi's terminal UI draws the footer statuses of all extensions on one line, joined with one space, and
// cuts it at the terminal width. Both adapters' statuses must fit in 80 columns side by side at any
// count. An RPC client gets each status by its key, without the terminal's separator.

const FOOTER_WIDTH = 80;

async function atTheLimits(mode: 'rpc' | 'tui'): Promise<FakePiHost> {
  const host = await startHostWithBothAdapters(['agentState', 'contextGuard'], mode);
  // 200 work items (the limit), 100 done and 100 blocked: three-digit counts everywhere.
  for (let index = 0; index < 200; index += 1) {
    await host.runCommand(`/agent-state add w${index} Work item ${index}`);
    await host.runCommand(`/agent-state set w${index} ${index % 2 === 0 ? 'done' : 'blocked'}`);
  }
  // 100 protected items (the limit), all critical.
  for (let index = 0; index < 100; index += 1) {
    await host.runCommand(`/context-guard add g${index} goal --critical Goal ${index}`);
  }
  return host;
}

describe('the two adapters\' footers side by side', () => {
  it('fit in 80 columns of the terminal at the largest counts the limits allow, with a visible separator', async () => {
    const host = await atTheLimits('tui');
    const footer = [host.statuses.get('agent-state'), host.statuses.get('context-guard')].join(' ');
    expect(footer).toBe('│ Agent State 100/200 done, 100 blocked │ Context Guard 100 items, 100 critical');
    expect(Array.from(footer).length).toBeLessThanOrEqual(FOOTER_WIDTH);
  });

  it('reach an RPC client as two statuses without the separator', async () => {
    const host = await atTheLimits('rpc');
    expect(host.statuses.get('agent-state')).toBe('Agent State 100/200 done, 100 blocked');
    expect(host.statuses.get('context-guard')).toBe('Context Guard 100 items, 100 critical');
  });
});
