import type { PiComponentPort, PiThemePort, PiToolRenderContext, PiToolRenderOptions } from './port.js';
import { segment, styledLinesComponent, type StyledLine } from './styled-line.js';
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

export interface ToolResultView {
  readonly text: string;
  readonly expanded: boolean;
  readonly isPartial: boolean;
  readonly isError: boolean;
}

/** One line collapsed (the first line of the text), every line expanded. */
export function toolResultLines(view: ToolResultView): StyledLine[] {
  if (view.isPartial) {
    return [[segment('recording…', 'dim')]];
  }
  const [first = '', ...rest] = view.text.split('\n').map((line) => escapeTerminalText(line));
  const head: StyledLine = view.isError
    ? [segment('✗ ', 'error', true), segment(first, 'error')]
    : [segment('✓ ', 'success', true), segment(first)];
  return view.expanded ? [head, ...rest.map((line) => [segment(line, 'muted')])] : [head];
}

export function renderToolResult(
  result: { readonly content: readonly { readonly type: string; readonly text?: string }[] },
  options: PiToolRenderOptions,
  theme: PiThemePort,
  context: PiToolRenderContext | undefined,
): PiComponentPort {
  const text = result.content
    .map((part) => (part.type === 'text' ? (part.text ?? '') : ''))
    .join('\n')
    .trim();
  const lines = toolResultLines({ text, expanded: options.expanded, isPartial: options.isPartial, isError: context?.isError === true });
  return styledLinesComponent(() => lines, theme);
}

/** A call line component, drawn as it is given. */
export function renderToolCallLine(line: StyledLine, theme: PiThemePort): PiComponentPort {
  return styledLinesComponent(() => [line], theme);
}
