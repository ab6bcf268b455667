import type { FakePiHost } from '@j1nn0/pi-testkit';
import { drawnEntryLines, drawnWidget, startTuiHost } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import agentStateExtension, { STATE_ENTRY_TYPE } from '../../src/extension.js';
import { formatPanelVisibility } from '../../src/format.js';
import { expectedFooter, expectedPanel, savedChangeWords } from '../agent-state-host.js';
import { atNineToday, snapshotOf } from '../snapshots.js';

// The extension as Pi's terminal UI (mode `tui`, Pi 0.84+) sees it: a panel widget, one chat line per
// saved entry, and notifications only for what the chat line does not already say.

const startTui = (): Promise<FakePiHost> => startTuiHost(agentStateExtension, { clock: atNineToday });
const chatLines = (host: FakePiHost): string[] => drawnEntryLines(host, STATE_ENTRY_TYPE);
/** One chat line per saved change on the branch, each saying what that change did (change-line.test.ts has the words). */
const expectedChatLines = (host: FakePiHost): unknown[] => savedChangeWords(host).map((words): unknown => expect.stringContaining(words));
const panelOf = (host: FakePiHost, width = 80): string[] => drawnWidget(host, 'agent-state', width);

describe('agent-state-pi in the terminal UI', () => {
  it('shows a saved change as a chat line, not also as a notification', async () => {
    const host = await startTui();
    await host.runCommand('/agent-state add parse Parse the arguments');
    await host.runCommand('/agent-state set parse in_progress');
    expect(host.takeNotifications()).toEqual([]);
    expect(chatLines(host)).toHaveLength(2);
    expect(chatLines(host)).toEqual(expectedChatLines(host));
  });

  it('still notifies rejections, answers that change nothing, and the status listing', async () => {
    const host = await startTui();
    await host.runCommand('/agent-state add parse P');
    await host.runCommand('/agent-state add parse again');
    await host.runCommand('/agent-state set parse open');
    await host.runCommand('/agent-state status');
    expect(host.takeNotifications().map((notice) => notice.type)).toEqual(['warning', 'info', 'info']);
  });

  it('draws the lines again after a restart, each against the entry before it on the branch', async () => {
    const host = await startTui();
    for (const args of ['objective Ship', 'add a A', 'add b B', 'set a done', 'remove b', 'clear --yes']) {
      await host.runCommand(`/agent-state ${args}`);
    }
    await host.restart();
    expect(chatLines(host)).toHaveLength(6);
    expect(chatLines(host)).toEqual(expectedChatLines(host));
  });

  it('draws a line for a change the model made through a tool', async () => {
    const host = await startTui();
    await host.executeTool('agent_state_add_work_item', { id: 'docs', content: 'Docs' });
    expect(chatLines(host)).toHaveLength(1);
    expect(chatLines(host)).toEqual(expectedChatLines(host));
  });

  it('keeps the panel above the editor in step with the state, and lets the person hide and show it', async () => {
    const host = await startTui();
    expect(panelOf(host)).toEqual([]);
    await host.runCommand('/agent-state objective Ship the parser');
    await host.runCommand('/agent-state add parse Parse the arguments');
    expect(panelOf(host)).toEqual(await expectedPanel(host));
    expect(panelOf(host)).toHaveLength(2);

    await host.runCommand('/agent-state panel off');
    expect(panelOf(host)).toEqual([]);
    await host.runCommand('/agent-state add docs Docs');
    expect(panelOf(host)).toEqual([]);
    await host.runCommand('/agent-state panel on');
    expect(panelOf(host)).toHaveLength(3);
    expect(host.takeNotifications().map((notice) => notice.message)).toEqual([
      formatPanelVisibility(false, 'terminal', snapshotOf()),
      formatPanelVisibility(true, 'terminal', snapshotOf({ workItems: [{ id: 'parse', content: 'P' }] })),
    ]);
  });

  it('restores the panel and the footer on a resume', async () => {
    const host = await startTui();
    await host.runCommand('/agent-state add parse Parse the arguments');
    await host.restart();
    expect(panelOf(host)).toEqual(await expectedPanel(host));
    expect(host.statuses.get('agent-state')).toBe(`│ ${(await expectedFooter(host)) ?? ''}`);
  });
});
