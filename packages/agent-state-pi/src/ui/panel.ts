import { type AgentStateSnapshot, type WorkItem, type WorkItemStatus } from '@j1nn0/agent-state';
import { escapeTerminalText, segment, type LineSegment, type PiThemeColor, type StyledLine } from '@j1nn0/pi-adapter-kit';
import { isEmptySnapshot } from '../mutations.js';

// The live panel above Pi's editor: what is being worked on, at a glance. It shows the objective and
// the work items that are not done, in insertion order, and never more than PANEL_MAX_LINES lines.

export const PANEL_WIDGET_KEY = 'agent-state';

/** The whole panel, headline included; a small budget keeps the editor and the chat in view. */
export const PANEL_MAX_LINES = 6;

export const STATUS_COLORS: Readonly<Record<WorkItemStatus, PiThemeColor>> = {
  open: 'muted',
  in_progress: 'accent',
  blocked: 'warning',
  done: 'success',
};

/** No lines for an empty state: then there is no panel at all. */
export function panelLines(snapshot: AgentStateSnapshot): StyledLine[] {
  if (isEmptySnapshot(snapshot)) {
    return [];
  }
  const pending = snapshot.workItems.filter((item) => item.status !== 'done');
  const room = PANEL_MAX_LINES - 1;
  // When the items do not all fit, the last line says how many more there are.
  const shown = pending.length <= room ? pending : pending.slice(0, room - 1);
  const lines: StyledLine[] = [headline(snapshot), ...shown.map(itemLine)];
  if (shown.length < pending.length) {
    lines.push([segment(`  +${pending.length - shown.length} more not done`, 'dim')]);
  }
  return lines;
}

function headline(snapshot: AgentStateSnapshot): StyledLine {
  const done = snapshot.workItems.filter((item) => item.status === 'done').length;
  const parts: LineSegment[] = [segment('Agent State', 'accent', true)];
  parts.push(
    snapshot.objective === undefined
      ? segment(' · no objective', 'dim')
      : segment(` · ${escapeTerminalText(snapshot.objective)}`),
  );
  if (snapshot.workItems.length > 0) {
    parts.push(segment(` · ${done}/${snapshot.workItems.length} done`, 'muted'));
  }
  return parts;
}

function itemLine(item: WorkItem): StyledLine {
  return [
    segment('  '),
    segment(`[${item.status}]`, STATUS_COLORS[item.status]),
    segment(` ${escapeTerminalText(item.id)}`, 'accent'),
    segment(`: ${escapeTerminalText(item.content)}`),
  ];
}
