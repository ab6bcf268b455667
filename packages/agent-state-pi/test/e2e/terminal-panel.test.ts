import { displayWidth } from '@j1nn0/pi-adapter-kit';
import { PI_E2E_TIMEOUT_MS, describeEachPi } from '@j1nn0/pi-real-hosts';
import { startPiTerminal, type PiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatPanelKeyIdle } from '../../src/format.js';
import { PANEL_MAX_LINES, PANEL_TOGGLE_KEY, selectPanelItems } from '../../src/ui/panel.js';
import { EXTENSION_PATH } from './support/real-pi.js';
import {
  agentStateChange,
  agentStateFooter,
  drawnPanel,
  editorRows,
  footerStatusLine,
  panelRows,
  readSaved,
  replyOnce,
  savedAndShown,
  submitLine,
} from './support/terminal-ui.js';
import { WORK_IN_HAND_COMMANDS, footerOf, statesAfterEachCommand } from './support/work-in-hand.js';

// The panel with more work than rows, as issue 22 found it: 24 items, w1 done, w20 in_progress and
// w22 blocked. Before, the panel listed w2..w5 and hid the two a person most needs; now they come
// first. Then the panel key, pressed as a terminal sends it (legacy bytes, no kitty protocol). What
// the panel and the footer must show is drawn by their own functions from the session file.

const COLS = 80;
const ROWS = 40;

describeEachPi(
  "the Agent State panel with more work than rows, in Pi's terminal UI",
  (target) => {
    let terminal: PiTerminal;
    const lines = (): string[] => terminal.screenLines();
    const expanded = (): string[] => drawnPanel(readSaved(terminal.sandbox).view, COLS);
    const collapsed = (): string[] => drawnPanel(readSaved(terminal.sandbox).view, COLS, { collapsed: true });

    // The terminal owns its sandbox and scripted model and removes them on dispose. One plain model turn
    // first: Pi writes the session file at the first reply, and from then on it holds every change.
    beforeAll(async () => {
      terminal = await startPiTerminal({ ...target, cols: COLS, rows: ROWS, extensions: [EXTENSION_PATH] });
      await replyOnce(terminal);
    }, PI_E2E_TIMEOUT_MS);
    afterAll(() => terminal.dispose(), PI_E2E_TIMEOUT_MS);

    it(`lists w20 (in_progress) and w22 (blocked) first at ${COLS} columns and counts what it left out`, async () => {
      const steps = statesAfterEachCommand(WORK_IN_HAND_COMMANDS);
      for (const { command, state } of steps) {
        await submitLine(terminal, command, savedAndShown(terminal, state));
      }
      const { state } = steps.at(-1) ?? { state: undefined };
      if (state === undefined) throw new Error('no command');
      // The items a person acts on first take the first rows; the rest are counted.
      const { shown, omitted } = selectPanelItems(state.workItems, PANEL_MAX_LINES - 1);
      expect(shown.slice(0, 2).map((item) => item.id)).toEqual(['w20', 'w22']);
      expect(omitted.length).toBeGreaterThan(0);
      expect(panelRows(lines())).toEqual(expanded());
      expect(panelRows(lines())).toHaveLength(PANEL_MAX_LINES);
      expect(footerStatusLine(lines())).toBe(agentStateFooter(footerOf(state)));
      for (const row of lines()) expect(displayWidth(row)).toBeLessThanOrEqual(COLS);
    }, PI_E2E_TIMEOUT_MS);

    it(`collapses to one line on ${PANEL_TOGGLE_KEY} and expands again on the next press, the editor untouched`, async () => {
      const whole = expanded();
      terminal.press(PANEL_TOGGLE_KEY);
      await terminal.waitUntil((_screen, rows) => panelRows(rows).length === 1, 'the panel collapsed');
      await terminal.waitForQuiet();
      expect(panelRows(lines())).toEqual(collapsed());
      // The key reached the extension, not the editor: nothing was typed.
      expect(editorRows(lines()).every((row) => row.trim() === '')).toBe(true);

      terminal.press(PANEL_TOGGLE_KEY);
      await terminal.waitUntil((_screen, rows) => panelRows(rows).length === whole.length, 'the panel expanded');
      await terminal.waitForQuiet();
      expect(panelRows(lines())).toEqual(whole);
      expect(terminal.exitCode).toBeUndefined();
    }, PI_E2E_TIMEOUT_MS);

    it('keeps the collapse across a change, and panel off then on shows the whole panel', async () => {
      terminal.press(PANEL_TOGGLE_KEY);
      await terminal.waitUntil((_screen, rows) => panelRows(rows).length === 1, 'the panel collapsed');
      const command = '/agent-state set w2 in_progress';
      const change = agentStateChange(readSaved(terminal.sandbox).view.state, command);
      await submitLine(terminal, command, savedAndShown(terminal, change.snapshot, { collapsed: true }));
      expect(panelRows(lines())).toEqual(collapsed());
      expect(panelRows(lines())).toHaveLength(1);

      await submitLine(terminal, '/agent-state panel off', (rows) => panelRows(rows).length === 0);
      terminal.press(PANEL_TOGGLE_KEY);
      await terminal.waitForText(formatPanelKeyIdle('panel_off'));
      expect(panelRows(lines())).toEqual([]);
      await submitLine(terminal, '/agent-state panel on', (rows) => panelRows(rows).length === PANEL_MAX_LINES);
      expect(panelRows(lines())).toEqual(expanded());
    }, PI_E2E_TIMEOUT_MS);
  },
  { versions: ['0.73.1', '1.6.0'] },
);
