import { readFileSync } from 'node:fs';
import { ELLIPSIS, displayWidth } from '@j1nn0/pi-adapter-kit';
import { PI_E2E_TIMEOUT_MS, describeEachPi, type ScriptedModel } from '@j1nn0/pi-real-hosts';
import { beforeAll, expect, it } from 'vitest';
import { formatOutcome as formatGuardOutcome, formatRejection as formatGuardRejection, formatUsage as formatGuardUsage } from '../../../agent-context-guard-pi/src/format.js';
import { applyMutation as applyGuardMutation } from '../../../agent-context-guard-pi/src/mutations.js';
import { guardCallLine } from '../../../agent-context-guard-pi/src/ui/tool-rows.js';
import { NOT_SAVED_YET, formatChange, formatExport, formatExportReply, formatHistory, formatLeftovers, formatPanelKeyIdle, formatPanelVisibility, formatUsage } from '../../src/format.js';
import { FOOTER_NOT_SAVED } from '../../src/ui/footer.js';
import { stateHistory } from '../../src/history.js';
import { PANEL_MAX_LINES, PANEL_TOGGLE_KEY, doneCount } from '../../src/ui/panel.js';
import { toolCallLine } from '../../src/ui/tool-rows.js';
import { snapshotOf } from '../snapshots.js';
import { statusOf } from './support/real-pi.js';
import {
  HOST_WARNING_PREFIX,
  PERSON_KEYSTROKE_MS,
  addMoreWork,
  agentStateChatLine,
  drawnPanel,
  editorRows,
  expectMoreWorkThanRows,
  expectPanelDrawn,
  expectStatusShownOnce,
  expectToolMarks,
  expectTwoToolRows,
  expectValidatorRefusalRow,
  footerLine,
  footerStatusLine,
  guardChatLine,
  normaliseCapture,
  panelRows,
  readSaved,
  replyOnce,
  resizeAndSettle,
  resultRow,
  rowsContaining,
  savedAgentStateChatLines,
  savedAndShown,
  showsRows,
  showsText,
  submitChange,
  submitGuardChange,
  submitLine,
  timesShown,
  toolResultRows,
  toolRow,
  typeFirstChanges,
  useBothAdaptersTerminal,
  wholePanel,
  type AgentStateChange,
  type SavedSession,
} from './support/terminal-ui.js';

// Agent State in Pi's interactive terminal UI, typed and read as a person does, with Context Guard
// loaded beside it, on the oldest line (no entry renderer, a component line wider than the terminal
// makes it exit) and the newest. One Pi start per version carries the checks in order (each builds on
// the state the one before left); the last check quits and continues the session with `pi -c`. Every
// text the screen must show is computed from what the session file holds, with the adapters' own
// display functions: their wording is the subject of their unit tests, not of these.

const COLS = 80;
const WIDE_COLS = 160;
const ROWS = 40;
const DOCUMENTED_CAPTURE_VERSION = '1.6.0';

/** An objective wider than the panel's headline at 80 columns. */
const LONG_OBJECTIVE = 'Migrate the whole reporting subsystem from the legacy XML pipeline to the new streaming exporter';

const terminalUiPage = readFileSync(new URL('../../docs/terminal-ui.md', import.meta.url), 'utf8');

/** The first `text` block of docs/terminal-ui.md, the page the README links for Pi's terminal UI. */
function documentedCapture(): string {
  const block = /```text\n([\s\S]*?)\n```/u.exec(terminalUiPage)?.[1];
  if (block === undefined) throw new Error('docs/terminal-ui.md: no text block');
  return block;
}

