import { ELLIPSIS, displayWidth } from '@j1nn0/pi-adapter-kit';
import { PI_E2E_TIMEOUT_MS, describeOmp, type ScriptedModel } from '@j1nn0/pi-real-hosts';
import { beforeAll, expect, it } from 'vitest';
import { formatOutcome as formatGuardOutcome } from '../../../agent-context-guard-pi/src/format.js';
import { formatChange, formatOutcome } from '../../src/format.js';
import { applyMutation } from '../../src/mutations.js';
import { PANEL_MAX_LINES, panelLines, selectPanelItems } from '../../src/ui/panel.js';
import { toolCallLine } from '../../src/ui/tool-rows.js';
import { statusOf } from './support/real-pi.js';
import {
  drawnPanel,
  expectToolMarks,
  expectValidatorRefusalRow,
  footerRowsBelowEditor,
  footerStatuses,
  guardChange,
  panelRows,
  readSaved,
  replyOnce,
  resizeAndSettle,
  rowsContaining,
  showsText,
  submitChange,
  submitLine,
  timesShown,
  toolResultRows,
  toolRow,
  useBothAdaptersTerminal,
  wholePanel,
  type SavedSession,
} from './support/terminal-ui.js';

// Agent State and Context Guard in oh-my-pi's terminal UI, typed and read as a person does. One omp
// start carries the checks in order (each builds on the state the one before left); the last one
// quits and continues with `--continue`. What omp draws differently is read from its host facts:
// the input sits behind a `╰─` corner below the prompt's status line, each extension's footer has
// a row of its own, and there are no entry renderers (a saved change shows as its notification).
// Every text the screen must show is computed from the session file with the adapters' own display
// functions.

const COLS = 80;
const WIDE_COLS = 160;
const ROWS = 40;
/** A fast typist's pace. */
const PERSON_KEYSTROKE_MS = 25;

/** Wider than 80 columns, narrower than 160; CJK and emoji take two cells each. */
const WIDE_CONTENT = 'Export the 解析 report 🚀 with 表 columns and a 🚀 summary line for every 顧客 account';

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
    await submitChange(terminal(), '/agent-state objective Ship the CSV export');
    await submitChange(terminal(), '/agent-state add parse Parse the arguments');
    await submitChange(terminal(), '/agent-state add fmt Format the rows');
    // Typed key by key: a completion menu on the way must not swallow the one Enter.
    await submitChange(terminal(), '/agent-state set parse done', { keystrokeMs: PERSON_KEYSTROKE_MS, reply: formatChange });

    expect(panel()).toEqual(drawnPanel(saved().view, COLS));
    expect(panel()).toHaveLength(2);
    const title = panelLines(saved().view.state)[0]?.[0]?.text;
    if (title === undefined) throw new Error('the panel has no headline');
    const headline = terminal().styledRow(terminal().findRow(panel()[0] ?? ''));
    expect(headline.find((run) => run.text.startsWith(title))?.fg).not.toBe('default');

    const guardCommand = '/context-guard add csv-goal goal --critical Ship the CSV export';
    const guarded = guardChange(saved().guard, guardCommand);
    await submitLine(terminal(), guardCommand, formatGuardOutcome(guarded, 'person').message);
    expect(saved().guard).toEqual(guarded.state);

    const status = statusOf(saved().view);
    await submitLine(terminal(), '/agent-state status', (rows) => showsText(rows, status), { keystrokeMs: PERSON_KEYSTROKE_MS });
    expect(timesShown(lines(), status)).toBe(1);
  }, PI_E2E_TIMEOUT_MS);

  it('draws tool rows with the id and the status, a ✓ for an acceptance and a ✗ for a rejection', async () => {
    const add = { id: 'docs', content: 'Document the export', status: 'in_progress' } as const;
    const again = { id: 'parse', content: 'Parse them again' } as const;
    model().enqueue(
      {
        toolCalls: [
          { name: 'agent_state_add_work_item', arguments: add },
          { name: 'agent_state_add_work_item', arguments: again },
        ],
      },
      { text: 'Recorded the docs item; parse exists.' },
    );
    const before = saved();
    await submitLine(terminal(), 'Record the docs work', 'parse exists.');

    const added = applyMutation(before.view.state, { kind: 'add_work_item', ...add });
    if (added.kind !== 'changed') throw new Error('the docs item was not added');
    const duplicate = applyMutation(added.snapshot, { kind: 'add_work_item', ...again });
    expect(saved().view.state).toEqual(added.snapshot);

    const screen = lines();
    expect(screen).toContain(toolRow(toolCallLine('agent_state_add_work_item', add), COLS));
    expect(screen).toContain(toolRow(toolCallLine('agent_state_add_work_item', again), COLS));
    // At 80 columns the collapsed row is cut (the rejection's next step is left out); ctrl+o shows it whole.
    const [rejectedRow = ''] = toolResultRows(formatOutcome(duplicate, 'model').message, { isError: true, cols: COLS });
    expect(rejectedRow.endsWith(ELLIPSIS)).toBe(true);
    const { rejected } = expectToolMarks(
      terminal(),
      toolResultRows(formatOutcome(added, 'model').message, { isError: false, cols: COLS })[0] ?? '',
      rejectedRow,
    );
    expect(displayWidth(screen[rejected] ?? '')).toBeLessThanOrEqual(COLS);
    expect(rowsContaining(screen, rejectedRow)).toBe(1);
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

  it(`keeps the panel within six lines, cuts wide text at ${COLS} columns and shows it whole at ${WIDE_COLS}`, async () => {
    await submitChange(terminal(), `/agent-state add wide ${WIDE_CONTENT}`);
    for (const id of ['a4', 'a5', 'a6']) {
      await submitChange(terminal(), `/agent-state add ${id} Item ${id}`);
    }
    const { view } = saved();
    expect(panel()).toEqual(drawnPanel(view, COLS));
    expect(panel()).toHaveLength(PANEL_MAX_LINES);
    expect(selectPanelItems(view.state.workItems, PANEL_MAX_LINES - 1).omitted).toHaveLength(2);
    // The wide item's row is cut to the width.
    expect(panel()).not.toEqual(wholePanel(view));
    for (const row of ourDrawnRows()) expect(displayWidth(row), row).toBeLessThanOrEqual(COLS);
    const narrowFooters = footerRowsBelowEditor(lines());

    await resizeAndSettle(terminal(), WIDE_COLS);

    expect(panel()).toEqual(drawnPanel(view, WIDE_COLS));
    // Nothing is cut at this width: each row is the panel's line whole.
    expect(panel()).toEqual(wholePanel(view));
    expect(footerRowsBelowEditor(lines())).toEqual(narrowFooters);
    for (const row of ourDrawnRows()) expect(displayWidth(row), row).toBeLessThanOrEqual(WIDE_COLS);
    expect(terminal().exitCode).toBeUndefined();
  }, PI_E2E_TIMEOUT_MS);

  it('shows the panel and both footers again after --continue', async () => {
    const footersBefore = footerRowsBelowEditor(lines());
    await both.quitAndContinue();

    await terminal().waitUntil((_screen, rows) => panelRows(rows, layout).length > 0, 'the panel after --continue');
    expect(panel()).toEqual(drawnPanel(saved().view, COLS));
    expect(footerRowsBelowEditor(lines())).toEqual(footersBefore);
    expect(footersBefore).toEqual(footerStatuses(saved()));
  }, PI_E2E_TIMEOUT_MS);
});
