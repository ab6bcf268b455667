import { readFileSync } from 'node:fs';
import { displayWidth } from '@j1nn0/pi-adapter-kit';
import { PI_E2E_TIMEOUT_MS, describeEachPi, type ScriptedModel } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { formatPanelVisibility, formatRejection } from '../../src/format.js';
import { addedText } from '../expected-messages.js';
import { snapshotOf, withoutTimes } from '../snapshots.js';
import {
  drawsEntryLines,
  expectToolMarks,
  expectValidatorRefusalRow,
  footerStatusLine,
  normaliseCapture,
  panelRows,
  resizeAndSettle,
  rowsContaining,
  submitLine,
  useBothAdaptersTerminal,
} from './support/terminal-ui.js';

// Agent State in Pi's interactive terminal UI, typed and read as a person does, with Context Guard
// loaded beside it. One Pi start per version carries the checks in order (each builds on the
// state the one before left); the last check quits and continues the session with `pi -c`.

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
  const entryLines = drawsEntryLines(label);
  const both = useBothAdaptersTerminal(target, { cols: COLS, rows: ROWS });
  const { terminal } = both;
  const model = (): ScriptedModel => both.model();
  // The screen's rows, their times left out (see withoutTimes); the since test reads them as drawn.
  const lines = (): string[] => terminal().screenLines().map(withoutTimes);

  it('runs a command, set <id> <status> and status with one Enter each, and shows a saved change once', async () => {
    await submitLine(terminal(), '/agent-state objective Ship the CSV export', 'Agent State · Ship the CSV export');
    await submitLine(terminal(), '/agent-state add parse Parse the arguments', '] parse: Parse the arguments');
    await submitLine(terminal(), '/agent-state add fmt Format the rows', '] fmt: Format the rows');
    const chatLine = '◆ Agent State: set parse → done';
    const notice = 'Work item "parse": open -> done.';
    // Typed key by key: the menu opens on the way (`s` offers status and set) and must be gone
    // once the text is complete, or the one Enter would only accept an item.
    await submitLine(terminal(), '/agent-state set parse done', entryLines ? chatLine : notice, { keystrokeMs: PERSON_KEYSTROKE_MS });

    // 0.84+: the chat line says it and no notification repeats it; 0.73.1: the notification only.
    expect(rowsContaining(lines(), chatLine)).toBe(entryLines ? 1 : 0);
    expect(rowsContaining(lines(), notice)).toBe(entryLines ? 0 : 1);
    expect(panelRows(lines())[0]).toBe('Agent State · Ship the CSV export · 1/2 done');
    // The terminal's panel is the component painted in the theme (an RPC client gets the lines unpainted),
    // on 0.73.1 too, which has no ctx.mode.
    const headline = terminal().styledRow(terminal().findRow('Agent State · Ship the CSV export'));
    expect(headline.find((run) => run.text.startsWith('Agent State'))?.fg).not.toBe('default');

    // Context Guard shares the split: its chat line on 0.84+, its notification on 0.73.1.
    await submitLine(terminal(),
      '/context-guard add csv-goal goal --critical Ship the CSV export',
      entryLines ? '◆ Context Guard: protected csv-goal (goal, critical)' : 'Protected goal "csv-goal" (critical).',
    );
    await submitLine(terminal(), '/agent-state status', '- [done] parse: Parse the arguments', { keystrokeMs: PERSON_KEYSTROKE_MS });
    expect(withoutTimes(terminal().screenText())).toContain('- [open] fmt: Format the rows');
  }, PI_E2E_TIMEOUT_MS);

  it('draws tool rows with the id and the status, and a rejection reads and looks unlike an acceptance', async () => {
    model().enqueue(
      {
        toolCalls: [
          { name: 'agent_state_add_work_item', arguments: { id: 'docs', content: 'Document the export', status: 'in_progress' } },
          { name: 'agent_state_set_work_item_status', arguments: { id: 'tests', status: 'done' } },
        ],
      },
      { text: 'Recorded the docs item; there is no tests item.' },
    );
    await submitLine(terminal(), 'Record the docs work', 'there is no tests item.');

    const screen = lines();
    expect(screen).toContain(' Agent State add docs in_progress "Document the export"');
    expect(screen).toContain(' Agent State set tests → done');
    // Colours differ per Pi version (24-bit, palette); only the difference is pinned.
    const { accepted, rejected } = expectToolMarks(
      terminal(),
      ` ✓ ${addedText('docs', 'in_progress')}`,
      ` ✗ ${formatRejection({ code: 'unknown_work_item', id: 'tests', recorded: ['parse', 'fmt', 'docs'] }, 'model')}`,
    );
    expect(rejected).toBeGreaterThan(accepted);
    expect(rowsContaining(screen, '◆ Agent State: added docs (in_progress)')).toBe(entryLines ? 1 : 0);
  }, PI_E2E_TIMEOUT_MS);

  // When the screen changes on purpose (a new footer text of either adapter, say), the failure's
  // "received" side is the new block for docs/terminal-ui.md (with the path shown as ~/project).
  // The capture is of one version only; the others register no such test rather than a skipped one.
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
    model().enqueue(
      {
        toolCalls: [
          { name: 'context_guard_protect', arguments: { id: 'utf8', kind: 'constraint', content: 'Write UTF-8', critical: true } },
          { name: 'context_guard_protect', arguments: { id: 'encoding', kind: 'constraint', content: 'Write UTF-8' } },
        ],
      },
      { text: 'Protected encoding; only you can make it critical.' },
    );
    await submitLine(terminal(), 'Protect the encoding', 'only you can make it critical.');

    const screen = lines();
    expect(screen).toContain(' Context Guard protect constraint utf8 "Write UTF-8"');
    expect(screen).toContain(' Context Guard protect constraint encoding "Write UTF-8"');
    // The refusal is longer than the row: its one line is cut to the width.
    const { accepted, rejected } = expectToolMarks(terminal(), ' ✓ Protected constraint "encoding".', /^ ✗ Rejected: only a person can mark an item critical/u);
    expect(accepted).toBeGreaterThan(rejected);
    expect(rowsContaining(screen, '◆ Context Guard: protected encoding (constraint)')).toBe(entryLines ? 1 : 0);
    expect(rowsContaining(screen, 'utf8 (constraint')).toBe(0);

    await submitLine(terminal(),
      '/context-guard critical encoding on',
      entryLines ? '◆ Context Guard: encoding critical' : 'Protected item "encoding" is now critical.',
      { keystrokeMs: PERSON_KEYSTROKE_MS },
    );
  }, PI_E2E_TIMEOUT_MS);

  it('shows one line of a tool result until ctrl+o expands it', async () => {
    model().enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: 'Read the state.' });
    await submitLine(terminal(), 'Read the state back', 'Read the state.');
    // Collapsed: the listing's first line only, cut to the row's width.
    const row = terminal().findRow(' ✓ Agent State: objective "Ship the CSV export", 3 work items (');
    expect(row).toBeGreaterThan(-1);
    expect(lines()[row - 1]).toBe(' Agent State read');
    expect(lines()[row]).toMatch(/…$/u);
    const expandedLine = ' - [in_progress] docs: Document the export';
    expect(lines().join('\n')).not.toContain(expandedLine);

    terminal().press('ctrl+o');
    await terminal().waitUntil((_screen, rows) => rows.map(withoutTimes).join('\n').includes(expandedLine), 'the whole result');
    await terminal().waitForQuiet();
    terminal().press('ctrl+o');
    await terminal().waitUntil((screen) => !screen.includes(' - [in_progress] docs: Document the export'), 'the result collapsed again');
  }, PI_E2E_TIMEOUT_MS);

  it(`shows why Pi's validator refused a call on the collapsed row, within ${COLS} columns`, async () => {
    await expectValidatorRefusalRow(terminal(), model(), COLS);
  }, PI_E2E_TIMEOUT_MS);

  it('answers a bare command as information and a malformed one as a warning, for both adapters', async () => {
    for (const command of ['/agent-state', '/context-guard']) {
      await submitLine(terminal(), command, `Usage: ${command} `);
      expect(rowsContaining(lines(), `Warning: Usage: ${command} `), lines().join("\n")).toBe(0);
      await submitLine(terminal(), `${command} bogus`, `Warning: Usage: ${command} `);
    }
  }, PI_E2E_TIMEOUT_MS);

  it(`tells an item's history as information, one row a change with its time and who, within ${COLS} columns`, async () => {
    const header = 'Agent State history of "parse", newest last:';
    await submitLine(terminal(), '/agent-state history parse', header);
    expect(rowsContaining(lines(), `Warning: ${header}`)).toBe(0);
    const first = terminal().findRow(header);
    const rows = lines().slice(first + 1, first + 3).map((row) => row.trim());
    expect(rows.map((row) => /^- \d\d:\d\d (you|model): /u.exec(row)?.[1])).toEqual(['you', 'you']);
    for (const row of terminal().screenLines()) expect(displayWidth(row)).toBeLessThanOrEqual(COLS);
  }, PI_E2E_TIMEOUT_MS);

  it('names the unfinished items an objective leaves behind, beside the chat line on 0.84+, and removes nothing', async () => {
    const leftovers = 'Still recorded from the earlier objective:';
    await submitLine(terminal(), '/agent-state objective Ship the JSON export', leftovers);
    expect(rowsContaining(lines(), '◆ Agent State: objective set')).toBe(entryLines ? 1 : 0);
    expect(rowsContaining(lines(), `Objective set. ${leftovers}`)).toBe(entryLines ? 0 : 1);
    expect(rowsContaining(lines(), `Warning: ${leftovers}`)).toBe(0);
    for (const row of terminal().screenLines()) expect(displayWidth(row)).toBeLessThanOrEqual(COLS);
    // The panel still holds both items; the objective goes back for the tests after this one.
    expect(panelRows(lines())[0]).toBe('Agent State · Ship the JSON export · 1/3 done');
    await submitLine(terminal(), '/agent-state objective Ship the CSV export', 'Agent State · Ship the CSV export · 1/3 done');
  }, PI_E2E_TIMEOUT_MS);

  it(`cuts neither footer at ${COLS} columns`, () => {
    const footer = footerStatusLine(lines());
    expect(footer).toMatch(/^│ Agent State 1\/3 done .*Guard/u);
    expect(footer.endsWith('...')).toBe(false);
    expect(displayWidth(footer)).toBeLessThanOrEqual(COLS);
  });

  it('keeps the panel within six lines with +N more, fits wide text to the terminal, and hides and shows it', async () => {
    // The model's wide text in a tool row (rejected: the id exists) is cut to the row as well.
    model().enqueue({ toolCalls: [{ name: 'agent_state_add_work_item', arguments: { id: 'parse', content: WIDE_CONTENT } }] }, { text: 'Tried.' });
    await submitLine(terminal(), 'Add the report item', 'Tried.');
    expect(lines()).toContainEqual(expect.stringMatching(/^ Agent State add parse open "Export the 解析 report 🚀 .*…$/u));

    await submitLine(terminal(), `/agent-state add wide ${WIDE_CONTENT}`, '] wide:');
    for (const [index, id] of ['a4', 'a5', 'a6'].entries()) {
      await submitLine(terminal(), `/agent-state add ${id} Item ${id}`, `Agent State 1/${5 + index} done`);
    }
    // Six not done (fmt, docs, wide, a4, a5, a6) and four rows: docs (in_progress) first, then the open ones in insertion order.
    const panel = panelRows(lines());
    expect(panel).toEqual([
      'Agent State · Ship the CSV export · 1/7 done',
      '  [in_progress] docs: Document the export',
      '  [open] fmt: Format the rows',
      expect.stringMatching(/^ {2}\[open\] wide: Export the 解析 report 🚀 .*…$/u),
      '  [open] a4: Item a4',
      '  +2 more: 2 open',
    ]);
    // Pi 0.73.1 and 0.84.2 exit on a component line wider than the terminal; 1.6.0 would cut it.
    expect(terminal().exitCode).toBeUndefined();
    for (const row of terminal().screenLines()) expect(displayWidth(row)).toBeLessThanOrEqual(COLS);

    await submitLine(terminal(), '/agent-state panel off', (rows) => panelRows(rows).length === 0);
    expect(terminal().screenText()).toContain(formatPanelVisibility(false, 'terminal', snapshotOf()));
    await submitLine(terminal(), '/agent-state panel on', (rows) => panelRows(rows).length === 6);
    expect(panelRows(lines())).toEqual(panel);
  }, PI_E2E_TIMEOUT_MS);

  // Only wider: on a shrink Pi 0.73.1 leaves the emulator's reflowed rows on screen until it redraws.
  it(`shows the wide item whole at ${WIDE_COLS} columns, with the same footer line as at ${COLS}`, async () => {
    const narrowFooter = footerStatusLine(lines());
    await resizeAndSettle(terminal(), WIDE_COLS);
    expect(lines()).toContain(`  [open] wide: ${WIDE_CONTENT}`);
    expect(footerStatusLine(lines())).toBe(narrowFooter);
    expect(terminal().exitCode).toBeUndefined();
    for (const row of terminal().screenLines()) expect(displayWidth(row)).toBeLessThanOrEqual(WIDE_COLS);
  }, PI_E2E_TIMEOUT_MS);

  it('shows the panel again after pi -c, and Pi 0.84+ draws the entry lines again', async () => {
    const chatLine = '◆ Agent State: set fmt → done';
    await submitLine(terminal(), '/agent-state set fmt done', entryLines ? chatLine : 'Work item "fmt": open -> done.');
    const footerBefore = footerStatusLine(lines());
    await both.quitAndContinue();

    await terminal().waitUntil((_screen, rows) => panelRows(rows).length > 0, 'the panel after pi -c');
    // Five not done fill the panel exactly: no "+N more" line.
    expect(panelRows(lines())).toEqual([
      'Agent State · Ship the CSV export · 2/7 done',
      '  [in_progress] docs: Document the export',
      expect.stringMatching(/^ {2}\[open\] wide: Export the 解析 report 🚀 .*…$/u),
      '  [open] a4: Item a4',
      '  [open] a5: Item a5',
      '  [open] a6: Item a6',
    ]);
    expect(footerStatusLine(lines())).toBe(footerBefore);
    // Notifications are not part of the transcript; entry lines are, where Pi draws them.
    expect(rowsContaining(lines(), chatLine)).toBe(entryLines ? 1 : 0);
    if (!entryLines) expect(rowsContaining(lines(), '◆ Agent State: ')).toBe(0);
  }, PI_E2E_TIMEOUT_MS);
});
