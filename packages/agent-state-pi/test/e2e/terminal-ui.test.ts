import { readFileSync } from 'node:fs';
import { ELLIPSIS, displayWidth } from '@j1nn0/pi-adapter-kit';
import { PI_E2E_TIMEOUT_MS, describeEachPi, type ScriptedModel } from '@j1nn0/pi-real-hosts';
import { beforeAll, expect, it } from 'vitest';
import {
  formatOutcome as formatGuardOutcome,
  formatRejection as formatGuardRejection,
  formatUsage as formatGuardUsage,
} from '../../../agent-context-guard-pi/src/format.js';
import { applyMutation as applyGuardMutation } from '../../../agent-context-guard-pi/src/mutations.js';
import { guardCallLine } from '../../../agent-context-guard-pi/src/ui/tool-rows.js';
import { formatChange, formatHistory, formatLeftovers, formatOutcome, formatPanelVisibility, formatUsage } from '../../src/format.js';
import { stateHistory } from '../../src/history.js';
import { applyMutation } from '../../src/mutations.js';
import { PANEL_MAX_LINES, panelLines, selectPanelItems } from '../../src/ui/panel.js';
import { toolCallLine } from '../../src/ui/tool-rows.js';
import { snapshotOf } from '../snapshots.js';
import { statusOf } from './support/real-pi.js';
import {
  HOST_WARNING_PREFIX,
  agentStateChatLine,
  drawnPanel,
  expectToolMarks,
  expectValidatorRefusalRow,
  footerLine,
  footerStatusLine,
  guardChange,
  guardChatLine,
  normaliseCapture,
  panelRows,
  readSaved,
  replyOnce,
  resizeAndSettle,
  rowsContaining,
  savedAgentStateChatLines,
  showsRows,
  showsText,
  submitChange,
  submitLine,
  timesShown,
  toolResultRows,
  toolRow,
  useBothAdaptersTerminal,
  wholePanel,
  type AgentStateChange,
  type SavedSession,
} from './support/terminal-ui.js';

// Agent State in Pi's interactive terminal UI, typed and read as a person does, with Context Guard
// loaded beside it. One Pi start per version carries the checks in order (each builds on the
// state the one before left); the last check quits and continues the session with `pi -c`. Every
// text the screen must show is computed from what the session file holds, with the adapters' own
// display functions: their wording is the subject of their unit tests, not of these.

const COLS = 80;
const WIDE_COLS = 160;
const ROWS = 40;
const DOCUMENTED_CAPTURE_VERSION = '1.6.0';
/** A fast typist's pace. */
const PERSON_KEYSTROKE_MS = 25;

/** Wider than 80 columns, narrower than 160; CJK and emoji take two cells each. */
const WIDE_CONTENT = 'Export the 解析 report 🚀 with 表 columns and a 🚀 summary line for every 顧客 account';

const terminalUiPage = readFileSync(new URL('../../docs/terminal-ui.md', import.meta.url), 'utf8');

/** The first `text` block of docs/terminal-ui.md, the page the README links for Pi's terminal UI. */
function documentedCapture(): string {
  const block = /```text\n([\s\S]*?)\n```/u.exec(terminalUiPage)?.[1];
  if (block === undefined) throw new Error('docs/terminal-ui.md: no text block');
  return block;
}

