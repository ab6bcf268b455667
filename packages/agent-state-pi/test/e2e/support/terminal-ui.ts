import { fileURLToPath } from 'node:url';
import type { PiTerminal } from '@j1nn0/pi-testkit/terminal';

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

/** The rows between the editor's two full-width rules (the last pair on screen). */
export function editorRows(lines: readonly string[]): string[] {
  const rules = lines.flatMap((line, row) => (RULE.test(line) ? [row] : []));
  const bottom = rules.at(-1);
  const top = rules.at(-2);
  return top === undefined || bottom === undefined ? [] : lines.slice(top + 1, bottom);
}

/** The rows of the Agent State panel: from its headline down to the editor's top rule. */
export function panelRows(lines: readonly string[]): string[] {
  const rules = lines.flatMap((line, row) => (RULE.test(line) ? [row] : []));
  const top = rules.at(-2);
  if (top === undefined) return [];
  const headline = lastIndexWhere(lines.slice(0, top), (line) => line.startsWith('Agent State · '));
  return headline === -1 ? [] : lines.slice(headline, top);
}

/** The footer's status line: the last non-blank row (below the cwd and the model line). */
export function footerStatusLine(lines: readonly string[]): string {
  return lines[lastIndexWhere(lines, isDrawn)] ?? '';
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
  await terminal.waitUntil((_screen, lines) => withoutWhitespace(editorRows(lines).join('')).includes(typed), `the editor showing ${text}`);
  await terminal.waitForQuiet(150);
  terminal.press('enter');
  await waitForExpectation(terminal, seen, `the effect of ${text}`);
  await terminal.waitUntil((_screen, lines) => editorRows(lines).every((row) => row.trim() === ''), 'an empty editor');
  await terminal.waitForQuiet(150);
}

/** Pi 0.84 and later draw saved entries in the chat (`registerEntryRenderer`); 0.73 has no entry renderer. */
export function drawsEntryLines(versionLabel: string): boolean {
  const [major = 0, minor = 0] = versionLabel.split('.').map(Number);
  return major > 0 || minor >= 84;
}

/**
 * A capture as the README shows it: the sandbox's project path and the footer's token counts
 * (which depend on that path's length) are the only parts that differ from run to run; blank rows
 * below the footer are not drawn by Pi.
 */
export function normaliseCapture(lines: readonly string[], projectDir: string): string {
  const drawn = lines.slice(0, lastIndexWhere(lines, isDrawn) + 1);
  return drawn
    .map((line) => line.replaceAll(projectDir, '~/project'))
    .map((line) => (line.includes('(auto)') ? line.replace(/^.*\(auto\) +/u, '<usage> (auto) ') : line))
    .join('\n');
}

/**
 * Resizes and waits until Pi has redrawn at the new width (its editor rule spans it) and is quiet.
 * Quiet alone is not enough: right after the resize Pi has not written anything yet.
 */
export async function resizeAndSettle(terminal: PiTerminal, cols: number): Promise<void> {
  terminal.resize(cols, terminal.rows);
  const rule = '─'.repeat(cols);
  await terminal.waitUntil((_screen, lines) => lines.includes(rule), `the editor redrawn at ${cols} columns`);
  await terminal.waitForQuiet();
}
