import { isTerminalUnsafe } from '@j1nn0/pi-adapter-kit';
import { createFakePiHost, type FakePiHost } from '@j1nn0/pi-testkit';
import { drawnEntryLines, drawnWidget } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import agentStateExtension, { STATE_ENTRY_TYPE } from '../../src/extension.js';
import { NOT_SAVED_YET, formatExport, formatExportReply, formatPanelVisibility } from '../../src/format.js';
import { FOOTER_NOT_SAVED } from '../../src/ui/footer.js';
import { PANEL_MAX_LINES, PANEL_WIDGET_KEY } from '../../src/ui/panel.js';
import { expectedFooter, expectedPanel, readDeclared, readSince, readState, savedChangeWords } from '../agent-state-host.js';
import { atNineToday, snapshotOf } from '../snapshots.js';

// One adapter, three surfaces (test/e2e/ checks each in the real Pi): the terminal UI (mode `tui`, Pi
// 0.84+) draws a component panel, a footer set apart by a bar and a chat line per saved change; an RPC
// client gets the panel's plain lines and the bare footer; print and JSON mode get nothing.

async function startIn(mode: 'tui' | 'rpc' | 'print'): Promise<FakePiHost> {
  const host = createFakePiHost({ mode, clock: atNineToday });
  await host.load(agentStateExtension);
  await host.startSession('startup');
  return host;
}

async function run(host: FakePiHost, ...commands: readonly string[]): Promise<string[]> {
  for (const command of commands) await host.runCommand(`/agent-state ${command}`);
  return host.takeNotifications().map((notice) => notice.message);
}

/** The panel as each surface shows it: a client's plain lines, the terminal's component drawn at `width`. */
function panelOf(host: FakePiHost, width = 80): unknown {
  return host.mode === 'tui' ? drawnWidget(host, PANEL_WIDGET_KEY, width) : (host.widgets.get(PANEL_WIDGET_KEY) ?? []);
}

describe('the surfaces agent-state-pi draws on', () => {
  it("sends an RPC client the terminal panel's lines as plain text after every change: the same row budget, whole lines, no escape codes", async () => {
    const client = await startIn('rpc');
    const terminal = await startIn('tui');
    expect(client.widgets.has(PANEL_WIDGET_KEY)).toBe(false);
    await run(client, 'objective Ship the parser', 'add parse Parse the arguments');
    expect(panelOf(client)).toEqual(await expectedPanel(client));
    const commands = ['objective Ship \u001b[31mred\u001b[0m', `add long ${'A'.repeat(150)}`, ...Array.from({ length: 8 }, (_, index) => `add w${index + 1} Item ${index + 1}`)];
    await run(client, ...commands);
    await run(terminal, 'objective Ship the parser', 'add parse Parse the arguments', ...commands);
    const lines = panelOf(client) as string[];
    expect(lines).toEqual(await expectedPanel(client));
    expect(lines).toHaveLength(PANEL_MAX_LINES);
    expect(lines).toEqual(drawnWidget(terminal, PANEL_WIDGET_KEY, 200));
    expect(lines.flatMap((line) => Array.from(line, (character) => character.codePointAt(0) ?? 0)).filter(isTerminalUnsafe)).toEqual([]);
    // Only the terminal cuts a line to its width.
    expect(lines.some((line) => line.includes('A'.repeat(150)))).toBe(true);
    expect(drawnWidget(terminal, PANEL_WIDGET_KEY, 80).every((line) => line.length <= 80)).toBe(true);
  });

  it.each([
    ['an RPC client', 'rpc', 'client'],
    ['the terminal', 'tui', 'terminal'],
  ] as const)('in %s, panel off hides the panel and panel on shows it again, each reply saying where it is; an emptied state clears it and the footer', async (_name, mode, surface) => {
    const host = await startIn(mode);
    const parse = snapshotOf({ workItems: [{ id: 'parse', content: 'Parse the arguments' }] });
    expect(await run(host, 'panel on')).toEqual([formatPanelVisibility(true, surface, snapshotOf())]);
    await run(host, 'add parse Parse the arguments');
    expect(await run(host, 'panel off')).toEqual([formatPanelVisibility(false, surface, parse)]);
    expect(host.widgets.has(PANEL_WIDGET_KEY)).toBe(false);
    await run(host, 'add docs Docs');
    expect(host.widgets.has(PANEL_WIDGET_KEY)).toBe(false);
    expect(await run(host, 'panel on')).toEqual([formatPanelVisibility(true, surface, await readState(host))]);
    expect(panelOf(host)).toEqual(await expectedPanel(host));
    expect(panelOf(host)).toHaveLength(3);
    await run(host, 'clear --yes');
    expect(host.widgets.has(PANEL_WIDGET_KEY)).toBe(false);
    expect(host.statuses.has('agent-state')).toBe(false);
  });

  it('gives a client and the terminal the same footer, with no separator when it stands alone, the panel and the footer restored on a resume', async () => {
    const client = await startIn('rpc');
    const terminal = await startIn('tui');
    for (const host of [client, terminal]) await run(host, 'add parse P', 'add docs D', 'set docs blocked');
    await terminal.restart();
    const footer = await expectedFooter(client);
    expect(footer).toBeDefined();
    expect(client.statuses.get('agent-state')).toBe(footer);
    // The bar sets two of our footers apart (footers-fake-host.test.ts); one alone has none.
    expect(terminal.statuses.get('agent-state')).toBe(footer);
    expect(panelOf(terminal)).toEqual(await expectedPanel(terminal));
  });

  it('draws nothing in print or JSON mode, where Pi has no UI', async () => {
    const host = await startIn('print');
    await run(host, 'add parse Parse the arguments', 'panel on');
    expect(host.widgets.size).toBe(0);
    expect(host.statuses.size).toBe(0);
    expect(host.notifications).toEqual([]);
  });
});

