import { createFakePiHost, FakePiHostError, type FakePiHost } from '@j1nn0/pi-testkit';
import { drawnWidget } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import agentStateExtension from '../../src/extension.js';
import { formatPanelKeyIdle } from '../../src/format.js';
import { PANEL_TOGGLE_KEY, PANEL_WIDGET_KEY } from '../../src/ui/panel.js';
import { PANEL_TOGGLE_DESCRIPTION } from '../../src/ui/panel-shortcut.js';
import { STATE_ENTRY_TYPE } from '../../src/persistence.js';
import { expectedPanel } from '../agent-state-host.js';
import { atNineToday } from '../snapshots.js';

// The panel's key in the terminal UI: one press collapses the panel to its counts, the next expands
// it. The collapse is the person's view: it is not saved, and `panel off|on` still decide.

async function startTerminal(): Promise<FakePiHost> {
  const host = createFakePiHost({ mode: 'tui', clock: atNineToday });
  await host.load(agentStateExtension);
  await host.startSession('startup');
  return host;
}

async function run(host: FakePiHost, ...commands: readonly string[]): Promise<void> {
  for (const command of commands) await host.runCommand(`/agent-state ${command}`);
  host.takeNotifications();
}

const panel = (host: FakePiHost): string[] => drawnWidget(host, PANEL_WIDGET_KEY);

describe(`the panel key (${PANEL_TOGGLE_KEY})`, () => {
  it('is registered once, with a description for /hotkeys, and reaches no other mode: an RPC client has no keys', async () => {
    const host = await startTerminal();
    expect([...host.shortcuts.keys()]).toEqual([PANEL_TOGGLE_KEY]);
    expect(host.shortcuts.get(PANEL_TOGGLE_KEY)?.description).toBe(PANEL_TOGGLE_DESCRIPTION);
    expect(host.registrationProblems).toEqual([]);
    const client = createFakePiHost({ mode: 'rpc' });
    await client.load(agentStateExtension);
    await client.startSession('startup');
    await expect(client.pressShortcut(PANEL_TOGGLE_KEY)).rejects.toThrow(FakePiHostError);
  });

  it('collapses the panel to one line, keeps it so across a change, and expands it again, saving nothing of it; a new Pi starts expanded', async () => {
    const host = await startTerminal();
    await run(host, 'objective Ship it', 'add a A', 'add b B', 'add c C', 'set a done', 'set b in_progress');
    const saved = host.session.customEntries(STATE_ENTRY_TYPE).length;

    await host.pressShortcut(PANEL_TOGGLE_KEY);
    expect(panel(host)).toEqual(await expectedPanel(host, { collapsed: true }));
    expect(panel(host)).toHaveLength(1);
    await run(host, 'set c blocked');
    expect(panel(host)).toEqual(await expectedPanel(host, { collapsed: true }));

    await host.pressShortcut(PANEL_TOGGLE_KEY);
    expect(panel(host)).toEqual(await expectedPanel(host));
    expect(panel(host)).toHaveLength(3);
    expect(host.session.customEntries(STATE_ENTRY_TYPE)).toHaveLength(saved + 1);
    expect(host.notifications).toEqual([]);
    expect(host.extensionErrors).toEqual([]);

    await host.pressShortcut(PANEL_TOGGLE_KEY);
    await host.restart();
    expect(panel(host)).toEqual(await expectedPanel(host));
  });

  it('says there is no panel yet on an empty state, and how to turn it on while it is off; panel on shows it whole', async () => {
    const host = await startTerminal();
    await host.pressShortcut(PANEL_TOGGLE_KEY);
    expect(host.takeNotifications()).toEqual([{ message: formatPanelKeyIdle('empty'), type: 'info' }]);
    await run(host, 'add a A');
    expect(panel(host)).toEqual(await expectedPanel(host));

    await host.pressShortcut(PANEL_TOGGLE_KEY);
    await run(host, 'panel off');
    await host.pressShortcut(PANEL_TOGGLE_KEY);
    expect(host.takeNotifications()).toEqual([{ message: formatPanelKeyIdle('panel_off'), type: 'info' }]);
    expect(host.widgets.has(PANEL_WIDGET_KEY)).toBe(false);
    await run(host, 'panel on');
    expect(panel(host)).toEqual(await expectedPanel(host));
    expect(panel(host)).toHaveLength(2);
  });
});
