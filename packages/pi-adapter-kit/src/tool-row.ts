import type {
  PiComponentPort,
  PiRenderedToolResult,
  PiThemePort,
  PiToolRenderContext,
  PiToolRenderOptions,
} from './port.js';
import { PLAIN_THEME, segment, styledLinesComponent, type StyledLine } from './styled-line.js';
import { escapeTerminalText } from './terminal-text.js';

// What every adapter's tool rows share: arguments read defensively (the model may send anything,
// and Pi draws the call while the arguments still stream in), and a result that is one line, a
// green tick when accepted and a red cross when rejected, with the whole text on ctrl+o.

/** A string argument, escaped for the terminal; undefined when absent or not a string. */
export function argumentText(args: unknown, name: string): string | undefined {
  if (typeof args !== 'object' || args === null) {
    return undefined;
  }
  const value = (args as Readonly<Record<string, unknown>>)[name];
  return typeof value === 'string' ? escapeTerminalText(value) : undefined;
}

/** What a row renderer needs besides the arguments or the result, whichever host called it. */
export interface RenderArguments {
  readonly theme: PiThemePort;
  readonly options: PiToolRenderOptions;
  /** Pi's row context, where the host passed one. */
  readonly context: PiToolRenderContext | undefined;
}

const COLLAPSED: PiToolRenderOptions = { expanded: false, isPartial: false };

function fieldsOf(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null ? (value as Readonly<Record<string, unknown>>) : undefined;
}

function isTheme(value: unknown): value is PiThemePort {
  const fields = fieldsOf(value);
  return typeof fields?.['fg'] === 'function' && typeof fields['bold'] === 'function';
}

function isRenderOptions(value: unknown): value is PiToolRenderOptions {
  const fields = fieldsOf(value);
  return typeof fields?.['expanded'] === 'boolean' && typeof fields['isPartial'] === 'boolean';
}

function isRenderContext(value: unknown): value is PiToolRenderContext {
  const fields = fieldsOf(value);
  return typeof fields?.['toolCallId'] === 'string' && typeof fields['isError'] === 'boolean';
}

/**
 * Reads the arguments after the first by what each one is. Pi calls `renderCall(args, theme, context)`
 * and `renderResult(result, options, theme, context)`; oh-my-pi calls `renderCall(args, options, theme)`
 * and `renderResult(result, options, theme, args)`. A theme has `fg` and `bold`; Pi's context has a
 * `toolCallId`; options have `expanded`. Without a theme the row is drawn plain rather than not at all.
 */
export function readRenderArguments(hostArguments: readonly unknown[]): RenderArguments {
  const options = hostArguments.find(isRenderOptions);
  return {
    theme: hostArguments.find(isTheme) ?? PLAIN_THEME,
    options: options === undefined ? COLLAPSED : { expanded: options.expanded, isPartial: options.isPartial },
    context: hostArguments.find(isRenderContext),
  };
}

/** What a result row shows: the result's text, whether Pi asks for it whole, and how it ended. */
export interface ToolResultRow {
  readonly text: string;
  readonly expanded: boolean;
  readonly isPartial: boolean;
  readonly isError: boolean;
}

// Pi's answer to arguments its validator refuses, before the tool runs: a header line, then one
// `  - <field>: <what is wrong>` line a problem (0.73.1 to 1.6.0, and oh-my-pi alike). Pi 1.6 answers
// arguments that are no object at all in one line: `Invalid arguments for tool "<name>": <why>`.
const VALIDATION_HEADER = /^Validation failed for tool "[^"]*":$/u;
const VALIDATION_PROBLEM = /^\s*- (.+)$/u;
const INVALID_ARGUMENTS = /^Invalid arguments for tool "[^"]*": (.+)$/u;

/**
 * The line a collapsed row shows: the first line of the text, except for Pi's answers to arguments it
 * refused, which name the tool (already on the call line above): then the first reason they give.
 */
export function collapsedResultLine(text: string): string {
  const [first = '', ...rest] = text.split('\n');
  const reason = VALIDATION_HEADER.test(first)
    ? rest.map((line) => VALIDATION_PROBLEM.exec(line)?.[1]).find((line) => line !== undefined)
    : INVALID_ARGUMENTS.exec(first)?.[1];
  return reason === undefined ? first : `Invalid arguments: ${reason}`;
}

/** One line collapsed (collapsedResultLine), every line expanded. */
export function toolResultLines(row: ToolResultRow): StyledLine[] {
  if (row.isPartial) {
    return [[segment('recording…', 'dim')]];
  }
  const [first = '', ...rest] = row.text.split('\n').map((line) => escapeTerminalText(line));
  const shown = row.expanded ? first : escapeTerminalText(collapsedResultLine(row.text));
  const head: StyledLine = row.isError
    ? [segment('✗ ', 'error', true), segment(shown, 'error')]
    : [segment('✓ ', 'success', true), segment(shown)];
  return row.expanded ? [head, ...rest.map((line) => [segment(line, 'muted')])] : [head];
}

/** The result row. A rejected call is marked on the result (oh-my-pi) or on Pi's row context. */
export function renderToolResult(result: PiRenderedToolResult, hostArguments: readonly unknown[]): PiComponentPort {
  const { theme, options, context } = readRenderArguments(hostArguments);
  const text = result.content
    .map((part) => (part.type === 'text' ? (part.text ?? '') : ''))
    .join('\n')
    .trim();
  const isError = result.isError === true || context?.isError === true;
  const lines = toolResultLines({ text, expanded: options.expanded, isPartial: options.isPartial, isError });
  return styledLinesComponent(() => lines, theme);
}

/** A call line component, drawn as it is given. */
export function renderToolCallLine(line: StyledLine, hostArguments: readonly unknown[]): PiComponentPort {
  return styledLinesComponent(() => [line], readRenderArguments(hostArguments).theme);
}

export interface ToolRowRenderers {
  renderCall(args: unknown, ...hostArguments: unknown[]): PiComponentPort;
  renderResult(result: PiRenderedToolResult, ...hostArguments: unknown[]): PiComponentPort;
}

/** A tool's two row renderers: its own call line from the arguments, and the kit's result row. */
export function toolRowRenderers(callLine: (args: unknown) => StyledLine): ToolRowRenderers {
  return {
    renderCall: (args, ...hostArguments) => renderToolCallLine(callLine(args), hostArguments),
    renderResult: (result, ...hostArguments) => renderToolResult(result, hostArguments),
  };
}