describe('chat lines in the terminal UI', () => {
  const chatLines = (host: FakePiHost): string[] => drawnEntryLines(host, STATE_ENTRY_TYPE);
  /** One chat line per saved change on the branch, each saying what that change did (change-line.test.ts has the words). */
  const expectedChatLines = (host: FakePiHost): unknown[] => savedChangeWords(host).map((words): unknown => expect.stringContaining(words));

  it("shows each saved change, a person's or the model's, as a chat line and not also as a notification, and draws them again after a restart", async () => {
    const host = await startIn('tui');
    for (const args of ['objective Ship', 'add a A', 'add b B', 'set a done', 'remove b']) await host.runCommand(`/agent-state ${args}`);
    await host.executeTool('agent_state_add_work_item', { id: 'docs', content: 'Docs' });
    await host.runCommand('/agent-state clear --yes');
    expect(host.takeNotifications()).toEqual([]);
    expect(chatLines(host)).toHaveLength(7);
    expect(chatLines(host)).toEqual(expectedChatLines(host));
    await host.restart();
    expect(chatLines(host)).toEqual(expectedChatLines(host));
  });

  it('still notifies rejections, answers that change nothing, and the status listing', async () => {
    const host = await startIn('tui');
    await host.runCommand('/agent-state add parse P');
    for (const args of ['add parse again', 'set parse open', 'status']) await host.runCommand(`/agent-state ${args}`);
    expect(host.takeNotifications().map((notice) => notice.type)).toEqual(['warning', 'info', 'info']);
  });
});

describe('a session Pi holds in memory only', () => {
  async function startUnsaved(mode: 'tui' | 'rpc'): Promise<FakePiHost> {
    // Pi writes a new session's file with its first assistant message (the host contract checks it on every line).
    const host = createFakePiHost({ mode, clock: atNineToday, unsavedUntilAssistant: true });
    await host.load(agentStateExtension);
    await host.startSession('startup');
    return host;
  }

  async function firstReply(host: FakePiHost): Promise<void> {
    host.session.appendMessage({ role: 'user', content: 'Go.' });
    host.session.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'Done.' }] });
    await host.emit('turn_end', { type: 'turn_end', turnIndex: 0, message: {}, toolResults: [] });
  }

  it("says so in the terminal's footer until the first reply, and keeps the chat to the change", async () => {
    const host = await startUnsaved('tui');
    expect(await run(host, 'add parse P')).toEqual([]);
    const saved = await expectedFooter(host);
    expect(host.statuses.get('agent-state')).toBe(`${saved ?? ''} · ${FOOTER_NOT_SAVED}`);
    await firstReply(host);
    expect(host.statuses.get('agent-state')).toBe(saved);
  });

  it("says so in a client's reply and footer until the first reply, and not after", async () => {
    const host = await startUnsaved('rpc');
    const [reply] = await run(host, 'add parse P');
    expect(reply?.endsWith(` ${NOT_SAVED_YET}`)).toBe(true);
    expect(host.statuses.get('agent-state')?.endsWith(FOOTER_NOT_SAVED)).toBe(true);
    await firstReply(host);
    expect(host.statuses.get('agent-state')).toBe(await expectedFooter(host));
    const [later] = await run(host, 'add docs D');
    expect(later?.includes(NOT_SAVED_YET)).toBe(false);
  });

  it('says nothing of saving for a session without a file (--no-session, which the person chose)', async () => {
    const host = await startIn('rpc');
    const [reply] = await run(host, 'add parse P');
    expect(reply?.includes(NOT_SAVED_YET)).toBe(false);
    expect(host.statuses.get('agent-state')).toBe(await expectedFooter(host));
  });
});

describe('/agent-state export', () => {
  async function expectedExport(host: FakePiHost): Promise<string | undefined> {
    return formatExport(await readState(host), await readSince(host), await readDeclared(host));
  }

  it("puts the state as Markdown into the terminal's editor and says so, saving nothing", async () => {
    const host = await startIn('tui');
    await run(host, 'objective Ship it', 'add parse P', 'decide csv Quote fields');
    await host.executeTool('agent_state_set_work_item_status', { id: 'parse', status: 'done' });
    const entries = host.session.getEntries().length;
    const markdown = await expectedExport(host);
    expect(await run(host, 'export')).toEqual([formatExportReply(markdown, true)]);
    expect(host.editorText).toBe(markdown);
    expect(host.session.getEntries()).toHaveLength(entries);
  });

  it('gives a client the Markdown as the reply, and an empty state a short answer', async () => {
    const host = await startIn('rpc');
    expect(await run(host, 'export')).toEqual([formatExportReply(undefined, false)]);
    await run(host, 'add parse P');
    const markdown = await expectedExport(host);
    expect(markdown).toBeDefined();
    expect(await run(host, 'export')).toEqual([formatExportReply(markdown, false)]);
    expect(host.editorText).toBe('');
  });

  it('is no tool: only the person runs it', async () => {
    const host = await startIn('rpc');
    expect([...host.tools.keys()].some((name) => name.includes('export'))).toBe(false);
  });
});
