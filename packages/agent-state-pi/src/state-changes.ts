import type { AgentStateSnapshot, WorkItemStatus } from '@j1nn0/agent-state';
import { isEmptySnapshot } from './mutations.js';

// What one saved state changed against the state before it on the branch. The snapshots are whole,
// so a change is derived, never stored: the chat line and `/agent-state history` put it in words,
// and a codemode script gets it as it is, ids exactly as recorded.

export type StateChange =
  | { readonly kind: 'objective_set' }
  | { readonly kind: 'objective_removed' }
  | { readonly kind: 'work_item_added'; readonly id: string; readonly status: WorkItemStatus }
  | { readonly kind: 'status_set'; readonly id: string; readonly status: WorkItemStatus }
  | { readonly kind: 'work_item_removed'; readonly id: string }
  | { readonly kind: 'decision_added'; readonly id: string }
  | { readonly kind: 'decision_dropped'; readonly id: string }
  /** A person's `set` to the status the model had declared: the status is now the person's word. */
  | { readonly kind: 'status_confirmed'; readonly id: string; readonly status: WorkItemStatus }
  /** Everything went at once (`clear --yes`): whether there was an objective, and the ids of every work item and decision. */
  | {
      readonly kind: 'cleared';
      readonly objective: boolean;
      readonly workItemIds: readonly string[];
      readonly decisionIds: readonly string[];
    };

const NOTHING: AgentStateSnapshot = { schemaVersion: 1, workItems: [], decisions: [] };

/** The ids of the work items and decisions a change touched. */
export function changedIds(change: StateChange): readonly string[] {
  if (change.kind === 'cleared') return [...change.workItemIds, ...change.decisionIds];
  return 'id' in change ? [change.id] : [];
}

/**
 * The changes from `previous` (undefined: nothing before) to `next`, in the order of the chat line;
 * `confirmed`, the ids whose unchanged status the entry confirmed (see StatePayload.confirmed).
 */
export function changesBetween(previous: AgentStateSnapshot | undefined, next: AgentStateSnapshot, confirmed: readonly string[] = []): StateChange[] {
  const before = previous ?? NOTHING;
  if (isEmptySnapshot(next) && !isEmptySnapshot(before)) {
    return [
      {
        kind: 'cleared',
        objective: before.objective !== undefined,
        workItemIds: before.workItems.map((item) => item.id),
        decisionIds: before.decisions.map((decision) => decision.id),
      },
    ];
  }
  const changes: StateChange[] = [];
  if (next.objective !== before.objective) {
    changes.push({ kind: next.objective === undefined ? 'objective_removed' : 'objective_set' });
  }
  const beforeItems = new Map(before.workItems.map((item) => [item.id, item]));
  const nextIds = new Set(next.workItems.map((item) => item.id));
  for (const { id, status } of next.workItems) {
    const old = beforeItems.get(id);
    if (old === undefined) {
      changes.push({ kind: 'work_item_added', id, status });
    } else if (old.status !== status) {
      changes.push({ kind: 'status_set', id, status });
    } else if (confirmed.includes(id)) {
      changes.push({ kind: 'status_confirmed', id, status });
    }
  }
  for (const { id } of before.workItems) {
    if (!nextIds.has(id)) changes.push({ kind: 'work_item_removed', id });
  }
  const beforeDecisions = new Set(before.decisions.map((decision) => decision.id));
  const nextDecisions = new Set(next.decisions.map((decision) => decision.id));
  for (const { id } of next.decisions) {
    if (!beforeDecisions.has(id)) changes.push({ kind: 'decision_added', id });
  }
  // Only `clear --yes` drops decisions; an entry written outside the adapter may drop one alone.
  for (const { id } of before.decisions) {
    if (!nextDecisions.has(id)) changes.push({ kind: 'decision_dropped', id });
  }
  return changes;
}
