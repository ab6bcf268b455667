import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { displayWidth } from '@j1nn0/pi-adapter-kit';
import {
  PI_E2E_TIMEOUT_MS,
  PI_HOST,
  ScriptedModel,
  createPiSandbox,
  type HostFacts,
  type PiSandbox,
  type PiTarget,
  type PiVersion,
} from '@j1nn0/pi-real-hosts';
import { startPiTerminal, type PiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { afterAll, beforeAll, expect } from 'vitest';
import { EXTENSION_PATH } from './real-pi.js';
import { withoutTimes } from '../../snapshots.js';

type EditorLayout = HostFacts['terminal']['editorLayout'];

// Reading and driving Pi's interactive screen the way a person does: type, look, press Enter once.

/** Context Guard's BUILT extension, loaded beside ours so the two footers share one line. */
export const GUARD_EXTENSION_PATH = fileURLToPath(
  new URL('../../../../agent-context-guard-pi/dist/extension.js', import.meta.url),
);

const RULE = /^─{20,}$/u;

function isDrawn(line: string): boolean {
  return line.trim() !== '';
}

function lastIndexWhere(lines: readonly string[], matches: (line: string) => boolean): number {
  for (let row = lines.length - 1; row >= 0; row--) {
    if (matches(lines[row] ?? '')) return row;
  }
  return -1;
}

const CORNER = /^╰─ ?/u;

/** The row of omp's editor corner (`╰─`, the input follows it), or -1. */
function cornerRow(lines: readonly string[]): number {
  return lastIndexWhere(lines, (line) => CORNER.test(line));
}

/** Where the editor starts and ends on screen: [its top row (a rule, or omp's prompt status line), its last input row]. */
function editorBounds(lines: readonly string[], layout: EditorLayout): [top: number, bottom: number] | undefined {
  if (layout === 'after-corner') {
    const corner = cornerRow(lines);
    if (corner < 1) return undefined;
    // A long input wraps onto the rows below the corner, up to the footers (which start with a bar) or a blank row.
    const rest = lines.slice(corner + 1);
    const wrapped = rest.findIndex((line) => !isDrawn(line) || line.startsWith('│ '));
    return [corner - 1, corner + 1 + (wrapped === -1 ? rest.length : wrapped)];
  }
  const rules = lines.flatMap((line, row) => (RULE.test(line) ? [row] : []));
  const bottom = rules.at(-1);
  const top = rules.at(-2);
  return top === undefined || bottom === undefined ? undefined : [top, bottom];
}

/** The rows of the input: between Pi's two full-width rules, or behind omp's `╰─` corner (see TerminalFacts.editorLayout). */
export function editorRows(lines: readonly string[], layout: EditorLayout = 'between-rules'): string[] {
  const bounds = editorBounds(lines, layout);
  if (bounds === undefined) return [];
  const rows = lines.slice(bounds[0] + 1, bounds[1]);
  return layout === 'after-corner' ? rows.map((row, index) => (index === 0 ? row.replace(CORNER, '') : row)) : rows;
}

/** The rows of the Agent State panel, from its headline down to the editor's top, their times left out (see withoutTimes). */
export function panelRows(lines: readonly string[], layout: EditorLayout = 'between-rules'): string[] {
  return timedPanelRows(lines, layout).map(withoutTimes);
}

/** The panel's rows as drawn, since when each item has had its status included. */
export function timedPanelRows(lines: readonly string[], layout: EditorLayout = 'between-rules'): string[] {
  const top = editorBounds(lines, layout)?.[0];
  if (top === undefined) return [];
  const headline = lastIndexWhere(lines.slice(0, top), (line) => line.startsWith('Agent State · '));
  return headline === -1 ? [] : lines.slice(headline, top);
}

/** The footer's status line: the last non-blank row (below the cwd and the model line). */
export function footerStatusLine(lines: readonly string[]): string {
  return lines[lastIndexWhere(lines, isDrawn)] ?? '';
}

/** omp's footers: one drawn row each below the editor (see TerminalFacts.footers). */
export function footerRowsBelowEditor(lines: readonly string[]): string[] {
  const bounds = editorBounds(lines, 'after-corner');
  return bounds === undefined ? [] : lines.slice(bounds[1]).filter(isDrawn);
}

/** How many visible rows contain the text. */
export function rowsContaining(lines: readonly string[], text: string): number {
  return lines.filter((line) => line.includes(text)).length;
}

function withoutWhitespace(text: string): string {
  return text.replace(/\s+/gu, '');
}

export type ScreenExpectation = string | RegExp | ((lines: readonly string[]) => boolean);

async function waitForExpectation(terminal: PiTerminal, seen: ScreenExpectation, what: string): Promise<void> {
  if (typeof seen === 'function') {
    await terminal.waitUntil((_screen, lines) => seen(lines), what);
  } else {
    await terminal.waitForText(seen);
  }
}

export interface SubmitOptions {
  /** Pause after each typed character; by default the line is typed as one burst. */
  readonly keystrokeMs?: number;
}

/**
 * Types one line, waits until the editor shows it and Pi has settled (its completion menu is
 * asynchronous), presses Enter ONCE and waits until `seen` is on screen and the editor is empty.
 * Waiting for the effect matters on Pi 0.73.1: a line submitted while Pi still handles the
 * previous one is dropped (there is no input queue before 0.78), which a person never types fast
 * enough to hit but a test does.
 */
export async function submitLine(
  terminal: PiTerminal,
  text: string,
  seen: ScreenExpectation,
  options: SubmitOptions = {},
): Promise<void> {
  if (options.keystrokeMs === undefined) {
    terminal.type(text);
  } else {
    // One key at a time, so Pi's completion menu opens and updates as it does for a person.
    for (const character of text) {
      terminal.type(character);
      await new Promise((resolve) => setTimeout(resolve, options.keystrokeMs));
    }
  }
  // A long line wraps inside the editor; compare without the whitespace the wrapping moves.
  const typed = withoutWhitespace(text);
  const layout = terminal.version.host.terminal.editorLayout;
  await terminal.waitUntil((_screen, lines) => withoutWhitespace(editorRows(lines, layout).join('')).includes(typed), `the editor showing ${text}`);
  await terminal.waitForQuiet(150);
  terminal.press('enter');
  await waitForExpectation(terminal, seen, `the effect of ${text}`);
  await terminal.waitUntil((_screen, lines) => editorRows(lines, layout).every((row) => row.trim() === ''), 'an empty editor');
  await terminal.waitForQuiet(150);
}

/** Pi 0.84 and later draw saved entries in the chat (`registerEntryRenderer`); 0.73 and oh-my-pi have no entry renderer. */
export function drawsEntryLines(versionLabel: string, host: HostFacts = PI_HOST): boolean {
  const [major = 0, minor = 0] = versionLabel.split('.').map(Number);
  return host.entryRenderer && (major > 0 || minor >= 84);
}

/**
 * A capture as docs/terminal-ui.md shows it: the sandbox's project path, the footer's token counts
 * (which depend on that path's length) and the panel's times (shown as 09:41, the same width as any
 * time of the day) are the only parts that differ from run to run; blank rows below the footer are not
 * drawn by Pi.
 */
export function normaliseCapture(lines: readonly string[], projectDir: string): string {
  const drawn = lines.slice(0, lastIndexWhere(lines, isDrawn) + 1);
  return drawn
    .map((line) => line.replaceAll(projectDir, '~/project'))
    .map((line) => line.replace(/ since \d\d:\d\d\]/gu, ' since 09:41]'))
    .map((line) => (line.includes('(auto)') ? line.replace(/^.*\(auto\) +/u, '<usage> (auto) ') : line))
    .join('\n');
}

