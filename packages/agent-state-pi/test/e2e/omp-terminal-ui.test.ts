import { displayWidth } from '@j1nn0/pi-adapter-kit';
import { PI_E2E_TIMEOUT_MS, describeOmp, type ScriptedModel } from '@j1nn0/pi-real-hosts';
import { beforeAll, expect, it } from 'vitest';
import { formatChange } from '../../src/format.js';
import {
  addMoreWork,
  drawnPanel,
  expectMoreWorkThanRows,
  expectPanelDrawn,
  expectStatusShownOnce,
  expectTwoToolRows,
  expectValidatorRefusalRow,
  footerRowsBelowEditor,
  footerStatuses,
  panelRows,
  readSaved,
  replyOnce,
  resizeAndSettle,
  rowsContaining,
  submitGuardChange,
  typeFirstChanges,
  useBothAdaptersTerminal,
  wholePanel,
  type SavedSession,
} from './support/terminal-ui.js';

// Agent State and Context Guard in oh-my-pi's terminal UI, typed and read as a person does. One omp
// start carries the checks in order (each builds on the state the one before left). What omp draws
// differently is read from its host facts: the input sits behind a `╰─` corner below the prompt's
// status line, each extension's footer has a row of its own, and there are no entry renderers (a saved
// change shows as its notification). Every text the screen must show is computed from the session
// file with the adapters' own display functions. A restart restores on omp as on Pi: the host
// contract and integration's both-adapters run prove it.

const COLS = 80;
const WIDE_COLS = 160;
const ROWS = 40;

describeOmp('agent-state-pi in the terminal UI', (target) => {
  const { host } = target.version;
  const layout = host.terminal.editorLayout;
  const both = useBothAdaptersTerminal(target, { cols: COLS, rows: ROWS });
  const { terminal } = both;
  const model = (): ScriptedModel => both.model();
  const lines = (): string[] => terminal().screenLines();
  const panel = (): string[] => panelRows(lines(), layout);
  const saved = (): SavedSession => readSaved(terminal().sandbox);
  // omp's own status line holds a glyph (🗑) our width table counts as two cells: only our rows are measured.
  /** Our rows (panel and footers) as drawn, times included: what must fit the width. */
  const ourDrawnRows = (): string[] => [...panel(), ...footerRowsBelowEditor(lines())];

  // omp, like Pi, writes the session file at the first reply: from then on it holds every saved change.
  beforeAll(() => replyOnce(terminal()), PI_E2E_TIMEOUT_MS);

  it('runs each command with one Enter and shows its reply, the panel above the editor', async () => {
    // No entry renderer: every saved change is told in a notification.
    expect(target.version.entryRenderer).toBe(false);
    const { change } = await typeFirstChanges(terminal());
    expect(rowsContaining(lines(), formatChange(change))).toBe(1);
    expect(expectPanelDrawn(terminal(), saved().view)).toHaveLength(2);
    await submitGuardChange(terminal(), '/context-guard add csv-goal goal --critical Ship the CSV export');
    await expectStatusShownOnce(terminal(), saved().view);
  }, PI_E2E_TIMEOUT_MS);

  it('draws tool rows with the id and the status, a ✓ for an acceptance and a ✗ for a rejection', async () => {
    const { accepted, rejected } = await expectTwoToolRows(terminal(), model());
    expect(displayWidth(lines()[rejected] ?? '')).toBeLessThanOrEqual(COLS);
    expect(rejected).toBeGreaterThan(accepted);
  }, PI_E2E_TIMEOUT_MS);

  it(`shows why the validator refused a call on the collapsed row, within ${COLS} columns`, async () => {
    await expectValidatorRefusalRow(terminal(), model(), COLS);
  }, PI_E2E_TIMEOUT_MS);

  it(`puts each footer on a row of its own below the editor, uncut at ${COLS} columns`, () => {
    expect(host.terminal.footers).toBe('line-each');
    const footers = footerRowsBelowEditor(lines());
    expect(footers).toEqual(footerStatuses(saved()));
    expect(footers).toHaveLength(2);
    for (const row of ourDrawnRows()) expect(displayWidth(row), row).toBeLessThanOrEqual(COLS);
  });

  it(`keeps the panel within six lines, the work in hand first, cuts wide text at ${COLS} columns and shows it whole at ${WIDE_COLS}`, async () => {
    await addMoreWork(terminal(), model());
    const { view } = saved();
    expectMoreWorkThanRows(terminal(), view);
    const narrowFooters = footerRowsBelowEditor(lines());

    await resizeAndSettle(terminal(), WIDE_COLS);

    expect(panel()).toEqual(drawnPanel(view, WIDE_COLS));
    // Nothing is cut at this width: each row is the panel's line whole.
    expect(panel()).toEqual(wholePanel(view));
    expect(footerRowsBelowEditor(lines())).toEqual(narrowFooters);
    for (const row of ourDrawnRows()) expect(displayWidth(row), row).toBeLessThanOrEqual(WIDE_COLS);
    expect(terminal().exitCode).toBeUndefined();
  }, PI_E2E_TIMEOUT_MS);
});
