import { isTerminalUnsafe } from '@j1nn0/pi-adapter-kit';
import { createFakePiHost, type FakePiHost } from '@j1nn0/pi-testkit';
import { drawnWidget } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import agentStateExtension from '../../src/extension.js';
import { formatPanelVisibility } from '../../src/format.js';
import { PANEL_MAX_LINES, PANEL_WIDGET_KEY } from '../../src/ui/panel.js';
import { expectedFooter, expectedPanel } from '../agent-state-host.js';
import { atNineToday, snapshotOf } from '../snapshots.js';

// One adapter, three surfaces (test/e2e/rpc-client.test.ts checks the same with Pi's own RpcClient):
// the terminal UI draws a component panel and a footer set apart by a bar; an RPC client gets the
// panel's plain lines and the bare footer; print and JSON mode get nothing.

async function startIn(mode: 'tui' | 'rpc' | 'print'): Promise<FakePiHost> {
  const host = createFakePiHost({ mode, clock: atNineToday });
  await host.load(agentStateExtension);
  await host.startSession('startup');
  return host;
}

async function run(host: FakePiHost, ...commands: readonly string[]): Promise<string[]> {
  for (const command of commands) {
    await host.runCommand(`/agent-state ${command}`);
  }
  return host.takeNotifications().map((notice) => notice.message);
}

/** The panel a client received: plain strings, or nothing when it was cleared or never sent. */
function clientPanel(host: FakePiHost): unknown {
  return host.widgets.get(PANEL_WIDGET_KEY);
}

describe('the surfaces agent-state-pi draws on', () => {
  it('sends an RPC client the terminal panel’s lines as plain text, following every change', async () => {
    const host = await startIn('rpc');
    expect(host.widgets.has(PANEL_WIDGET_KEY)).toBe(false);
    await run(host, 'objective Ship the parser', 'add parse Parse the arguments');
    expect(clientPanel(host)).toEqual(await expectedPanel(host));
    await run(host, 'add docs Write the README', 'set parse done');
    expect(clientPanel(host)).toEqual(await expectedPanel(host));
    expect(clientPanel(host)).toHaveLength(2);
  });

  it('gives a client the same lines and row budget as the terminal, with no escape codes', async () => {
    const commands = [
      'objective Ship \u001b[31mred\u001b[0m',
      ...Array.from({ length: 9 }, (_, index) => `add w${index + 1} Item ${index + 1}`),
    ];
    const client = await startIn('rpc');
    const terminal = await startIn('tui');
    await run(client, ...commands);
    await run(terminal, ...commands);
    const lines = clientPanel(client) as string[];
    expect(lines).toHaveLength(PANEL_MAX_LINES);
    expect(lines).toEqual(await expectedPanel(client));
    expect(lines).toEqual(drawnWidget(terminal, PANEL_WIDGET_KEY, 200));
    const unsafe = lines.flatMap((line) => Array.from(line, (character) => character.codePointAt(0) ?? 0)).filter(isTerminalUnsafe);
    expect(unsafe).toEqual([]);
    expect(lines[0]).toContain('Ship \\u001b[31mred\\u001b[0m');
  });

  it('sends a client whole lines; only the terminal cuts them to its width', async () => {
    const long = 'A'.repeat(150);
    const client = await startIn('rpc');
    const terminal = await startIn('tui');
    await run(client, `add long ${long}`);
    await run(terminal, `add long ${long}`);
    expect(clientPanel(client)).toEqual(await expectedPanel(client));
    expect((clientPanel(client) as string[]).some((line) => line.includes(long))).toBe(true);
    expect(drawnWidget(terminal, PANEL_WIDGET_KEY, 80).every((line) => line.length <= 80)).toBe(true);
  });

  it('clears the client’s panel on panel off and on an emptied state, and says where the panel is', async () => {
    const host = await startIn('rpc');
    expect(await run(host, 'panel on')).toEqual([formatPanelVisibility(true, 'client', snapshotOf())]);
    await run(host, 'add parse Parse the arguments');
    expect(await run(host, 'panel off')).toEqual([formatPanelVisibility(false, 'client', snapshotOf({ workItems: [{ id: 'parse', content: 'Parse the arguments' }] }))]);
    expect(host.widgets.has(PANEL_WIDGET_KEY)).toBe(false);
    await run(host, 'add docs Docs');
    expect(host.widgets.has(PANEL_WIDGET_KEY)).toBe(false);
    expect(await run(host, 'panel on')).toEqual([formatPanelVisibility(true, 'client', snapshotOf({ workItems: [{ id: 'parse', content: 'Parse the arguments' }] }))]);
    expect(clientPanel(host)).toHaveLength(3);
    await run(host, 'clear --yes');
    expect(host.widgets.has(PANEL_WIDGET_KEY)).toBe(false);
    expect(host.statuses.has('agent-state')).toBe(false);
  });

  it('gives a client the footer without the terminal’s separator, and the terminal with it', async () => {
    const client = await startIn('rpc');
    const terminal = await startIn('tui');
    for (const host of [client, terminal]) {
      await run(host, 'add parse P', 'add docs D', 'set docs blocked');
    }
    const footer = await expectedFooter(client);
    expect(footer).toBeDefined();
    expect(client.statuses.get('agent-state')).toBe(footer);
    expect(terminal.statuses.get('agent-state')).toBe(`│ ${footer ?? ''}`);
  });

  it('keeps the terminal’s component panel and its replies', async () => {
    const host = await startIn('tui');
    expect(await run(host, 'panel on')).toEqual([formatPanelVisibility(true, 'terminal', snapshotOf())]);
    await run(host, 'add parse Parse the arguments');
    expect(typeof host.widgets.get(PANEL_WIDGET_KEY)).toBe('function');
    expect(await run(host, 'panel on')).toEqual([formatPanelVisibility(true, 'terminal', snapshotOf({ workItems: [{ id: 'parse', content: 'Parse the arguments' }] }))]);
  });

  it('draws nothing in print or JSON mode, where Pi has no UI', async () => {
    const host = await startIn('print');
    await run(host, 'add parse Parse the arguments', 'panel on');
    expect(host.widgets.size).toBe(0);
    expect(host.statuses.size).toBe(0);
    expect(host.notifications).toEqual([]);
  });
});
