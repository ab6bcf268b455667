import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { escapeTerminalText, plural } from '@j1nn0/pi-adapter-kit';
import { changesBetween, type StateChange } from '../state-changes.js';

// The transcript line of one saved state entry says what changed since the previous state entry on
// the branch, and so does each line of `/agent-state history`: the changes of state-changes.ts in
// words, ids escaped for the terminal.

function changeText(change: StateChange): string {
  switch (change.kind) {
    case 'objective_set':
      return 'objective set';
    case 'objective_removed':
      return 'objective removed';
    case 'work_item_added':
      return `added ${escapeTerminalText(change.id)} (${change.status})`;
    case 'status_set':
      return `set ${escapeTerminalText(change.id)} → ${change.status}`;
    case 'work_item_removed':
      return `removed ${escapeTerminalText(change.id)}`;
    case 'decision_added':
      return `decided ${escapeTerminalText(change.id)}`;
    case 'decision_dropped':
      return `dropped decision ${escapeTerminalText(change.id)}`;
    case 'cleared':
      return `cleared ${plural(change.ids.length, 'item', 'items')}`;
  }
}

/** `set parse → done`, `added docs (open)`, `objective set`, `cleared 3 items`; several joined by commas. */
export function describeChanges(changes: readonly StateChange[]): string {
  return changes.length === 0 ? 'saved, no change' : changes.map(changeText).join(', ');
}

export function describeChange(previous: AgentStateSnapshot | undefined, next: AgentStateSnapshot): string {
  return describeChanges(changesBetween(previous, next));
}
