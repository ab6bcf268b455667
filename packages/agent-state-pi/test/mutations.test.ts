import { describe, expect, it } from 'vitest';
import { MAX_DECISIONS, MAX_WORK_ITEMS } from '../src/limits.js';
import { applyMutation, type MutationOutcome, type StateMutation } from '../src/mutations.js';
import { EXAMPLE_STATE, snapshotOf } from './snapshots.js';

function changedSnapshot(outcome: MutationOutcome) {
  if (outcome.kind !== 'changed') {
    throw new Error(`expected a change, got ${outcome.kind}`);
  }
  return outcome.snapshot;
}

const manyWorkItems = Array.from({ length: MAX_WORK_ITEMS }, (_, index) => ({ id: `w${index}`, content: 'W' }));
const manyDecisions = Array.from({ length: MAX_DECISIONS }, (_, index) => ({ id: `d${index}`, content: 'D' }));

describe('applyMutation', () => {
  it('adds work items and decisions at the end, in insertion order', () => {
    let snapshot = snapshotOf();
    for (const mutation of [
      { kind: 'add_work_item', id: 'b', content: 'B' },
      { kind: 'add_work_item', id: 'a', content: 'A', status: 'blocked' },
      { kind: 'add_decision', id: 'z', content: 'Z' },
      { kind: 'add_decision', id: 'y', content: 'Y' },
    ] satisfies StateMutation[]) {
      snapshot = changedSnapshot(applyMutation(snapshot, mutation));
    }
    expect(snapshot.workItems).toEqual([
      { id: 'b', content: 'B', status: 'open' },
      { id: 'a', content: 'A', status: 'blocked' },
    ]);
    expect(snapshot.decisions.map((decision) => decision.id)).toEqual(['z', 'y']);
  });

  it('sets the objective through a restored snapshot and keeps everything else', () => {
    const previous = snapshotOf(EXAMPLE_STATE);
    const snapshot = changedSnapshot(applyMutation(previous, { kind: 'set_objective', objective: 'New goal' }));
    expect(snapshot).toEqual({ ...previous, objective: 'New goal' });
  });

  it('reports requests that would change nothing', () => {
    const previous = snapshotOf(EXAMPLE_STATE);
    expect(applyMutation(previous, { kind: 'set_objective', objective: 'Ship the parser' })).toEqual({
      kind: 'unchanged',
      noChange: { reason: 'same_objective' },
    });
    expect(applyMutation(previous, { kind: 'set_status', id: 'parse', status: 'done' })).toEqual({
      kind: 'unchanged',
      noChange: { reason: 'same_status', id: 'parse', status: 'done' },
    });
    expect(applyMutation(snapshotOf(), { kind: 'clear' })).toEqual({
      kind: 'unchanged',
      noChange: { reason: 'already_empty' },
    });
  });

  it('clears to an empty snapshot', () => {
    expect(changedSnapshot(applyMutation(snapshotOf(EXAMPLE_STATE), { kind: 'clear' }))).toEqual(snapshotOf());
  });

  it.each<[string, StateMutation, string]>([
    ['an id with a space', { kind: 'add_work_item', id: 'a b', content: 'A' }, 'invalid_id'],
    ['a 65-character id', { kind: 'add_decision', id: 'x'.repeat(65), content: 'D' }, 'invalid_id'],
    ['501 characters of content', { kind: 'add_work_item', id: 'a', content: 'x'.repeat(501) }, 'invalid_content'],
    ['blank content', { kind: 'add_decision', id: 'd', content: '   ' }, 'invalid_content'],
    ['a 501-character objective', { kind: 'set_objective', objective: 'x'.repeat(501) }, 'invalid_objective'],
  ])('rejects %s', (_name, mutation, code) => {
    expect(applyMutation(snapshotOf(), mutation)).toEqual({ kind: 'rejected', rejection: { code } });
  });

  it('rejects the 201st work item and the 201st decision', () => {
    const full = snapshotOf({ workItems: manyWorkItems, decisions: manyDecisions });
    expect(applyMutation(full, { kind: 'add_work_item', id: 'new', content: 'N' })).toEqual({
      kind: 'rejected',
      rejection: { code: 'work_item_limit' },
    });
    expect(applyMutation(full, { kind: 'add_decision', id: 'new', content: 'N' })).toEqual({
      kind: 'rejected',
      rejection: { code: 'decision_limit' },
    });
  });

  it('accepts up to the limits exactly', () => {
    const almostFull = snapshotOf({ workItems: manyWorkItems.slice(1), decisions: manyDecisions.slice(1) });
    const withItem = changedSnapshot(applyMutation(almostFull, { kind: 'add_work_item', id: 'last', content: 'L' }));
    expect(withItem.workItems).toHaveLength(MAX_WORK_ITEMS);
    const withDecision = changedSnapshot(applyMutation(almostFull, { kind: 'add_decision', id: 'last', content: 'L' }));
    expect(withDecision.decisions).toHaveLength(MAX_DECISIONS);
  });

  it('rejects duplicate ids per list and unknown work items', () => {
    const previous = snapshotOf(EXAMPLE_STATE);
    expect(applyMutation(previous, { kind: 'add_work_item', id: 'parse', content: 'again' })).toEqual({
      kind: 'rejected',
      rejection: { code: 'duplicate_work_item', id: 'parse', status: 'done' },
    });
    expect(applyMutation(previous, { kind: 'add_decision', id: 'pure-core', content: 'again' })).toEqual({
      kind: 'rejected',
      rejection: { code: 'duplicate_decision', id: 'pure-core' },
    });
    expect(applyMutation(previous, { kind: 'set_status', id: 'nope', status: 'done' })).toEqual({
      kind: 'rejected',
      rejection: { code: 'unknown_work_item', id: 'nope', recorded: ['parse', 'format', 'docs'] },
    });
    expect(applyMutation(previous, { kind: 'remove_work_item', id: 'nope' })).toEqual({
      kind: 'rejected',
      rejection: { code: 'unknown_work_item', id: 'nope', recorded: ['parse', 'format', 'docs'] },
    });
  });

  it('lets a decision reuse a work item id: the two lists are separate', () => {
    const snapshot = changedSnapshot(
      applyMutation(snapshotOf(EXAMPLE_STATE), { kind: 'add_decision', id: 'parse', content: 'P' }),
    );
    expect(snapshot.decisions.map((decision) => decision.id)).toEqual(['pure-core', 'parse']);
  });

  it('never changes the snapshot it was given', () => {
    const previous = snapshotOf(EXAMPLE_STATE);
    const before = structuredClone(previous);
    applyMutation(previous, { kind: 'remove_work_item', id: 'parse' });
    applyMutation(previous, { kind: 'set_status', id: 'docs', status: 'done' });
    applyMutation(previous, { kind: 'clear' });
    expect(previous).toEqual(before);
  });
});
