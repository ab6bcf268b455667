import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { escapeTerminalText, plural } from '@j1nn0/pi-adapter-kit';
import { isEmptySnapshot } from '../mutations.js';

// The transcript line of one saved state entry says what changed since the previous state entry on
// the branch, and so does each line of `/agent-state history`. It is derived from the two snapshots,
// so the saved payload stays the seed's format.

const NOTHING: AgentStateSnapshot = { schemaVersion: 1, workItems: [], decisions: [] };

/** One change between two snapshots, with the ids of the work items and decisions it touched. */
export interface StateChange {
  readonly text: string;
  readonly ids: readonly string[];
}

/** The changes from `previous` (undefined: nothing before) to `next`, in the order of the chat line. */
export function changesBetween(previous: AgentStateSnapshot | undefined, next: AgentStateSnapshot): StateChange[] {
  const before = previous ?? NOTHING;
  if (isEmptySnapshot(next) && !isEmptySnapshot(before)) {
    const ids = [...before.workItems, ...before.decisions].map((entry) => entry.id);
    return [{ text: `cleared ${plural(ids.length, 'item', 'items')}`, ids }];
  }
  const changes: StateChange[] = [];
  if (next.objective !== before.objective) {
    changes.push({ text: next.objective === undefined ? 'objective removed' : 'objective set', ids: [] });
  }
  const beforeItems = new Map(before.workItems.map((item) => [item.id, item]));
  const nextIds = new Set(next.workItems.map((item) => item.id));
  for (const item of next.workItems) {
    const old = beforeItems.get(item.id);
    if (old === undefined) {
      changes.push({ text: `added ${escapeTerminalText(item.id)} (${item.status})`, ids: [item.id] });
    } else if (old.status !== item.status) {
      changes.push({ text: `set ${escapeTerminalText(item.id)} → ${item.status}`, ids: [item.id] });
    }
  }
  for (const item of before.workItems) {
    if (!nextIds.has(item.id)) {
      changes.push({ text: `removed ${escapeTerminalText(item.id)}`, ids: [item.id] });
    }
  }
  const beforeDecisions = new Set(before.decisions.map((decision) => decision.id));
  const nextDecisions = new Set(next.decisions.map((decision) => decision.id));
  for (const decision of next.decisions) {
    if (!beforeDecisions.has(decision.id)) {
      changes.push({ text: `decided ${escapeTerminalText(decision.id)}`, ids: [decision.id] });
    }
  }
  // Only `clear --yes` drops decisions; an entry written outside the adapter may drop one alone.
  for (const decision of before.decisions) {
    if (!nextDecisions.has(decision.id)) {
      changes.push({ text: `dropped decision ${escapeTerminalText(decision.id)}`, ids: [decision.id] });
    }
  }
  return changes;
}

/** `set parse → done`, `added docs (open)`, `objective set`, `cleared 3 items`; several joined by commas. */
export function describeChange(previous: AgentStateSnapshot | undefined, next: AgentStateSnapshot): string {
  return describeChanges(changesBetween(previous, next));
}

export function describeChanges(changes: readonly StateChange[]): string {
  return changes.length === 0 ? 'saved, no change' : changes.map((change) => change.text).join(', ');
}
