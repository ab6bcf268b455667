import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { escapeTerminalText, plural } from '@j1nn0/pi-adapter-kit';
import { isEmptySnapshot } from '../mutations.js';

// The transcript line of one saved state entry says what changed since the previous state entry on
// the branch. It is derived from the two snapshots, so the saved payload stays the seed's format.

const NOTHING: AgentStateSnapshot = { schemaVersion: 1, workItems: [], decisions: [] };

/** `set parse → done`, `added docs (open)`, `objective set`, `cleared 3 items`; several joined by commas. */
export function describeChange(previous: AgentStateSnapshot | undefined, next: AgentStateSnapshot): string {
  const before = previous ?? NOTHING;
  if (isEmptySnapshot(next) && !isEmptySnapshot(before)) {
    return `cleared ${plural(before.workItems.length + before.decisions.length, 'item', 'items')}`;
  }
  const changes: string[] = [];
  if (next.objective !== before.objective) {
    changes.push(next.objective === undefined ? 'objective removed' : 'objective set');
  }
  const beforeItems = new Map(before.workItems.map((item) => [item.id, item]));
  const nextIds = new Set(next.workItems.map((item) => item.id));
  for (const item of next.workItems) {
    const old = beforeItems.get(item.id);
    if (old === undefined) {
      changes.push(`added ${escapeTerminalText(item.id)} (${item.status})`);
    } else if (old.status !== item.status) {
      changes.push(`set ${escapeTerminalText(item.id)} → ${item.status}`);
    }
  }
  for (const item of before.workItems) {
    if (!nextIds.has(item.id)) {
      changes.push(`removed ${escapeTerminalText(item.id)}`);
    }
  }
  const beforeDecisions = new Set(before.decisions.map((decision) => decision.id));
  for (const decision of next.decisions) {
    if (!beforeDecisions.has(decision.id)) {
      changes.push(`decided ${escapeTerminalText(decision.id)}`);
    }
  }
  return changes.length === 0 ? 'saved, no change' : changes.join(', ');
}