describeEachPi("agent-state-pi in Pi's terminal UI", (target) => {
  const label = target.version.label;
  // Pi 0.80+ draws a saved change as a chat line (registerEntryRenderer); 0.73.1 tells it in a notification.
  const entryLines = target.version.entryRenderer;
  const both = useBothAdaptersTerminal(target, { cols: COLS, rows: ROWS });
  const { terminal } = both;
  const model = (): ScriptedModel => both.model();
  const lines = (): string[] => terminal().screenLines();
  const saved = (): SavedSession => readSaved(terminal().sandbox);

  // Pi writes the session file at the first reply: from then on it holds every saved change.
  beforeAll(() => replyOnce(terminal()), PI_E2E_TIMEOUT_MS);

  it('runs a command, set <id> <status> and status with one Enter each, and shows a saved change once', async () => {
    await submitChange(terminal(), '/agent-state objective Ship the CSV export');
    await submitChange(terminal(), '/agent-state add parse Parse the arguments');
    await submitChange(terminal(), '/agent-state add fmt Format the rows');
    // Typed key by key: the menu opens on the way (`s` offers status and set) and must be gone
    // once the text is complete, or the one Enter would only accept an item.
    const { change, before } = await submitChange(terminal(), '/agent-state set parse done', {
      keystrokeMs: PERSON_KEYSTROKE_MS,
      reply: (made, { agentState }) => (entryLines ? agentStateChatLine(agentState, made.snapshot, COLS) : formatChange(made)),
    });
    const chatLine = await agentStateChatLine(before.agentState, change.snapshot, COLS);
    const notice = formatChange(change);

    // 0.80+: the chat line says it and no notification repeats it; 0.73.1: the notification only.
    expect(rowsContaining(lines(), chatLine)).toBe(entryLines ? 1 : 0);
    expect(rowsContaining(lines(), notice)).toBe(entryLines ? 0 : 1);
    const panel = drawnPanel(saved().view, COLS);
    expect(panelRows(lines())).toEqual(panel);
    expect(panel).toHaveLength(2);
    // The terminal's panel is the component painted in the theme (an RPC client gets the lines unpainted),
    // on 0.73.1 too, which has no ctx.mode.
    const title = panelLines(saved().view.state)[0]?.[0]?.text;
    if (title === undefined) throw new Error('the panel has no headline');
    const headline = terminal().styledRow(terminal().findRow(panel[0] ?? ''));
    expect(headline.find((run) => run.text.startsWith(title))?.fg).not.toBe('default');

    // Context Guard shares the split: its chat line on 0.80+, its notification on 0.73.1.
    const guardCommand = '/context-guard add csv-goal goal --critical Ship the CSV export';
    const guarded = guardChange(saved().guard, guardCommand);
    await submitLine(terminal(), guardCommand, entryLines ? await guardChatLine(saved().guard, guarded.state, COLS) : formatGuardOutcome(guarded, 'person').message);
    expect(saved().guard).toEqual(guarded.state);

    const status = statusOf(saved().view);
    await submitLine(terminal(), '/agent-state status', (rows) => showsText(rows, status), { keystrokeMs: PERSON_KEYSTROKE_MS });
    expect(timesShown(lines(), status)).toBe(1);
  }, PI_E2E_TIMEOUT_MS);

  it('draws tool rows with the id and the status, and a rejection reads and looks unlike an acceptance', async () => {
    const add = { id: 'docs', content: 'Document the export', status: 'in_progress' } as const;
    const set = { id: 'tests', status: 'done' } as const;
    model().enqueue(
      {
        toolCalls: [
          { name: 'agent_state_add_work_item', arguments: add },
          { name: 'agent_state_set_work_item_status', arguments: set },
        ],
      },
      { text: 'Recorded the docs item; there is no tests item.' },
    );
    const before = saved();
    await submitLine(terminal(), 'Record the docs work', 'there is no tests item.');

    // What the rules make of the two calls, in call order.
    const added = applyMutation(before.view.state, { kind: 'add_work_item', ...add });
    if (added.kind !== 'changed') throw new Error('the docs item was not added');
    const refused = applyMutation(added.snapshot, { kind: 'set_status', ...set });
    expect(saved().view.state).toEqual(added.snapshot);

    const screen = lines();
    expect(screen).toContain(toolRow(toolCallLine('agent_state_add_work_item', add), COLS));
    expect(screen).toContain(toolRow(toolCallLine('agent_state_set_work_item_status', set), COLS));
    // Colours differ per Pi version (24-bit, palette); only the difference is pinned.
    const { accepted, rejected } = expectToolMarks(
      terminal(),
      toolResultRows(formatOutcome(added, 'model').message, { isError: false, cols: COLS })[0] ?? '',
      toolResultRows(formatOutcome(refused, 'model').message, { isError: true, cols: COLS })[0] ?? '',
    );
    expect(rejected).toBeGreaterThan(accepted);
    expect(rowsContaining(screen, await agentStateChatLine(before.agentState, added.snapshot, COLS))).toBe(entryLines ? 1 : 0);
  }, PI_E2E_TIMEOUT_MS);

  // When the screen changes on purpose (a new footer text of either adapter, say), the failure's
  // "received" side is the new block for docs/terminal-ui.md (with the path shown as ~/project).
  // The capture is of one version only; the others register no such test rather than a skipped one.
  // It compares with the documented text on purpose: the page must show what Pi shows.
  if (label === DOCUMENTED_CAPTURE_VERSION) {
    it(`shows at ${COLS} columns what the capture in docs/terminal-ui.md shows`, () => {
      // As drawn, times included (normaliseCapture shows them as 09:41).
      const screen = terminal().screenLines();
      const first = screen.indexOf(' Record the docs work');
      expect(first).toBeGreaterThan(-1);
      const capture = normaliseCapture(screen.slice(first), both.sandbox().projectDir);
      expect(capture).toBe(normaliseCapture(documentedCapture().split('\n'), both.sandbox().projectDir));
    });
  }

  it('draws Context Guard\'s tool rows with kind and id, refuses the model\'s critical unlike an acceptance, and a person\'s critical is a chat line', async () => {
    const critical = { id: 'utf8', kind: 'constraint', content: 'Write UTF-8', critical: true } as const;
    const plain = { id: 'encoding', kind: 'constraint', content: 'Write UTF-8' } as const;
    model().enqueue(
      {
        toolCalls: [
          { name: 'context_guard_protect', arguments: critical },
          { name: 'context_guard_protect', arguments: plain },
        ],
      },
      { text: 'Protected encoding; only you can make it critical.' },
    );
    const before = saved();
    await submitLine(terminal(), 'Protect the encoding', 'only you can make it critical.');

    const guardBefore = before.guard;
    if (guardBefore === undefined) throw new Error('Context Guard saved nothing before');
    const protectedPlain = applyGuardMutation(guardBefore, { kind: 'add', id: plain.id, itemKind: plain.kind, content: plain.content, critical: false });
    if (protectedPlain.kind !== 'changed') throw new Error('encoding was not protected');
    expect(saved().guard).toEqual(protectedPlain.state);

    const screen = lines();
    expect(screen).toContain(toolRow(guardCallLine('context_guard_protect', critical), COLS));
    expect(screen).toContain(toolRow(guardCallLine('context_guard_protect', plain), COLS));
    // The refusal is longer than the row: its one line is cut to the width.
    const refusal = toolResultRows(formatGuardRejection({ code: 'critical_by_model' }, 'model'), { isError: true, cols: COLS })[0] ?? '';
    expect(refusal.endsWith(ELLIPSIS)).toBe(true);
    const { accepted, rejected } = expectToolMarks(
      terminal(),
      toolResultRows(formatGuardOutcome(protectedPlain, 'model').message, { isError: false, cols: COLS })[0] ?? '',
      refusal,
    );
    expect(accepted).toBeGreaterThan(rejected);
    expect(rowsContaining(screen, await guardChatLine(guardBefore, protectedPlain.state, COLS))).toBe(entryLines ? 1 : 0);
    // Nothing says utf8 was protected, critical or not: no chat line, no confirmation.
    for (const flag of [true, false]) {
      const asked = applyGuardMutation(guardBefore, { kind: 'add', id: critical.id, itemKind: critical.kind, content: critical.content, critical: flag });
      if (asked.kind !== 'changed') throw new Error('utf8 could not have been protected');
      expect(rowsContaining(screen, await guardChatLine(guardBefore, asked.state, COLS))).toBe(0);
      expect(timesShown(screen, formatGuardOutcome(asked, 'model').message)).toBe(0);
    }

    const command = '/context-guard critical encoding on';
    const made = guardChange(saved().guard, command);
    await submitLine(
      terminal(),
      command,
      entryLines ? await guardChatLine(saved().guard, made.state, COLS) : formatGuardOutcome(made, 'person').message,
      { keystrokeMs: PERSON_KEYSTROKE_MS },
    );
    expect(saved().guard).toEqual(made.state);
  }, PI_E2E_TIMEOUT_MS);

  it('shows one line of a tool result until ctrl+o expands it', async () => {
    model().enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: 'Read the state.' });
    await submitLine(terminal(), 'Read the state back', 'Read the state.');
    const result = statusOf(saved().view);
    const [collapsed = ''] = toolResultRows(result, { isError: false, cols: COLS });
    const expanded = toolResultRows(result, { isError: false, cols: COLS, expanded: true });
    // Collapsed: the listing's first line only, cut to the row's width.
    const row = lines().indexOf(collapsed);
    expect(row).toBeGreaterThan(-1);
    expect(lines()[row - 1]).toBe(toolRow(toolCallLine('agent_state_get', {}), COLS));
    expect(collapsed.endsWith(ELLIPSIS)).toBe(true);
    expect(expanded.length).toBeGreaterThan(1);
    expect(showsRows(lines(), expanded)).toBe(false);

    terminal().press('ctrl+o');
    await terminal().waitUntil((_screen, rows) => showsRows(rows, expanded), 'the whole result');
    await terminal().waitForQuiet();
    terminal().press('ctrl+o');
    await terminal().waitUntil((_screen, rows) => !showsRows(rows, expanded) && rows.includes(collapsed), 'the result collapsed again');
  }, PI_E2E_TIMEOUT_MS);

  it(`shows why Pi's validator refused a call on the collapsed row, within ${COLS} columns`, async () => {
    await expectValidatorRefusalRow(terminal(), model(), COLS);
  }, PI_E2E_TIMEOUT_MS);

  it('answers a bare command as information and a malformed one as a warning, for both adapters', async () => {
    for (const [command, usage] of [
      ['/agent-state', formatUsage()],
      ['/context-guard', formatGuardUsage()],
    ] as const) {
      await submitLine(terminal(), command, (rows) => showsText(rows, usage));
      expect(timesShown(lines(), `${HOST_WARNING_PREFIX}${usage}`), lines().join('\n')).toBe(0);
      await submitLine(terminal(), `${command} bogus`, (rows) => showsText(rows, `${HOST_WARNING_PREFIX}${usage}`));
    }
  }, PI_E2E_TIMEOUT_MS);

  it(`tells an item's history as information, one row a change with its time and who, within ${COLS} columns`, async () => {
    const history = stateHistory(saved().branch as never, 'parse');
    const text = formatHistory(history, 'parse', new Date());
    await submitLine(terminal(), '/agent-state history parse', (rows) => showsText(rows, text));
    expect(timesShown(lines(), `${HOST_WARNING_PREFIX}${text}`)).toBe(0);
    // Both changes of parse were a person's (add, then set done).
    expect(history.lines.map((line) => line.by)).toEqual(['person', 'person']);
    const [header = '', ...changes] = text.split('\n');
    const first = lines().findIndex((row) => row.trim() === header);
    expect(first).toBeGreaterThan(-1);
    expect(lines().slice(first + 1, first + 1 + changes.length).map((row) => row.trim())).toEqual(changes);
    for (const row of terminal().screenLines()) expect(displayWidth(row)).toBeLessThanOrEqual(COLS);
  }, PI_E2E_TIMEOUT_MS);

  it('names the unfinished items an objective leaves behind, beside the chat line on 0.80+, and removes nothing', async () => {
    const leftoversOf = (change: AgentStateChange): string => {
      const named = formatLeftovers(change);
      if (named === undefined) throw new Error('the objective leaves nothing unfinished behind');
      return named;
    };
    const { change, before } = await submitChange(terminal(), '/agent-state objective Ship the JSON export', { reply: leftoversOf });
    const leftovers = leftoversOf(change);
    expect(rowsContaining(lines(), await agentStateChatLine(before.agentState, change.snapshot, COLS))).toBe(entryLines ? 1 : 0);
    expect(timesShown(lines(), formatChange(change))).toBe(entryLines ? 0 : 1);
    expect(timesShown(lines(), leftovers)).toBe(1);
    expect(timesShown(lines(), `${HOST_WARNING_PREFIX}${leftovers}`)).toBe(0);
    for (const row of terminal().screenLines()) expect(displayWidth(row)).toBeLessThanOrEqual(COLS);
    // The panel still holds both items; the objective goes back for the tests after this one.
    expect(saved().view.state.workItems).toEqual(before.view.state.workItems);
    expect(panelRows(lines())).toEqual(drawnPanel(saved().view, COLS));
    await submitChange(terminal(), '/agent-state objective Ship the CSV export');
  }, PI_E2E_TIMEOUT_MS);

  it(`cuts neither footer at ${COLS} columns`, () => {
    const footer = footerStatusLine(lines());
    expect(footer).toBe(footerLine(saved()));
    // Pi cuts a footer too wide for the terminal with `...`.
    expect(footer.endsWith('...')).toBe(false);
    expect(displayWidth(footer)).toBeLessThanOrEqual(COLS);
  });

  it('keeps the panel within six lines with +N more, fits wide text to the terminal, and hides and shows it', async () => {
    // The model's wide text in a tool row (rejected: the id exists) is cut to the row as well.
    const wideCall = { id: 'parse', content: WIDE_CONTENT } as const;
    model().enqueue({ toolCalls: [{ name: 'agent_state_add_work_item', arguments: wideCall }] }, { text: 'Tried.' });
    await submitLine(terminal(), 'Add the report item', 'Tried.');
    const wideRow = toolRow(toolCallLine('agent_state_add_work_item', wideCall), COLS);
    expect(wideRow.endsWith(ELLIPSIS)).toBe(true);
    expect(lines()).toContain(wideRow);

    await submitChange(terminal(), `/agent-state add wide ${WIDE_CONTENT}`);
    for (const id of ['a4', 'a5', 'a6']) {
      await submitChange(terminal(), `/agent-state add ${id} Item ${id}`);
    }
    // Six not done (fmt, docs, wide, a4, a5, a6) and four rows: the panel's selection, then what it left out.
    const { view } = saved();
    const panel = panelRows(lines());
    expect(panel).toEqual(drawnPanel(view, COLS));
    expect(panel).toHaveLength(PANEL_MAX_LINES);
    expect(selectPanelItems(view.state.workItems, PANEL_MAX_LINES - 1).omitted).toHaveLength(2);
    // The wide item's row is cut to the width.
    expect(panel).not.toEqual(wholePanel(view));
    // Pi 0.73.1 and 0.84.2 exit on a component line wider than the terminal; 1.6.0 would cut it.
    expect(terminal().exitCode).toBeUndefined();
    for (const row of terminal().screenLines()) expect(displayWidth(row)).toBeLessThanOrEqual(COLS);

    await submitLine(terminal(), '/agent-state panel off', (rows) => panelRows(rows).length === 0);
    expect(terminal().screenText()).toContain(formatPanelVisibility(false, 'terminal', snapshotOf()));
    await submitLine(terminal(), '/agent-state panel on', (rows) => panelRows(rows).length === panel.length);
    expect(panelRows(lines())).toEqual(panel);
  }, PI_E2E_TIMEOUT_MS);

  // Only wider: on a shrink Pi 0.73.1 leaves the emulator's reflowed rows on screen until it redraws.
  it(`shows the wide item whole at ${WIDE_COLS} columns, with the same footer line as at ${COLS}`, async () => {
    const narrowFooter = footerStatusLine(lines());
    await resizeAndSettle(terminal(), WIDE_COLS);
    const { view } = saved();
    expect(panelRows(lines())).toEqual(drawnPanel(view, WIDE_COLS));
    // Nothing is cut at this width: each row is the panel's line whole.
    expect(panelRows(lines())).toEqual(wholePanel(view));
    expect(footerStatusLine(lines())).toBe(narrowFooter);
    expect(terminal().exitCode).toBeUndefined();
    for (const row of terminal().screenLines()) expect(displayWidth(row)).toBeLessThanOrEqual(WIDE_COLS);
  }, PI_E2E_TIMEOUT_MS);

  it('shows the panel again after pi -c, and Pi 0.80+ draws the entry lines again', async () => {
    const { change, before } = await submitChange(terminal(), '/agent-state set fmt done', {
      reply: (made, { agentState }) => (entryLines ? agentStateChatLine(agentState, made.snapshot, terminal().cols) : formatChange(made)),
    });
    const footerBefore = footerStatusLine(lines());
    await both.quitAndContinue();

    await terminal().waitUntil((_screen, rows) => panelRows(rows).length > 0, 'the panel after pi -c');
    // Five not done fill the panel exactly: no "+N more" line.
    const { view } = saved();
    expect(view.state).toEqual(change.snapshot);
    expect(selectPanelItems(view.state.workItems, PANEL_MAX_LINES - 1).omitted).toHaveLength(0);
    expect(panelRows(lines())).toEqual(drawnPanel(view, COLS));
    expect(panelRows(lines())).toHaveLength(PANEL_MAX_LINES);
    expect(footerStatusLine(lines())).toBe(footerBefore);
    // Notifications are not part of the transcript; entry lines are, where Pi draws them.
    expect(rowsContaining(lines(), await agentStateChatLine(before.agentState, change.snapshot, COLS))).toBe(entryLines ? 1 : 0);
    // 0.73.1 draws no chat line: none of the saved changes' lines is on screen.
    const chatLines = await savedAgentStateChatLines(saved().branch, COLS);
    expect(chatLines.length).toBeGreaterThan(1);
    if (!entryLines) expect(chatLines.filter((line) => rowsContaining(lines(), line) > 0)).toEqual([]);
  }, PI_E2E_TIMEOUT_MS);
});
