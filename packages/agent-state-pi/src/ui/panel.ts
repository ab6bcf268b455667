import { WORK_ITEM_STATUSES, type AgentStateSnapshot, type WorkItem, type WorkItemStatus } from '@j1nn0/agent-state';
import { escapeTerminalText, segment, type LineSegment, type PiThemeColor, type StyledLine } from '@j1nn0/pi-adapter-kit';
import { formatItemStatus } from '../format.js';
import { isEmptySnapshot } from '../mutations.js';
import { NO_TIMES, type SinceTimes } from '../since.js';

// The live panel above Pi's editor: what is being worked on, at a glance. It shows the objective and
// the work items that are not done, never more than PANEL_MAX_LINES lines. When they all fit they keep
// insertion order, so no row moves when a status changes; when they do not, the items a person acts
// on come first (PANEL_PRIORITY) and the last line counts what was left out. Done items are never
// listed: the headline counts them.

export const PANEL_WIDGET_KEY = 'agent-state';

/** The whole panel, headline included; a small budget keeps the editor and the chat in view. */
export const PANEL_MAX_LINES = 6;

/** The key that collapses the panel to one line and expands it again (no tested Pi line binds it). */
export const PANEL_TOGGLE_KEY = 'alt+s';

/** Which unfinished items take the rows when not all fit, each group in insertion order. */
export const PANEL_PRIORITY: readonly Exclude<WorkItemStatus, 'done'>[] = ['in_progress', 'blocked', 'open'];

export const STATUS_COLORS: Readonly<Record<WorkItemStatus, PiThemeColor>> = {
  open: 'muted',
  in_progress: 'accent',
  blocked: 'warning',
  done: 'success',
};

export interface PanelOptions {
  /** Only the headline's counts and the key that expands it again. */
  readonly collapsed?: boolean;
  /** Since when each unfinished item has had its status, shown in its row's brackets (no extra row). */
  readonly since?: SinceTimes;
  /** The time the panel is drawn at, which decides whether a time needs its date. */
  readonly now?: Date;
}

/** The unfinished items the panel lists, and those it leaves out for lack of rows. */
export interface PanelSelection {
  readonly shown: readonly WorkItem[];
  readonly omitted: readonly WorkItem[];
}

/** Picks the rows below the headline: `rows` at most, one of them kept for the "+N more" line when needed. */
export function selectPanelItems(workItems: readonly WorkItem[], rows: number): PanelSelection {
  const pending = workItems.filter((item) => item.status !== 'done');
  if (pending.length <= rows) {
    return { shown: pending, omitted: [] };
  }
  const ranked = PANEL_PRIORITY.flatMap((status) => pending.filter((item) => item.status === status));
  const room = Math.max(rows - 1, 0);
  return { shown: ranked.slice(0, room), omitted: ranked.slice(room) };
}

/** No lines for an empty state: then there is no panel at all. */
export function panelLines(snapshot: AgentStateSnapshot, options: PanelOptions = {}): StyledLine[] {
  if (isEmptySnapshot(snapshot)) {
    return [];
  }
  if (options.collapsed === true) {
    return [collapsedLine(snapshot)];
  }
  const { shown, omitted } = selectPanelItems(snapshot.workItems, PANEL_MAX_LINES - 1);
  const since = options.since ?? NO_TIMES;
  const now = options.now ?? new Date();
  const lines: StyledLine[] = [headline(snapshot), ...shown.map((item) => itemLine(item, since, now))];
  if (omitted.length > 0) {
    lines.push([segment(`  +${omitted.length} more: ${statusCounts(omitted)}`, 'dim')]);
  }
  return lines;
}

/** `17 open, 1 blocked`: the non-zero counts in the order `/agent-state status` lists statuses. */
function statusCounts(items: readonly WorkItem[]): string {
  return WORK_ITEM_STATUSES.flatMap((status) => {
    const count = items.filter((item) => item.status === status).length;
    return count === 0 ? [] : [`${count} ${status}`];
  }).join(', ');
}

function doneCount(snapshot: AgentStateSnapshot): string {
  const done = snapshot.workItems.filter((item) => item.status === 'done').length;
  return `${done}/${snapshot.workItems.length} done`;
}

function headline(snapshot: AgentStateSnapshot): StyledLine {
  const parts: LineSegment[] = [segment('Agent State', 'accent', true)];
  parts.push(
    snapshot.objective === undefined
      ? segment(' · no objective', 'dim')
      : segment(` · ${escapeTerminalText(snapshot.objective)}`),
  );
  if (snapshot.workItems.length > 0) {
    parts.push(segment(` · ${doneCount(snapshot)}`, 'muted'));
  }
  return parts;
}

/**
 * Counts only, no recorded text, so the key's hint at the end is not cut at 80 columns:
 * `Agent State · 3/7 done · 2 in_progress, 1 blocked · alt+s expands`.
 */
function collapsedLine(snapshot: AgentStateSnapshot): StyledLine {
  const active = snapshot.workItems.filter((item) => item.status === 'in_progress' || item.status === 'blocked');
  const parts: LineSegment[] = [
    segment('Agent State', 'accent', true),
    segment(snapshot.workItems.length === 0 ? ' · no work items' : ` · ${doneCount(snapshot)}`, 'muted'),
  ];
  if (active.length > 0) {
    parts.push(segment(` · ${statusCounts(active)}`, 'muted'));
  }
  parts.push(segment(` · ${PANEL_TOGGLE_KEY} expands`, 'dim'));
  return parts;
}

function itemLine(item: WorkItem, since: SinceTimes, now: Date): StyledLine {
  return [
    segment('  '),
    segment(formatItemStatus(item, since, now), STATUS_COLORS[item.status]),
    segment(` ${escapeTerminalText(item.id)}`, 'accent'),
    segment(`: ${escapeTerminalText(item.content)}`),
  ];
}