describeEachPi(
  "agent-state-pi in Pi's terminal UI",
  (target) => {
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
      const { change, before } = await typeFirstChanges(terminal());
      // 0.80+: the chat line says it and no notification repeats it; 0.73.1: the notification only.
      expect(rowsContaining(lines(), await agentStateChatLine(before.agentState, change.snapshot, COLS))).toBe(entryLines ? 1 : 0);
      expect(rowsContaining(lines(), formatChange(change))).toBe(entryLines ? 0 : 1);
      // The terminal's panel is the component painted in the theme, on 0.73.1 too, which has no ctx.mode.
      expect(expectPanelDrawn(terminal(), saved().view)).toHaveLength(2);
      // Context Guard shares the split: its chat line on 0.80+, its notification on 0.73.1.
      await submitGuardChange(terminal(), '/context-guard add csv-goal goal --critical Ship the CSV export');
      await expectStatusShownOnce(terminal(), saved().view);
    }, PI_E2E_TIMEOUT_MS);

    it('draws tool rows with the id and the status, and a rejection reads and looks unlike an acceptance', async () => {
      const { before, added, accepted, rejected } = await expectTwoToolRows(terminal(), model());
      expect(rejected).toBeGreaterThan(accepted);
      expect(rowsContaining(lines(), await agentStateChatLine(before.agentState, added.snapshot, COLS))).toBe(entryLines ? 1 : 0);
    }, PI_E2E_TIMEOUT_MS);

    // When the screen changes on purpose (a new footer text of either adapter, say), the failure's
    // "received" side is the new block for docs/terminal-ui.md (with the path shown as ~/project).
    // The capture is of one version only; the others register no such test rather than a skipped one.
    // It compares with the documented text on purpose: the page must show what Pi shows.
    if (target.version.label === DOCUMENTED_CAPTURE_VERSION) {
      it(`shows at ${COLS} columns what the capture in docs/terminal-ui.md shows`, () => {
        // As drawn, times included (normaliseCapture shows them as 09:41).
        const screen = terminal().screenLines();
        const first = screen.indexOf(' Record the docs work');
        expect(first).toBeGreaterThan(-1);
        const capture = normaliseCapture(screen.slice(first), both.sandbox().projectDir);
        expect(capture).toBe(normaliseCapture(documentedCapture().split('\n'), both.sandbox().projectDir));
      });
    }

    it("draws Context Guard's tool rows with kind and id, refuses the model's critical unlike an acceptance, and a person's critical is a chat line", async () => {
      const critical = { id: 'utf8', kind: 'constraint', content: 'Write UTF-8', critical: true } as const;
      const plain = { id: 'encoding', kind: 'constraint', content: 'Write UTF-8' } as const;
      model().enqueue({ toolCalls: [critical, plain].map((args) => ({ name: 'context_guard_protect', arguments: args })) }, { text: 'Protected encoding; only you can make it critical.' });
      const guardBefore = saved().guard;
      if (guardBefore === undefined) throw new Error('Context Guard saved nothing before');
      await submitLine(terminal(), 'Protect the encoding', 'only you can make it critical.');

      const protectedPlain = applyGuardMutation(guardBefore, { kind: 'add', id: plain.id, itemKind: plain.kind, content: plain.content, critical: false });
      if (protectedPlain.kind !== 'changed') throw new Error('encoding was not protected');
      expect(saved().guard).toEqual(protectedPlain.state);
      const screen = lines();
      expect(screen).toContain(toolRow(guardCallLine('context_guard_protect', critical), COLS));
      expect(screen).toContain(toolRow(guardCallLine('context_guard_protect', plain), COLS));
      // The refusal is longer than the row: its one line is cut to the width.
      const refusal = resultRow(formatGuardRejection({ code: 'critical_by_model' }, 'model'), true, COLS);
      expect(refusal.endsWith(ELLIPSIS)).toBe(true);
      const { accepted, rejected } = expectToolMarks(terminal(), resultRow(formatGuardOutcome(protectedPlain, 'model').message, false, COLS), refusal);
      expect(accepted).toBeGreaterThan(rejected);
      expect(rowsContaining(screen, await guardChatLine(guardBefore, protectedPlain.state, COLS))).toBe(entryLines ? 1 : 0);
      // Nothing says utf8 was protected, critical or not: no chat line, no confirmation.
      for (const flag of [true, false]) {
        const asked = applyGuardMutation(guardBefore, { kind: 'add', id: critical.id, itemKind: critical.kind, content: critical.content, critical: flag });
        if (asked.kind !== 'changed') throw new Error('utf8 could not have been protected');
        expect(rowsContaining(screen, await guardChatLine(guardBefore, asked.state, COLS))).toBe(0);
        expect(timesShown(screen, formatGuardOutcome(asked, 'model').message)).toBe(0);
      }

      await submitGuardChange(terminal(), '/context-guard critical encoding on', { keystrokeMs: PERSON_KEYSTROKE_MS });
    }, PI_E2E_TIMEOUT_MS);

    it('shows one line of a tool result until ctrl+o expands it', async () => {
      model().enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: 'Read the state.' });
      await submitLine(terminal(), 'Read the state back', 'Read the state.');
      const result = statusOf(saved().view);
      const collapsed = resultRow(result, false, COLS);
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
      for (const row of lines()) expect(displayWidth(row)).toBeLessThanOrEqual(COLS);
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
      for (const row of lines()) expect(displayWidth(row)).toBeLessThanOrEqual(COLS);
      // The panel still holds both items; the objective goes back for the tests after this one.
      expect(saved().view.state.workItems).toEqual(before.view.state.workItems);
      expect(panelRows(lines())).toEqual(drawnPanel(saved().view, COLS));
      await submitChange(terminal(), '/agent-state objective Ship the CSV export');
    }, PI_E2E_TIMEOUT_MS);

    it(`keeps the count whole and cuts a long objective with … at ${COLS} columns`, async () => {
      await submitChange(terminal(), `/agent-state objective ${LONG_OBJECTIVE}`);
      const [headline = ''] = panelRows(lines());
      expect(headline).toBe(drawnPanel(saved().view, COLS)[0]);
      expect(headline.startsWith(`Agent State · ${doneCount(saved().view.state)} · `)).toBe(true);
      expect(headline.endsWith(ELLIPSIS)).toBe(true);
      await submitChange(terminal(), '/agent-state objective Ship the CSV export');
    }, PI_E2E_TIMEOUT_MS);

    it('puts the export into the editor for the person to copy or send, and saves nothing', async () => {
      const entries = saved().branch.length;
      const layout = terminal().version.host.terminal.editorLayout;
      terminal().type('/agent-state export');
      await terminal().waitUntil((_screen, rows) => editorRows(rows, layout).join('').includes('/agent-state export'), 'the command typed');
      await terminal().waitForQuiet(150);
      terminal().press('enter');
      await terminal().waitUntil((_screen, rows) => editorRows(rows, layout).some((row) => row.includes('## Agent State')), 'the export in the editor');
      await terminal().waitForQuiet();
      const markdown = formatExport(saved().view.state, saved().view.since, saved().view.declared) ?? '';
      const inEditor = editorRows(lines(), layout).map((row) => row.trim()).filter((row) => row !== '');
      // The editor shows the Markdown's lines (a long one wraps): each of its first words is there.
      for (const line of markdown.split('\n').filter((row) => row !== '')) expect(inEditor.some((row) => row.startsWith(line.slice(0, 12))), line).toBe(true);
      expect(showsText(lines(), formatExportReply(markdown, true))).toBe(true);
      expect(saved().branch).toHaveLength(entries);
      // ctrl+c clears the editor, as a person would after copying.
      terminal().press('ctrl+c');
      await terminal().waitUntil((_screen, rows) => editorRows(rows, layout).every((row) => row.trim() === ''), 'an empty editor');
      await terminal().waitForQuiet();
    }, PI_E2E_TIMEOUT_MS);

    it(`cuts neither footer at ${COLS} columns`, () => {
      const footer = footerStatusLine(lines());
      expect(footer).toBe(footerLine(saved()));
      // Pi cuts a footer too wide for the terminal with `...`.
      expect(footer.endsWith('...')).toBe(false);
      expect(displayWidth(footer)).toBeLessThanOrEqual(COLS);
    });

    it(`keeps the panel within six lines, the work in hand first and what it left out counted, and fits wide text to ${COLS} columns`, async () => {
      await addMoreWork(terminal(), model());
      expectMoreWorkThanRows(terminal(), saved().view);
      // Pi 0.73.1 exits on a component line wider than the terminal; 1.6.0 would cut it.
      expect(terminal().exitCode).toBeUndefined();
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
      for (const row of lines()) expect(displayWidth(row)).toBeLessThanOrEqual(WIDE_COLS);
    }, PI_E2E_TIMEOUT_MS);

    it(`collapses the panel to one line on ${PANEL_TOGGLE_KEY} and keeps it so across a change, the editor untouched; panel off and on show it whole again`, async () => {
      const whole = panelRows(lines());
      // Pressed as a terminal sends it: legacy bytes, no kitty protocol.
      terminal().press(PANEL_TOGGLE_KEY);
      await terminal().waitUntil((_screen, rows) => panelRows(rows).length === 1, 'the panel collapsed');
      await terminal().waitForQuiet();
      expect(panelRows(lines())).toEqual(drawnPanel(saved().view, terminal().cols, { collapsed: true }));
      // The key reached the extension, not the editor: nothing was typed.
      expect(editorRows(lines()).every((row) => row.trim() === '')).toBe(true);
      await submitChange(terminal(), '/agent-state set a4 in_progress', { collapsed: true });

      terminal().press(PANEL_TOGGLE_KEY);
      await terminal().waitUntil((_screen, rows) => panelRows(rows).length === whole.length, 'the panel expanded');
      await terminal().waitForQuiet();
      expect(panelRows(lines())).toEqual(drawnPanel(saved().view, terminal().cols));

      await submitLine(terminal(), '/agent-state panel off', (rows) => panelRows(rows).length === 0);
      expect(showsText(lines(), formatPanelVisibility(false, 'terminal', snapshotOf()))).toBe(true);
      terminal().press(PANEL_TOGGLE_KEY);
      await terminal().waitForText(formatPanelKeyIdle('panel_off'));
      expect(panelRows(lines())).toEqual([]);
      await submitLine(terminal(), '/agent-state panel on', savedAndShown(terminal(), saved().view.state));
      expect(panelRows(lines())).toHaveLength(PANEL_MAX_LINES);
      expect(terminal().exitCode).toBeUndefined();
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
      expect(panelRows(lines())).toEqual(drawnPanel(view, COLS));
      expect(panelRows(lines())).toHaveLength(PANEL_MAX_LINES);
      expect(view.state.workItems.filter((item) => item.status !== 'done')).toHaveLength(PANEL_MAX_LINES - 1);
      expect(footerStatusLine(lines())).toBe(footerBefore);
      // Notifications are not part of the transcript; entry lines are, where Pi draws them.
      expect(rowsContaining(lines(), await agentStateChatLine(before.agentState, change.snapshot, COLS))).toBe(entryLines ? 1 : 0);
      // 0.73.1 draws no chat line: none of the saved changes' lines is on screen.
      const chatLines = await savedAgentStateChatLines(saved().branch, COLS);
      expect(chatLines.length).toBeGreaterThan(1);
      if (!entryLines) expect(chatLines.filter((line) => rowsContaining(lines(), line) > 0)).toEqual([]);
    }, PI_E2E_TIMEOUT_MS);

    // Last: it leaves the session for a new one.
    it('says in the footer that a new session is not saved until the model answers; the reply says it too where no chat line shows the change (0.73.1)', async () => {
      await submitLine(terminal(), '/new', (rows) => panelRows(rows).length === 0);
      await submitLine(terminal(), '/agent-state add later Look at it later', (rows) => footerStatusLine(rows).includes(FOOTER_NOT_SAVED));
      expect(footerStatusLine(lines())).toContain(`· ${FOOTER_NOT_SAVED}`);
      expect(showsText(lines(), NOT_SAVED_YET)).toBe(!entryLines);
      expect(displayWidth(footerStatusLine(lines()))).toBeLessThanOrEqual(COLS);
    }, PI_E2E_TIMEOUT_MS);
  },
);
