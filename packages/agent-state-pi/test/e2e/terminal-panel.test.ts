import { displayWidth } from '@j1nn0/pi-adapter-kit';
import { PI_E2E_TIMEOUT_MS, describeEachPi } from '@j1nn0/pi-real-hosts';
import { startPiTerminal, type PiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatPanelKeyIdle } from '../../src/format.js';
import { PANEL_TOGGLE_KEY } from '../../src/ui/panel.js';
import { EXTENSION_PATH } from './support/real-pi.js';
import { editorRows, footerStatusLine, panelRows, submitLine } from './support/terminal-ui.js';
import { WORK_IN_HAND_FOOTER, WORK_IN_HAND_PANEL, WORK_IN_HAND_STEPS } from './support/work-in-hand.js';

// The panel with more work than rows, as issue 22 found it: 24 items, w1 done, w20 in_progress and
// w22 blocked. Before, the panel listed w2..w5 and hid the two a person most needs; now they come
// first. Then the panel key, pressed as a terminal sends it (legacy bytes, no kitty protocol).

const COLS = 80;
const ROWS = 40;
const EXPANDED = WORK_IN_HAND_PANEL;
const COLLAPSED = [`Agent State · 1/24 done · 1 in_progress, 1 blocked · ${PANEL_TOGGLE_KEY} expands`];

describeEachPi(
  "the Agent State panel with more work than rows, in Pi's terminal UI",
  (target) => {
    let terminal: PiTerminal;
    const lines = (): string[] => terminal.screenLines();

    // The terminal owns its sandbox and scripted model (no model turn here) and removes them on dispose.
    beforeAll(async () => {
      terminal = await startPiTerminal({ ...target, cols: COLS, rows: ROWS, extensions: [EXTENSION_PATH] });
    }, PI_E2E_TIMEOUT_MS);
    afterAll(() => terminal.dispose(), PI_E2E_TIMEOUT_MS);

    it(`lists w20 (in_progress) and w22 (blocked) first at ${COLS} columns and counts what it left out`, async () => {
      for (const { command, seen } of WORK_IN_HAND_STEPS) {
        await submitLine(terminal, command, seen);
      }
      expect(panelRows(lines())).toEqual(EXPANDED);
      expect(footerStatusLine(lines())).toBe(`│ ${WORK_IN_HAND_FOOTER}`);
      for (const row of lines()) expect(displayWidth(row)).toBeLessThanOrEqual(COLS);
    }, PI_E2E_TIMEOUT_MS);

    it(`collapses to one line on ${PANEL_TOGGLE_KEY} and expands again on the next press, the editor untouched`, async () => {
      terminal.press(PANEL_TOGGLE_KEY);
      await terminal.waitUntil((_screen, rows) => panelRows(rows).length === 1, 'the panel collapsed');
      await terminal.waitForQuiet();
      expect(panelRows(lines())).toEqual(COLLAPSED);
      // The key reached the extension, not the editor: nothing was typed.
      expect(editorRows(lines()).every((row) => row.trim() === '')).toBe(true);

      terminal.press(PANEL_TOGGLE_KEY);
      await terminal.waitUntil((_screen, rows) => panelRows(rows).length === EXPANDED.length, 'the panel expanded');
      await terminal.waitForQuiet();
      expect(panelRows(lines())).toEqual(EXPANDED);
      expect(terminal.exitCode).toBeUndefined();
    }, PI_E2E_TIMEOUT_MS);

    it('keeps the collapse across a change, and panel off then on shows the whole panel', async () => {
      terminal.press(PANEL_TOGGLE_KEY);
      await terminal.waitUntil((_screen, rows) => panelRows(rows).length === 1, 'the panel collapsed');
      await submitLine(terminal, '/agent-state set w2 in_progress', (rows) => panelRows(rows)[0]?.includes('2 in_progress') === true);
      expect(panelRows(lines())).toEqual([`Agent State · 1/24 done · 2 in_progress, 1 blocked · ${PANEL_TOGGLE_KEY} expands`]);

      await submitLine(terminal, '/agent-state panel off', (rows) => panelRows(rows).length === 0);
      terminal.press(PANEL_TOGGLE_KEY);
      await terminal.waitForText(formatPanelKeyIdle('panel_off'));
      expect(panelRows(lines())).toEqual([]);
      await submitLine(terminal, '/agent-state panel on', (rows) => panelRows(rows).length === EXPANDED.length);
      expect(panelRows(lines())).toEqual([
        'Agent State · Ship the CSV export · 1/24 done',
        '  [in_progress] w2: Item 2',
        '  [in_progress] w20: Item 20',
        '  [blocked] w22: Item 22',
        '  [open] w3: Item 3',
        '  +19 more: 19 open',
      ]);
    }, PI_E2E_TIMEOUT_MS);
  },
  { versions: ['0.73.1', '1.6.0'] },
);