/**
 * Resizes and waits until Pi has redrawn at the new width (its editor rule spans it) and is quiet.
 * Quiet alone is not enough: right after the resize Pi has not written anything yet.
 */
export async function resizeAndSettle(terminal: PiTerminal, cols: number): Promise<void> {
  terminal.resize(cols, terminal.rows);
  await terminal.waitUntil((_screen, lines) => redrawnAt(lines, cols, terminal.version), `the editor redrawn at ${cols} columns`);
  await terminal.waitForQuiet();
}

/**
 * Pi's editor rule spans the new width; omp's prompt status line (the row above its corner) does.
 * At least, not equal: that line holds a glyph (🗑) our width table counts as two cells.
 */
function redrawnAt(lines: readonly string[], cols: number, version: PiVersion): boolean {
  if (version.host.terminal.editorLayout === 'between-rules') return lines.includes('─'.repeat(cols));
  const statusLine = lines[cornerRow(lines) - 1] ?? '';
  return displayWidth(statusLine) >= cols;
}

/** One terminal for a whole file, with both adapters loaded, in a sandbox and with a model it keeps across restarts. */
export interface BothAdaptersTerminal {
  readonly terminal: () => PiTerminal;
  readonly sandbox: () => PiSandbox;
  readonly model: () => ScriptedModel;
  /** Quits the way a person does (exit code 0) and starts again on the newest session (`-c`). */
  readonly quitAndContinue: () => Promise<void>;
}

