import { createFakePiHost, type FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import contextGuardExtension from '../../src/extension.js';
import { formatRejection } from '../../src/format.js';
import { formatFooter } from '../../src/ui/footer.js';
import { guardState, protectedText } from '../expected-messages.js';

// What Context Guard keeps in view on each surface (test/e2e/rpc-client.test.ts checks the same with
// Pi's own RpcClient): its footer, and the replies to its command.

async function startIn(mode: 'tui' | 'rpc' | 'print'): Promise<FakePiHost> {
  const host = createFakePiHost({ mode });
  await host.load(contextGuardExtension);
  await host.startSession('startup');
  return host;
}

describe('the surfaces context-guard-pi draws on', () => {
  it('gives an RPC client the footer without the terminal’s separator, and the terminal with it', async () => {
    const client = await startIn('rpc');
    const terminal = await startIn('tui');
    for (const host of [client, terminal]) {
      await host.runCommand('/context-guard add ship goal --critical Ship it');
    }
    const footer = formatFooter(guardState([['ship', 'goal', 'Ship it', true]])) ?? '';
    expect(client.statuses.get('context-guard')).toBe(footer);
    // The kit's bar sets it apart where Pi's terminal joins every extension's status on one line.
    expect(terminal.statuses.get('context-guard')).toBe(`│ ${footer}`);
  });

  it('tells a client every answer, a saved change included; the terminal shows that change as a chat line', async () => {
    const client = await startIn('rpc');
    const terminal = await startIn('tui');
    for (const host of [client, terminal]) {
      await host.runCommand('/context-guard add ship goal Ship it');
      await host.runCommand('/context-guard remove nope');
    }
    expect(client.takeNotifications().map((notice) => notice.message)).toEqual([
      protectedText('ship', 'goal'),
      formatRejection({ code: 'unknown_item', id: 'nope', recorded: ['ship'] }, 'person'),
    ]);
    expect(terminal.takeNotifications().map((notice) => notice.message)).toEqual([formatRejection({ code: 'unknown_item', id: 'nope', recorded: ['ship'] }, 'person')]);
  });

  it('clears the footer when nothing is protected, and draws nothing in print or JSON mode', async () => {
    const client = await startIn('rpc');
    await client.runCommand('/context-guard add ship goal Ship it');
    await client.runCommand('/context-guard clear --yes');
    expect(client.statuses.has('context-guard')).toBe(false);
    const print = await startIn('print');
    await print.runCommand('/context-guard add ship goal Ship it');
    expect(print.statuses.size).toBe(0);
    expect(print.notifications).toEqual([]);
  });
});
