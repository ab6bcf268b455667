import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import {
  ELLIPSIS,
  displayWidth,
  fitLine,
  plainText,
  showFooterStatus,
  toolResultLines,
  type PiContextPort,
  type PiSessionEntryPort,
  type StyledLine,
} from '@j1nn0/pi-adapter-kit';
import {
  PI_E2E_TIMEOUT_MS,
  ScriptedModel,
  createPiSandbox,
  toolResultEntriesInCallOrder,
  type HostFacts,
  type PiSandbox,
  type PiTarget,
  type PiVersion,
  type SessionFileEntry,
} from '@j1nn0/pi-real-hosts';
import { startPiTerminal, type PiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { drawnEntryLines, startTuiHost } from '@j1nn0/pi-testkit/adapter-suites';
import { afterAll, beforeAll, expect } from 'vitest';
import { formatOutcome as formatGuardOutcome } from '../../../../agent-context-guard-pi/src/format.js';
import { parseCommand as parseGuardCommand } from '../../../../agent-context-guard-pi/src/commands.js';
import { EMPTY_GUARD_STATE, type GuardState } from '../../../../agent-context-guard-pi/src/guard-state.js';
import { applyMutation as applyGuardMutation, type MutationOutcome as GuardOutcome } from '../../../../agent-context-guard-pi/src/mutations.js';
import contextGuardExtension from '../../../../agent-context-guard-pi/src/extension.js';
import {
  STATE_ENTRY_TYPE as GUARD_ENTRY_TYPE,
  restoreFromBranch as restoreGuardFromBranch,
  toStatePayload as toGuardPayload,
} from '../../../../agent-context-guard-pi/src/persistence.js';
import { FOOTER_STATUS_KEY as GUARD_FOOTER_STATUS_KEY, formatFooter as formatGuardFooter } from '../../../../agent-context-guard-pi/src/ui/footer.js';
import { parseCommand } from '../../../src/commands.js';
import { formatChange, formatOutcome } from '../../../src/format.js';
import { applyMutation, type MutationOutcome } from '../../../src/mutations.js';
import agentStateExtension from '../../../src/extension.js';
import { STATE_ENTRY_TYPE, restoreFromBranch, toStatePayload } from '../../../src/persistence.js';
import { FOOTER_STATUS_KEY, formatFooter } from '../../../src/ui/footer.js';
import { PANEL_MAX_LINES, panelLines, selectPanelItems } from '../../../src/ui/panel.js';
import { toolCallLine } from '../../../src/ui/tool-rows.js';
import { EXTENSION_PATH, branchOfFile, savedView, statusOf, type SavedView } from './real-pi.js';

type EditorLayout = HostFacts['terminal']['editorLayout'];

// Reading and driving Pi's interactive screen the way a person does: type, look, press Enter once.

/** Context Guard's BUILT extension, loaded beside ours so the two footers share one line. */
const GUARD_EXTENSION_PATH = fileURLToPath(
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
    // A long input wraps onto the rows below the corner, up to the footers (each starts with its
    // adapter's name, or the kit's bar before it) or a blank row.
    const rest = lines.slice(corner + 1);
    const isFooter = (line: string): boolean => /^(?:│ )?(?:Agent State|Context Guard)\b/u.test(line);
    const wrapped = rest.findIndex((line) => !isDrawn(line) || isFooter(line));
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

/**
 * Where the widgets above the editor are drawn: [first row, the editor's top). Pi and omp put one blank
 * row above them (a spacer, or the gap left when there is no widget), so they are the drawn rows
 * between the last blank row and the editor; none when nothing is drawn there.
 */
function widgetBounds(lines: readonly string[], layout: EditorLayout): [first: number, end: number] | undefined {
  const top = editorBounds(lines, layout)?.[0];
  if (top === undefined) return undefined;
  return [lastIndexWhere(lines.slice(0, top), (line) => !isDrawn(line)) + 1, top];
}

/**
 * The rows of the Agent State panel as drawn (the only widget above the editor), times included: the
 * rows between the blank row Pi and omp draw above their widgets and the editor's top; none when the
 * panel is not shown. Found by where they are, not by what they say.
 */
export function panelRows(lines: readonly string[], layout: EditorLayout = 'between-rules'): string[] {
  const bounds = widgetBounds(lines, layout);
  return bounds === undefined ? [] : lines.slice(...bounds);
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

/**
 * How often the screen shows `text` whole. A notification wraps at the terminal's width (and Pi pads
 * it), so the screen and the text are compared without the whitespace the wrapping moves, as the
 * editor's text is.
 */
export function timesShown(lines: readonly string[], text: string): number {
  const wanted = withoutWhitespace(text);
  if (wanted === '') throw new Error('timesShown: nothing to look for');
  return withoutWhitespace(lines.join('')).split(wanted).length - 1;
}

/** Whether the screen shows `text` whole (see timesShown). */
export function showsText(lines: readonly string[], text: string): boolean {
  return timesShown(lines, text) > 0;
}

/** Whether `block` is on screen as consecutive rows. */
export function showsRows(lines: readonly string[], block: readonly string[]): boolean {
  return lines.some((_line, row) => block.every((expected, offset) => lines[row + offset] === expected));
}

type ScreenExpectation = string | RegExp | ((lines: readonly string[]) => boolean);

async function waitForExpectation(terminal: PiTerminal, seen: ScreenExpectation, what: string): Promise<void> {
  if (typeof seen === 'function') {
    await terminal.waitUntil((_screen, lines) => seen(lines), what);
  } else {
    await terminal.waitForText(seen);
  }
}

interface SubmitOptions {
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

/** Pi's words before a warning's message (`ctx.ui.notify(..., "warning")`), on every line and on omp: the host's text, not ours. */
export const HOST_WARNING_PREFIX = 'Warning: ';

/** The time in a panel row (`  ◐ 12:34 docs: …` reads `  ◐ 09:41 docs: …`), whatever the time of the run. */
function withCaptureTimes(row: string): string {
  // A row: two spaces, the status mark, then the time its item took that status.
  return row.replace(/^( {2}\S )\d\d:\d\d /u, '$109:41 ');
}

/**
 * A capture as docs/terminal-ui.md shows it: the sandbox's project path, the footer's token counts
 * (which depend on that path's length) and the times in the panel's rows (shown as 09:41, the same
 * width as any time of the day) are the only parts that differ from run to run; blank rows below the
 * footer are not drawn by Pi.
 */
export function normaliseCapture(lines: readonly string[], projectDir: string): string {
  const drawn = lines.slice(0, lastIndexWhere(lines, isDrawn) + 1);
  const [panelFirst, panelEnd] = widgetBounds(drawn, 'between-rules') ?? [0, 0];
  return drawn
    .map((line) => line.replaceAll(projectDir, '~/project'))
    .map((line, row) => (row >= panelFirst && row < panelEnd ? withCaptureTimes(line) : line))
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
interface BothAdaptersTerminal {
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
 * row of each call must show what was wrong (not Pi's header, which only names the tool) within `cols`:
 * the kit's one line of the answer the host gave (read from the model's next request), fitted.
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

  // The request after the calls carries the whole conversation: its last two tool results answer them.
  const answers = toolResultEntriesInCallOrder(model.chatRequests().at(-1))
    .slice(-2)
    .map((result) => result.text);
  expect(answers).toHaveLength(2);
  const rows = answers.map((text) => toolResultRows(text, { isError: true, cols })[0] ?? '');
  const screen = terminal.screenLines();
  expect(screen.filter((line) => rows.includes(line)), screen.join('\n')).toEqual(rows);
  // The first names the argument it refused; each host words the second its own way (Pi 1.6: no JSON
  // object; before: `root: must be object`; omp: `id: is required`).
  expect(rows[0]).toContain('status: ');
  for (const row of rows) expect(displayWidth(row)).toBeLessThanOrEqual(cols);
  expect(rowsContaining(screen, 'Validation failed for tool')).toBe(0);
  expect(rowsContaining(screen, 'Invalid arguments for tool')).toBe(0);
}

// What the screen must show, computed from the state read as structure (the session file) with the
// adapters' own display functions: a change of wording fails the tests of that display, not these.

/**
 * One plain model turn. Pi (and omp) write no session file before the first reply; after it the file
 * exists and grows with each saved change, so the tests can read what is saved.
 */
export async function replyOnce(terminal: PiTerminal): Promise<void> {
  terminal.model.enqueue({ text: 'Hello to you.' });
  await submitLine(terminal, 'Hello.', 'Hello to you.');
  await terminal.waitUntil(() => terminal.sandbox.sessionFiles().length > 0, 'the session file');
}

/** The session file written last: the one the terminal's Pi is writing (the same one after `-c`). */
function newestSessionFile(sandbox: PiSandbox): string | undefined {
  return sandbox
    .sessionFiles()
    .map((path) => ({ path, written: statSync(path).mtimeMs }))
    .sort((first, second) => first.written - second.written)
    .at(-1)?.path;
}

/** What both adapters have saved on the branch Pi opens, read by their own functions. */
export interface SavedSession {
  readonly branch: readonly SessionFileEntry[];
  /** Agent State's newest state (empty when none is saved) and its items' times. */
  readonly view: SavedView;
  /** Agent State's newest state, undefined when none is saved: what a chat line compares the next one with. */
  readonly agentState: AgentStateSnapshot | undefined;
  /** Context Guard's newest state, undefined when none is saved. */
  readonly guard: GuardState | undefined;
}

/** Reads the newest session file now (a torn last line is skipped, as Pi skips it). */
export function readSaved(sandbox: PiSandbox): SavedSession {
  const file = newestSessionFile(sandbox);
  const branch = file === undefined || !existsSync(file) ? [] : branchOfFile(readFileSync(file, 'utf8'));
  const entries = branch as unknown as readonly PiSessionEntryPort[];
  const agentState = restoreFromBranch(entries);
  const guard = restoreGuardFromBranch(entries);
  return {
    branch,
    view: savedView(branch),
    agentState: agentState.kind === 'restored' ? agentState.value : undefined,
    guard: guard.kind === 'restored' ? guard.value : undefined,
  };
}

export type AgentStateChange = Extract<MutationOutcome, { kind: 'changed' }>;
type GuardChange = Extract<GuardOutcome, { kind: 'changed' }>;

/** What the rules (applyMutation, the one model of them) make of `/agent-state <args>` on `state`: a change, or this throws. */
function agentStateChange(state: AgentStateSnapshot, command: string): AgentStateChange {
  const request = parseCommand(command.replace(/^\/agent-state /u, ''));
  const outcome = request.kind === 'mutation' ? applyMutation(state, request.mutation) : undefined;
  if (outcome?.kind !== 'changed') throw new Error(`${command} changes nothing`);
  return outcome;
}

/** What Context Guard's rules make of `/context-guard <args>` on `state` (empty when undefined): a change, or this throws. */
function guardChange(state: GuardState | undefined, command: string): GuardChange {
  const request = parseGuardCommand(command.replace(/^\/context-guard /u, ''));
  const outcome = request.kind === 'mutation' ? applyGuardMutation(state ?? EMPTY_GUARD_STATE, request.mutation) : undefined;
  if (outcome?.kind !== 'changed') throw new Error(`${command} changes nothing`);
  return outcome;
}

/** Agent State's panel for a saved view, each line fitted to `cols` as the kit's component draws it. */
export function drawnPanel(view: SavedView, cols: number, options: { readonly collapsed?: boolean } = {}): string[] {
  return panelLines(view.state, { ...options, since: view.since, declared: view.declared }).map((line) => plainText(fitLine(line, cols)));
}

/** The panel's lines whole, as an RPC client receives them (nothing cut). */
export function wholePanel(view: SavedView): string[] {
  return panelLines(view.state, { since: view.since, declared: view.declared }).map(plainText);
}

/**
 * The chat line (Pi 0.80+) of the last of `payloads`, saved one after the other, as the adapter's own
 * entry renderer draws it at `cols`: the adapter loaded in a fake host in mode `tui` (the testkit's),
 * the payloads appended to its session, the line compared with the one saved before it.
 */
async function chatLineOf(extension: (pi: never) => void, customType: string, payloads: readonly unknown[], cols: number): Promise<string> {
  const host = await startTuiHost(extension);
  for (const payload of payloads) host.session.appendCustomEntry(customType, payload);
  const line = drawnEntryLines(host, customType, cols).at(-1);
  if (line === undefined) throw new Error(`no chat line for ${customType}`);
  return line;
}

/** Agent State's chat line (Pi 0.80+) for a change from `previous` (undefined: nothing saved before) to `next`. */
export function agentStateChatLine(previous: AgentStateSnapshot | undefined, next: AgentStateSnapshot, cols: number): Promise<string> {
  const states = previous === undefined ? [next] : [previous, next];
  return chatLineOf(agentStateExtension, STATE_ENTRY_TYPE, states.map((state) => toStatePayload(state, 'person')), cols);
}

/** Context Guard's chat line (Pi 0.80+) for a change from `previous` (undefined: nothing saved before) to `next`. */
export function guardChatLine(previous: GuardState | undefined, next: GuardState, cols: number): Promise<string> {
  const states = previous === undefined ? [next] : [previous, next];
  return chatLineOf(contextGuardExtension, GUARD_ENTRY_TYPE, states.map(toGuardPayload), cols);
}

/** Agent State's chat lines (Pi 0.80+) of every state saved on `branch`, oldest first, as its entry renderer draws them. */
export async function savedAgentStateChatLines(branch: readonly SessionFileEntry[], cols: number): Promise<string[]> {
  const host = await startTuiHost(agentStateExtension);
  for (const entry of branch) {
    if (entry.type === 'custom' && entry['customType'] === STATE_ENTRY_TYPE) host.session.appendCustomEntry(STATE_ENTRY_TYPE, entry['data']);
  }
  return drawnEntryLines(host, STATE_ENTRY_TYPE, cols);
}

/**
 * Both adapters' footer statuses for a saved session as the terminal shows them, in the order of their
 * keys (Pi sorts the statuses by key): one row each on omp; Pi joins them (footerLine).
 */
export function footerStatuses(saved: SavedSession): string[] {
  const { state } = saved.view;
  const statuses: [string, string | undefined][] = [
    [FOOTER_STATUS_KEY, formatFooter(state)],
    [GUARD_FOOTER_STATUS_KEY, formatGuardFooter(saved.guard ?? EMPTY_GUARD_STATE)],
  ];
  // Drawn on one terminal UI by the kit, as both adapters draw them: the kit sets them apart.
  const shown = new Map<string, string>();
  const ui = { setStatus: (key: string, value: string | undefined) => (value === undefined ? shown.delete(key) : shown.set(key, value)) };
  for (const [key, text] of statuses) showFooterStatus({ hasUI: true, mode: 'tui', ui } as unknown as PiContextPort, key, text);
  return [...shown].sort(([first], [second]) => first.localeCompare(second)).map(([, text]) => text);
}

/** Pi's footer status line: the statuses joined with one space (TerminalFacts.footers `one-line`). */
export function footerLine(saved: SavedSession): string {
  return footerStatuses(saved).join(' ');
}

/** A tool row in the chat: Pi draws a tool's rows in a box with one column of padding on each side, the line fitted to what is left. */
export function toolRow(line: StyledLine, cols: number): string {
  return ` ${plainText(fitLine(line, cols - 2))}`;
}

/** A tool result's rows (the kit's result row, tool-row.ts): one collapsed, every line expanded. */
export function toolResultRows(text: string, options: { readonly isError: boolean; readonly cols: number; readonly expanded?: boolean }): string[] {
  return toolResultLines({ text, isError: options.isError, expanded: options.expanded ?? false, isPartial: false }).map((line) =>
    toolRow(line, options.cols),
  );
}

/** The collapsed row of a tool result. */
export function resultRow(text: string, isError: boolean, cols: number): string {
  return toolResultRows(text, { isError, cols })[0] ?? '';
}

/** JSON's view of a state: the same whichever way it was built (a key set to undefined is no key). */
function sameState(first: AgentStateSnapshot, second: AgentStateSnapshot): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(first)), JSON.parse(JSON.stringify(second)));
}

/**
 * Seen once the session file holds `expected` (the state the rules give after the command) and the panel
 * above the editor is drawn from it, whole or collapsed: the wait of a command that changes the state.
 */
export function savedAndShown(terminal: PiTerminal, expected: AgentStateSnapshot, options: { readonly collapsed?: boolean } = {}): (lines: readonly string[]) => boolean {
  const layout = terminal.version.host.terminal.editorLayout;
  return (lines) => {
    const { view } = readSaved(terminal.sandbox);
    return sameState(view.state, expected) && isDeepStrictEqual(panelRows(lines, layout), drawnPanel(view, terminal.cols, options));
  };
}

/**
 * Submits an `/agent-state` command that changes the state, waits until it is saved and drawn (and,
 * when given, until the text `reply` computes from the change is on screen too, see showsText), and
 * returns the change the rules made of it and what was saved before.
 */
export async function submitChange(
  terminal: PiTerminal,
  command: string,
  options: SubmitOptions & { readonly collapsed?: boolean; readonly reply?: (change: AgentStateChange, before: SavedSession) => string | Promise<string> } = {},
): Promise<{ readonly change: AgentStateChange; readonly before: SavedSession }> {
  const before = readSaved(terminal.sandbox);
  const change = agentStateChange(before.view.state, command);
  const shown = savedAndShown(terminal, change.snapshot, options);
  const reply = await options.reply?.(change, before);
  await submitLine(terminal, command, (lines) => shown(lines) && (reply === undefined || showsText(lines, reply)), options);
  return { change, before };
}

// The steps both terminal suites (Pi's lines and oh-my-pi) take, and what each must show.

/** A fast typist's pace. */
export const PERSON_KEYSTROKE_MS = 25;

/** How the host tells a saved change: its chat line where it has entry renderers (Pi 0.80+), else its reply. */
function changeShown(terminal: PiTerminal, change: AgentStateChange, before: SavedSession): string | Promise<string> {
  return terminal.version.entryRenderer ? agentStateChatLine(before.agentState, change.snapshot, terminal.cols) : formatChange(change);
}

/**
 * An objective and two items, one Enter each, then `set parse done` typed key by key: the completion
 * menu opens on the way (`s` offers status and set) and must be gone once the text is complete, or
 * the one Enter would only accept an item. Returns the set's change and what was saved before it.
 */
export async function typeFirstChanges(terminal: PiTerminal): Promise<{ readonly change: AgentStateChange; readonly before: SavedSession }> {
  for (const command of ['/agent-state objective Ship the CSV export', '/agent-state add parse Parse the arguments', '/agent-state add fmt Format the rows']) {
    await submitChange(terminal, command);
  }
  return submitChange(terminal, '/agent-state set parse done', { keystrokeMs: PERSON_KEYSTROKE_MS, reply: (made, before) => changeShown(terminal, made, before) });
}

/** The panel drawn from `view` at the terminal's width, its headline painted in the theme (a client gets the lines unpainted). */
export function expectPanelDrawn(terminal: PiTerminal, view: SavedView): string[] {
  const panel = panelRows(terminal.screenLines(), terminal.version.host.terminal.editorLayout);
  expect(panel).toEqual(drawnPanel(view, terminal.cols));
  const title = panelLines(view.state)[0]?.[0]?.text;
  if (title === undefined) throw new Error('the panel has no headline');
  const headline = terminal.styledRow(terminal.findRow(panel[0] ?? ''));
  expect(headline.find((run) => run.text.startsWith(title))?.fg).not.toBe('default');
  return panel;
}

/** `/agent-state status` typed key by key (a menu on the way must not swallow the Enter): the listing shown once. */
export async function expectStatusShownOnce(terminal: PiTerminal, view: SavedView): Promise<void> {
  const status = statusOf(view);
  await submitLine(terminal, '/agent-state status', (rows) => showsText(rows, status), { keystrokeMs: PERSON_KEYSTROKE_MS });
  expect(timesShown(terminal.screenLines(), status)).toBe(1);
}

/** Submits a `/context-guard` change, seen as its chat line where the host draws one, else as its reply, and checks what it saved. */
export async function submitGuardChange(terminal: PiTerminal, command: string, options: SubmitOptions = {}): Promise<void> {
  const before = readSaved(terminal.sandbox).guard;
  const made = guardChange(before, command);
  const shown = terminal.version.entryRenderer ? await guardChatLine(before, made.state, terminal.cols) : formatGuardOutcome(made, 'person').message;
  await submitLine(terminal, command, shown, options);
  expect(readSaved(terminal.sandbox).guard).toEqual(made.state);
}

/**
 * One model turn with two calls: add docs (in_progress), accepted, and set tests, which does not exist:
 * each call's row names the id and the status, and the two results carry marks in different colours.
 */
export async function expectTwoToolRows(
  terminal: PiTerminal,
  model: ScriptedModel,
): Promise<{ readonly before: SavedSession; readonly added: AgentStateChange; readonly accepted: number; readonly rejected: number }> {
  const add = { id: 'docs', content: 'Document the export', status: 'in_progress' } as const;
  const set = { id: 'tests', status: 'done' } as const;
  model.enqueue(
    {
      toolCalls: [
        { name: 'agent_state_add_work_item', arguments: add },
        { name: 'agent_state_set_work_item_status', arguments: set },
      ],
    },
    { text: 'Recorded the docs item; there is no tests item.' },
  );
  const before = readSaved(terminal.sandbox);
  await submitLine(terminal, 'Record the docs work', 'there is no tests item.');

  // What the rules make of the two calls, in call order.
  const added = applyMutation(before.view.state, { kind: 'add_work_item', ...add });
  if (added.kind !== 'changed') throw new Error('the docs item was not added');
  const refused = applyMutation(added.snapshot, { kind: 'set_status', ...set });
  expect(readSaved(terminal.sandbox).view.state).toEqual(added.snapshot);
  const screen = terminal.screenLines();
  expect(screen).toContain(toolRow(toolCallLine('agent_state_add_work_item', add), terminal.cols));
  expect(screen).toContain(toolRow(toolCallLine('agent_state_set_work_item_status', set), terminal.cols));
  // Colours differ per host and version (24-bit, palette); only the difference is pinned.
  const marks = expectToolMarks(terminal, resultRow(formatOutcome(added, 'model').message, false, terminal.cols), resultRow(formatOutcome(refused, 'model').message, true, terminal.cols));
  return { before, added, ...marks };
}

/** Wider than 80 columns, narrower than 160; CJK and emoji take two cells each. */
const WIDE_CONTENT = 'Export the 解析 report 🚀 with 表 columns and a 🚀 summary line for every 顧客 account';

/**
 * The model's calls that give the panel more work than rows: three items (a5 blocked), a call refused
 * (parse exists) and wide (in_progress), whose content is too wide for 80 columns; the wide ones come
 * last, so their rows stay on screen below the chat lines of the others.
 */
const MORE_WORK_CALLS = [
  { id: 'a4', content: 'Item a4' },
  { id: 'a5', content: 'Item a5', status: 'blocked' },
  { id: 'a6', content: 'Item a6' },
  { id: 'parse', content: WIDE_CONTENT },
  { id: 'wide', content: WIDE_CONTENT, status: 'in_progress' },
].map((args) => ({ name: 'agent_state_add_work_item' as const, arguments: args }));

/** One model turn of MORE_WORK_CALLS, after the first changes and the two tool rows (parse done, fmt open, docs in_progress). */
export async function addMoreWork(terminal: PiTerminal, model: ScriptedModel): Promise<void> {
  model.enqueue({ toolCalls: MORE_WORK_CALLS }, { text: 'Added the rest of the work.' });
  await submitLine(terminal, 'Add the rest of the work', 'Added the rest of the work.');
}

/**
 * The panel after addMoreWork, as drawn at the terminal's width: six unfinished items in five rows, so
 * the work in hand comes first (docs and wide in_progress, then a5 blocked, all added after fmt) and the
 * last row counts the two it left out; the wide calls' rows and the wide item's row are cut to the width.
 */
export function expectMoreWorkThanRows(terminal: PiTerminal, view: SavedView): void {
  const { cols } = terminal;
  const layout = terminal.version.host.terminal.editorLayout;
  const panel = panelRows(terminal.screenLines(), layout);
  expect(panel).toEqual(drawnPanel(view, cols));
  expect(panel).toHaveLength(PANEL_MAX_LINES);
  const { shown, omitted } = selectPanelItems(view.state.workItems, PANEL_MAX_LINES - 1);
  expect(shown.slice(0, 3).map((item) => item.id)).toEqual(['docs', 'wide', 'a5']);
  expect(omitted).toHaveLength(2);
  expect(panel).not.toEqual(wholePanel(view));
  const screen = terminal.screenLines();
  for (const row of MORE_WORK_CALLS.slice(-2).map((call) => toolRow(toolCallLine(call.name, call.arguments), cols))) {
    expect(row.endsWith(ELLIPSIS)).toBe(true);
    expect(screen).toContain(row);
  }
  for (const row of [...panel, ...(layout === 'after-corner' ? footerRowsBelowEditor(screen) : screen)]) expect(displayWidth(row), row).toBeLessThanOrEqual(cols);
}
