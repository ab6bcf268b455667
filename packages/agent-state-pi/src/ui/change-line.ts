import { escapeTerminalText, plural } from '@j1nn0/pi-adapter-kit';
import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import type { SavedChange } from '../persistence.js';
import { changesBetween, type StateChange } from '../state-changes.js';

// The transcript line of one saved state entry says what changed since the previous state entry on
// the branch, and so does each line of `/agent-state history`: the changes of state-changes.ts in
// words, ids escaped for the terminal.

/** The one arrow of a status change, wherever one is told: chat line, history, reply and tool result. */
export const STATUS_ARROW = '→';

/** `the objective, 8 work items and 2 decisions`: what a clear removes, in its preview and after it alike. */
export function contentsText(objective: boolean, workItems: number, decisions: number): string {
  return `${objective ? 'the objective' : 'no objective'}, ${plural(workItems, 'work item', 'work items')} and ${plural(decisions, 'decision', 'decisions')}`;
}

function changeText(change: StateChange): string {
  switch (change.kind) {
    case 'objective_set':
      return 'objective set';
    case 'objective_removed':
      return 'objective removed';
    case 'work_item_added':
      return `added ${escapeTerminalText(change.id)} (${change.status})`;
    case 'status_set':
      return `set ${escapeTerminalText(change.id)} ${STATUS_ARROW} ${change.status}`;
    case 'status_confirmed':
      return `confirmed ${escapeTerminalText(change.id)} ${change.status}`;
    case 'work_item_removed':
      return `removed ${escapeTerminalText(change.id)}`;
    case 'decision_added':
      return `decided ${escapeTerminalText(change.id)}`;
    case 'decision_dropped':
      return `dropped decision ${escapeTerminalText(change.id)}`;
    case 'cleared':
      return `cleared ${contentsText(change.objective, change.workItemIds.length, change.decisionIds.length)}`;
  }
}

/** `set parse → done`, `added docs (open)`, `objective set`, `cleared the objective, 2 work items and 1 decision`; several joined by commas. */
export function describeChanges(changes: readonly StateChange[]): string {
  return changes.length === 0 ? 'saved, no change' : changes.map(changeText).join(', ');
}

/** What `next` changed against `previous`, and which statuses it confirmed. */
export function describeChange(previous: AgentStateSnapshot | undefined, next: AgentStateSnapshot, confirmed: readonly string[] = []): string {
  return describeChanges(changesBetween(previous, next, confirmed));
}

/** A saved entry's chat line: what it changed against the entry before it, and what it confirmed. */
export function describeSavedChange(previous: SavedChange | undefined, next: SavedChange): string {
  return describeChange(previous?.snapshot, next.snapshot, next.confirmed);
}
