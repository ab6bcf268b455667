import { displayWidth } from '@j1nn0/pi-adapter-kit';
import { PI_E2E_TIMEOUT_MS, describeOmp, type ScriptedModel } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { formatRejection } from '../../src/format.js';
import { addedText } from '../expected-messages.js';
import {
  drawsEntryLines,
  expectToolMarks,
  expectValidatorRefusalRow,
  footerRowsBelowEditor,
  panelRows,
  timedPanelRows,
  resizeAndSettle,
  rowsContaining,
  submitLine,
  useBothAdaptersTerminal,
} from './support/terminal-ui.js';
import { withoutTimes } from '../snapshots.js';

// Agent State and Context Guard in oh-my-pi's terminal UI, typed and read as a person does. One omp
// start carries the checks in order (each builds on the state the one before left); the last one
// quits and continues with `--continue`. What omp draws differently is read from its host facts:
// the input sits behind a `╰─` corner below the prompt's status line, each extension's footer has
// a row of its own, and there are no entry renderers (a saved change shows as its notification).

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
  // The screen's rows, their times left out (see withoutTimes).
  const lines = (): string[] => terminal().screenLines().map(withoutTimes);
  const panel = (): string[] => panelRows(lines(), layout);
  // omp's own status line holds a glyph (🗑) our width table counts as two cells: only our rows are measured.
  /** Our rows (panel and footers) as drawn, times included: what must fit the width. */
  const ourDrawnRows = (): string[] => [...timedPanelRows(terminal().screenLines(), layout), ...footerRowsBelowEditor(terminal().screenLines())];

  it('runs each command with one Enter and shows its reply, the panel above the editor', async () => {
    expect(drawsEntryLines(target.version.label, host)).toBe(false);
    await submitLine(terminal(), '/agent-state objective Ship the CSV export', 'Agent State · Ship the CSV export');
    await submitLine(terminal(), '/agent-state add parse Parse the arguments', '] parse: Parse the arguments');
    await submitLine(terminal(), '/agent-state add fmt Format the rows', '] fmt: Format the rows');
    // Typed key by key: a completion menu on the way must not swallow the one Enter.
    await submitLine(terminal(), '/agent-state set parse done', 'Work item "parse": open -> done.', { keystrokeMs: PERSON_KEYSTROKE_MS });

    expect(panel()).toEqual(['Agent State · Ship the CSV export · 1/2 done', '  [open] fmt: Format the rows']);
    const headline = terminal().styledRow(terminal().findRow('Agent State · Ship the CSV export'));
    expect(headline.find((run) => run.text.startsWith('Agent State'))?.fg).not.toBe('default');

    await submitLine(terminal(), '/context-guard add csv-goal goal --critical Ship the CSV export', 'Protected goal "csv-goal" (critical).');
    await submitLine(terminal(), '/agent-state status', '- [done] parse: Parse the arguments', { keystrokeMs: PERSON_KEYSTROKE_MS });
    expect(withoutTimes(terminal().screenText())).toContain('- [open] fmt: Format the rows');
  }, PI_E2E_TIMEOUT_MS);

  it('draws tool rows with the id and the status, a ✓ for an acceptance and a ✗ for a rejection', async () => {
    model().enqueue(
      {
        toolCalls: [
          { name: 'agent_state_add_work_item', arguments: { id: 'docs', content: 'Document the export', status: 'in_progress' } },
          { name: 'agent_state_add_work_item', arguments: { id: 'parse', content: 'Parse them again' } },
        ],
      },
      { text: 'Recorded the docs item; parse exists.' },
    );
    await submitLine(terminal(), 'Record the docs work', 'parse exists.');

    const screen = lines();
    expect(screen).toContain(' Agent State add docs in_progress "Document the export"');
    expect(screen).toContain(' Agent State add parse open "Parse them again"');
    const duplicate = formatRejection({ code: 'duplicate_work_item', id: 'parse', status: 'done' }, 'model');
    // At 80 columns the collapsed row keeps the reason and cuts the next step; ctrl+o shows it whole.
    const reason = duplicate.slice(0, duplicate.indexOf(';') + 1);
    const { rejected } = expectToolMarks(terminal(), ` ✓ ${addedText('docs', 'in_progress')}`, (line) => line.startsWith(` ✗ ${reason}`));
    expect(displayWidth(screen[rejected] ?? '')).toBeLessThanOrEqual(COLS);
    expect(rowsContaining(screen, reason)).toBe(1);
  }, PI_E2E_TIMEOUT_MS);

  it(`shows why the validator refused a call on the collapsed row, within ${COLS} columns`, async () => {
    await expectValidatorRefusalRow(terminal(), model(), COLS);
  }, PI_E2E_TIMEOUT_MS);

  it(`puts each footer on a row of its own below the editor, uncut at ${COLS} columns`, () => {
    expect(host.terminal.footers).toBe('line-each');
    const footers = footerRowsBelowEditor(lines());
    expect(footers).toEqual(['│ Agent State 1/3 done', '│ Context Guard 1 item, 1 critical']);
    for (const row of ourDrawnRows()) expect(displayWidth(row), row).toBeLessThanOrEqual(COLS);
  });

  it(`keeps the panel within six lines, cuts wide text at ${COLS} columns and shows it whole at ${WIDE_COLS}`, async () => {
    await submitLine(terminal(), `/agent-state add wide ${WIDE_CONTENT}`, '] wide:');
    for (const [index, id] of ['a4', 'a5', 'a6'].entries()) {
      await submitLine(terminal(), `/agent-state add ${id} Item ${id}`, `Agent State 1/${5 + index} done`);
    }
    expect(panel()).toEqual([
      'Agent State · Ship the CSV export · 1/7 done',
      '  [in_progress] docs: Document the export',
      '  [open] fmt: Format the rows',
      expect.stringMatching(/^ {2}\[open\] wide: Export the 解析 report 🚀 .*…$/u),
      '  [open] a4: Item a4',
      '  +2 more: 2 open',
    ]);
    for (const row of ourDrawnRows()) expect(displayWidth(row), row).toBeLessThanOrEqual(COLS);
    const narrowFooters = footerRowsBelowEditor(lines());

    await resizeAndSettle(terminal(), WIDE_COLS);

    expect(lines()).toContain(`  [open] wide: ${WIDE_CONTENT}`);
    expect(footerRowsBelowEditor(lines())).toEqual(narrowFooters);
    for (const row of ourDrawnRows()) expect(displayWidth(row), row).toBeLessThanOrEqual(WIDE_COLS);
    expect(terminal().exitCode).toBeUndefined();
  }, PI_E2E_TIMEOUT_MS);

  it('shows the panel and both footers again after --continue', async () => {
    const footersBefore = footerRowsBelowEditor(lines());
    await both.quitAndContinue();


    await terminal().waitUntil((_screen, rows) => panelRows(rows, layout).length > 0, 'the panel after --continue');
    expect(panel()[0]).toBe('Agent State · Ship the CSV export · 1/7 done');
    expect(footerRowsBelowEditor(lines())).toEqual(footersBefore);
  }, PI_E2E_TIMEOUT_MS);
});
