import type { AgentStateSnapshot, WorkItemStatus } from '@j1nn0/agent-state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStatePayload } from '../src/persistence.js';
import { changesBetween, changedIds, type StateChange } from '../src/state-changes.js';
import { validPayload } from './payload-arbitraries.js';

// The changes between two saved states are what the chat line, `/agent-state history` and a codemode
// script's history say an entry did, so they must tell the whole difference: replaying them on the
// state before gives the ids, statuses and decisions of the state after.

interface Skeleton {
  readonly objective: string | undefined;
  readonly statuses: ReadonlyMap<string, WorkItemStatus>;
  readonly decisions: ReadonlySet<string>;
}

const skeletonOf = (state: AgentStateSnapshot): Skeleton => ({
  objective: state.objective,
  statuses: new Map(state.workItems.map((item) => [item.id, item.status])),
  decisions: new Set(state.decisions.map((decision) => decision.id)),
});

/** `before` with `changes` applied; an objective that is set again takes `next`'s text, the one thing a change does not carry. */
function replay(before: Skeleton, changes: readonly StateChange[], nextObjective: string | undefined): Skeleton {
  let objective = before.objective;
  const statuses = new Map(before.statuses);
  const decisions = new Set(before.decisions);
  for (const change of changes) {
    switch (change.kind) {
      case 'objective_set':
        objective = nextObjective;
        break;
      case 'objective_removed':
        objective = undefined;
        break;
      case 'work_item_added':
      case 'status_set':
        statuses.set(change.id, change.status);
        break;
      case 'work_item_removed':
        statuses.delete(change.id);
        break;
      case 'decision_added':
        decisions.add(change.id);
        break;
      case 'decision_dropped':
        decisions.delete(change.id);
        break;
      case 'cleared':
        objective = undefined;
        statuses.clear();
        decisions.clear();
        break;
    }
  }
  return { objective, statuses, decisions };
}

const snapshot = validPayload.map((payload) => {
  const read = readStatePayload(payload);
  if (!read.ok) throw new Error('a valid payload did not read');
  return read.value;
});

describe('changesBetween', () => {
  it('tells the whole difference: replayed on the state before, it gives the state after', () => {
    fc.assert(
      fc.property(fc.option(snapshot, { nil: undefined }), snapshot, (before, after) => {
        const empty: Skeleton = { objective: undefined, statuses: new Map(), decisions: new Set() };
        const changes = changesBetween(before, after);
        expect(replay(before === undefined ? empty : skeletonOf(before), changes, after.objective)).toEqual(skeletonOf(after));
      }),
    );
  });

  it('names nothing that did not change, and each work item and each decision at most once', () => {
    fc.assert(
      fc.property(snapshot, (state) => {
        expect(changesBetween(state, state)).toEqual([]);
      }),
    );
    fc.assert(
      fc.property(fc.option(snapshot, { nil: undefined }), snapshot, (before, after) => {
        // A work item and a decision may share an id; each is named once in its own kind.
        const named = changesBetween(before, after).flatMap((change) =>
          change.kind === 'cleared' ? [] : changedIds(change).map((id) => `${change.kind.startsWith('decision') ? 'decision' : 'item'} ${id}`),
        );
        expect(new Set(named).size).toBe(named.length);
      }),
    );
  });
});