/** Starts the host's terminal UI once for the file (beforeAll) with Agent State and Context Guard, and reaps it after. */
export function useBothAdaptersTerminal(target: PiTarget, size: { readonly cols: number; readonly rows: number }): BothAdaptersTerminal {
  let sandbox: PiSandbox | undefined;
  let model: ScriptedModel | undefined;
  let terminal: PiTerminal | undefined;
  const defined = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} has not started`);
    return value;
  };
  const start = (continueSession: boolean): Promise<PiTerminal> =>
    startPiTerminal({
      ...target,
      sandbox: defined(sandbox, 'sandbox'),
      model: defined(model, 'model'),
      ...size,
      extensions: [EXTENSION_PATH, GUARD_EXTENSION_PATH],
      continueSession,
    });
  beforeAll(async () => {
    // Not a dependency of this package, so a filtered build does not make it.
    if (!existsSync(GUARD_EXTENSION_PATH)) {
      throw new Error(`${GUARD_EXTENSION_PATH} is missing: run pnpm build (or pnpm --filter @j1nn0/agent-context-guard-pi build)`);
    }
    sandbox = await createPiSandbox();
    model = await ScriptedModel.start();
    terminal = await start(false);
  }, PI_E2E_TIMEOUT_MS);
  afterAll(async () => {
    await terminal?.dispose();
    await model?.dispose();
    await sandbox?.dispose();
  }, PI_E2E_TIMEOUT_MS);
  return {
    terminal: () => defined(terminal, 'terminal'),
    sandbox: () => defined(sandbox, 'sandbox'),
    model: () => defined(model, 'model'),
    quitAndContinue: async () => {
      expect(await defined(terminal, 'terminal').quit()).toBe(0);
      terminal = await start(true);
    },
  };
}

/**
 * The rows of an accepted (`✓`) and a rejected (`✗`) tool result: both on screen, both marks
 * coloured and in different colours (the colours themselves differ per host and version).
 */
export function expectToolMarks(
  terminal: PiTerminal,
  acceptedRow: string,
  rejectedRow: string | RegExp | ((line: string) => boolean),
): { accepted: number; rejected: number } {
  const lines = terminal.screenLines();
  const accepted = lines.indexOf(acceptedRow);
  const rejected =
    typeof rejectedRow === 'string'
      ? lines.indexOf(rejectedRow)
      : lines.findIndex((line) => (rejectedRow instanceof RegExp ? rejectedRow.test(line) : rejectedRow(line)));
  expect(accepted, acceptedRow).toBeGreaterThan(-1);
  expect(rejected, String(rejectedRow)).toBeGreaterThan(-1);
  const markColour = (row: number, mark: string): string | undefined => terminal.styledRow(row).find((run) => run.text.includes(mark))?.fg;
  expect(markColour(accepted, '✓')).toBeDefined();
  expect(markColour(rejected, '✗')).toBeDefined();
  expect(markColour(accepted, '✓')).not.toBe(markColour(rejected, '✗'));
  return { accepted, rejected };
}

/**
 * The model sets a status Pi's validator refuses, and sends arguments as a JSON string; the collapsed
 * row of each call must show what was wrong (not Pi's header, which only names the tool) within `cols`.
 */
export async function expectValidatorRefusalRow(terminal: PiTerminal, model: ScriptedModel, cols: number): Promise<void> {
  model.enqueue(
    {
      toolCalls: [
        { name: 'agent_state_set_work_item_status', arguments: { id: 'docs', status: 'completed' } },
        { name: 'agent_state_add_work_item', arguments: JSON.stringify({ id: 'tests', content: 'Write the tests' }) },
      ],
    },
    { text: 'Both calls were refused.' },
  );
  await submitLine(terminal, 'Mark the docs completed', 'Both calls were refused.');

  const screen = terminal.screenLines();
  const refused = screen.filter((line) => line.startsWith(' ✗ Invalid arguments: '));
  // Each host words the second its own way (Pi 1.6: no JSON object; before: `root: must be object`; omp: `id: is required`).
  expect(refused, screen.join('\n')).toEqual([expect.stringMatching(/^ ✗ Invalid arguments: status: /u), expect.stringMatching(/^ ✗ Invalid arguments: \S/u)]);
  for (const row of refused) expect(displayWidth(row)).toBeLessThanOrEqual(cols);
  expect(rowsContaining(screen, 'Validation failed for tool')).toBe(0);
  expect(rowsContaining(screen, 'Invalid arguments for tool')).toBe(0);
}
