import { WORK_ITEM_STATUSES, type AgentStateSnapshot, type WorkItem, type WorkItemStatus } from '@j1nn0/agent-state';
import { escapeTerminalText, formatEntryTime, segment, type LineSegment, type PiThemeColor, type StyledLine } from '@j1nn0/pi-adapter-kit';
import { MODEL_MARK } from '../format.js';
import { isEmptySnapshot } from '../mutations.js';
import { NO_DECLARATIONS, NO_TIMES, itemSince, type DeclaredBy, type SinceTimes } from '../since.js';

// The live panel above Pi's editor: what is being worked on, at a glance. It shows the objective and
// the work items that are not done, never more than PANEL_MAX_LINES lines. When they all fit they keep
// insertion order, so no row moves when a status changes; when they do not, the items a person acts
// on come first (PANEL_PRIORITY) and the line right under the headline counts what was left out: a
// selector that takes rows (Pi 1.6's /tree) cuts the panel from the bottom, and an item row is what it
// may take. Done items are never listed: the headline counts them, and how many of those the model
// declared. At 80 columns what matters is kept: the count comes before the objective, which is cut
// first, and a row's status and age take one mark and a time, so the item's text gets the row.

export const PANEL_WIDGET_KEY = 'agent-state';

/** The whole panel, headline included; a small budget keeps the editor and the chat in view. */
export const PANEL_MAX_LINES = 6;

/** The key that collapses the panel to one line and expands it again (no tested Pi line binds it). */
export const PANEL_TOGGLE_KEY = 'alt+s';

/** Which unfinished items take the rows when not all fit, each group in insertion order. */
export const PANEL_PRIORITY: readonly Exclude<WorkItemStatus, 'done'>[] = ['in_progress', 'blocked', 'open'];

/** One column for a status in a row; the words stay in the headline, the footer and `status`. */
export const STATUS_MARKS: Readonly<Record<WorkItemStatus, string>> = {
  open: '○',
  in_progress: '◐',
  blocked: '⊘',
  done: '✓',
};

export const STATUS_COLORS: Readonly<Record<WorkItemStatus, PiThemeColor>> = {
  open: 'muted',
  in_progress: 'accent',
  blocked: 'warning',
  done: 'success',
};

export interface PanelOptions {
  /** Only the headline's counts and the key that expands it again. */
  readonly collapsed?: boolean;
  /** Since when each unfinished item has had its status, shown in its row after its status mark. */
  readonly since?: SinceTimes;
  /** Who declared each status: a row the model declared is marked, and the headline counts done ones. */
  readonly declared?: DeclaredBy;
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
  const declared = options.declared ?? NO_DECLARATIONS;
  const now = options.now ?? new Date();
  const lines: StyledLine[] = [headline(snapshot, declared)];
  if (omitted.length > 0) {
    lines.push([segment(`  +${omitted.length} not shown: ${statusCounts(omitted)}`, 'dim')]);
  }
  return [...lines, ...shown.map((item) => itemLine(item, since, declared, now))];
}

/** `17 open, 1 blocked`: the non-zero counts in the order `/agent-state status` lists statuses. */
export function statusCounts(items: readonly WorkItem[]): string {
  return WORK_ITEM_STATUSES.flatMap((status) => {
    const count = items.filter((item) => item.status === status).length;
    return count === 0 ? [] : [`${count} ${status}`];
  }).join(', ');
}

/** `3/7 done`: what the headline, the collapsed line and the footer all count first. */
export function doneCount(snapshot: AgentStateSnapshot): string {
  const done = snapshot.workItems.filter((item) => item.status === 'done').length;
  return `${done}/${snapshot.workItems.length} done`;
}

/** `1 in_progress, 1 blocked`: the items being worked on or waiting, as the collapsed line counts them (the footer: activeMarks). */
export function activeCounts(snapshot: AgentStateSnapshot): string {
  return statusCounts(snapshot.workItems.filter((item) => item.status === 'in_progress' || item.status === 'blocked'));
}

/**
 * `◐2 ⊘1`: the same counts as activeCounts, each after its row's status mark, short enough that the
 * footer and Context Guard's fit in 80 columns together at any count the limits allow.
 */
export function activeMarks(snapshot: AgentStateSnapshot): string {
  return (['in_progress', 'blocked'] as const).flatMap((status) => {
    const count = snapshot.workItems.filter((item) => item.status === status).length;
    return count === 0 ? [] : [`${STATUS_MARKS[status]}${count}`];
  }).join(' ');
}

/** The count first, so a narrow terminal cuts the objective (with `…`) and never the count. */
function headline(snapshot: AgentStateSnapshot, declared: DeclaredBy): StyledLine {
  const parts: LineSegment[] = [segment('Agent State', 'accent', true)];
  if (snapshot.workItems.length > 0) {
    const byModel = snapshot.workItems.filter((item) => item.status === 'done' && declared.get(item.id) === 'model').length;
    parts.push(segment(` · ${doneCount(snapshot)}${byModel > 0 ? ` (${byModel} by model)` : ''}`, 'muted'));
  }
  parts.push(
    snapshot.objective === undefined
      ? segment(' · no objective', 'dim')
      : segment(` · ${escapeTerminalText(snapshot.objective)}`),
  );
  return parts;
}

/**
 * Counts only, no recorded text, so the key's hint at the end is not cut at 80 columns:
 * `Agent State · 3/7 done · 2 in_progress, 1 blocked · alt+s expands`.
 */
function collapsedLine(snapshot: AgentStateSnapshot): StyledLine {
  const active = activeCounts(snapshot);
  const parts: LineSegment[] = [
    segment('Agent State', 'accent', true),
    segment(snapshot.workItems.length === 0 ? ' · no work items' : ` · ${doneCount(snapshot)}`, 'muted'),
  ];
  if (active !== '') {
    parts.push(segment(` · ${active}`, 'muted'));
  }
  parts.push(segment(` · ${PANEL_TOGGLE_KEY} expands`, 'dim'));
  return parts;
}

/** `  ◐ 13:17 lat1 (model): text`: the status mark, since when (where known), the id, its mark, the text. */
function itemLine(item: WorkItem, since: SinceTimes, declared: DeclaredBy, now: Date): StyledLine {
  const time = itemSince(since, item);
  return [
    segment('  '),
    segment(STATUS_MARKS[item.status], STATUS_COLORS[item.status]),
    ...(time === undefined ? [] : [segment(` ${formatEntryTime(time, now)}`, 'dim')]),
    segment(` ${escapeTerminalText(item.id)}`, 'accent'),
    ...(declared.get(item.id) === 'model' ? [segment(` ${MODEL_MARK}`, 'muted')] : []),
    segment(`: ${escapeTerminalText(item.content)}`),
  ];
}
