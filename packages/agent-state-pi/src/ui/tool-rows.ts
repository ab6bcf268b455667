import type { WorkItemStatus } from '@j1nn0/agent-state';
import {
  escapeTerminalText,
  segment,
  styledLinesComponent,
  type LineSegment,
  type PiComponentPort,
  type PiThemePort,
  type PiToolRenderContext,
  type PiToolRenderOptions,
  type StyledLine,
} from '@j1nn0/pi-adapter-kit';
import { STATUS_COLORS } from './panel.js';

// How the model's tool calls read in Pi's chat. The call line says what is being recorded; the
// result is one line that is visibly green with a tick when accepted and red with a cross when
// rejected; ctrl+o shows the whole text. Arguments come from the model, possibly half-streamed,
// so every field is read defensively and every string is escaped.

export type AgentStateToolName =
  | 'agent_state_get'
  | 'agent_state_add_work_item'
  | 'agent_state_set_work_item_status'
  | 'agent_state_add_decision';

const TITLE = segment('Agent State', 'toolTitle', true);

function field(args: unknown, name: string): string | undefined {
  if (typeof args !== 'object' || args === null) {
    return undefined;
  }
  const value = (args as Readonly<Record<string, unknown>>)[name];
  return typeof value === 'string' ? escapeTerminalText(value) : undefined;
}

function statusSegment(status: string | undefined, prefix: string): LineSegment {
  const color = status !== undefined && status in STATUS_COLORS ? STATUS_COLORS[status as WorkItemStatus] : 'dim';
  return segment(`${prefix}${status ?? '…'}`, color);
}

/** The call line, from the arguments as far as the model has sent them. */
export function toolCallLine(tool: AgentStateToolName, args: unknown): StyledLine {
  const id = segment(` ${field(args, 'id') ?? '…'}`, 'accent');
  const content = field(args, 'content');
  const quoted = content === undefined ? [] : [segment(` "${content}"`, 'dim')];
  switch (tool) {
    case 'agent_state_get':
      return [TITLE, segment(' read', 'muted')];
    case 'agent_state_add_work_item':
      return [TITLE, segment(' add', 'muted'), id, statusSegment(field(args, 'status') ?? 'open', ' '), ...quoted];
    case 'agent_state_set_work_item_status':
      return [TITLE, segment(' set', 'muted'), id, statusSegment(field(args, 'status'), ' → ')];
    case 'agent_state_add_decision':
      return [TITLE, segment(' decide', 'muted'), id, ...quoted];
  }
}

export interface ToolResultView {
  readonly text: string;
  readonly expanded: boolean;
  readonly isPartial: boolean;
  readonly isError: boolean;
}

/** One line collapsed (the first line of the text: a confirmation, a rejection or the headline), all lines expanded. */
export function toolResultLines(view: ToolResultView): StyledLine[] {
  if (view.isPartial) {
    return [[segment('recording…', 'dim')]];
  }
  const lines = view.text.split('\n').map((line) => escapeTerminalText(line));
  const [first = '', ...rest] = lines;
  const head: StyledLine = view.isError
    ? [segment('✗ ', 'error', true), segment(first, 'error')]
    : [segment('✓ ', 'success', true), segment(first)];
  return view.expanded ? [head, ...rest.map((line) => [segment(line, 'muted')])] : [head];
}

export function renderToolCall(tool: AgentStateToolName, args: unknown, theme: PiThemePort): PiComponentPort {
  const line = toolCallLine(tool, args);
  return styledLinesComponent(() => [line], theme);
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
  const lines = toolResultLines({
    text,
    expanded: options.expanded,
    isPartial: options.isPartial,
    isError: context?.isError === true,
  });
  return styledLinesComponent(() => lines, theme);
}
