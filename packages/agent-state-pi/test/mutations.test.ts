import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { describe, expect, it } from 'vitest';
import { MAX_DECISIONS, MAX_WORK_ITEMS } from '../src/limits.js';
import { applyMutation, type MutationOutcome, type StateMutation } from '../src/mutations.js';
import { EXAMPLE_STATE, snapshotOf } from './snapshots.js';

// The rules by example: which outcome each request gets. properties.test.ts states what holds over any
// sequence of them (ids unique, limits, a saved snapshot round-trips).

const EXAMPLE = snapshotOf(EXAMPLE_STATE);
const EMPTY = snapshotOf();
const FULL = snapshotOf({
  workItems: Array.from({ length: MAX_WORK_ITEMS }, (_, index) => ({ id: `w${index}`, content: 'W' })),
  decisions: Array.from({ length: MAX_DECISIONS }, (_, index) => ({ id: `d${index}`, content: 'D' })),
});
const ALMOST_FULL = snapshotOf({ workItems: FULL.workItems.slice(1), decisions: FULL.decisions.slice(1) });

function changed(previous: AgentStateSnapshot, mutation: StateMutation, snapshot: AgentStateSnapshot): MutationOutcome {
  return { kind: 'changed', mutation, previous, snapshot };
}

describe('applyMutation', () => {
  it.each<[string, AgentStateSnapshot, StateMutation, (mutation: StateMutation) => MutationOutcome]>([
    ['adds a work item at the end', EXAMPLE, { kind: 'add_work_item', id: 'tests', content: 'T', status: 'blocked' }, (m) =>
      changed(EXAMPLE, m, snapshotOf({ ...EXAMPLE_STATE, workItems: [...(EXAMPLE_STATE.workItems ?? []), { id: 'tests', content: 'T', status: 'blocked' }] }))],
    ['adds a decision at the end, even under the id of a work item', EXAMPLE, { kind: 'add_decision', id: 'parse', content: 'P' }, (m) =>
      changed(EXAMPLE, m, snapshotOf({ ...EXAMPLE_STATE, decisions: [...(EXAMPLE_STATE.decisions ?? []), { id: 'parse', content: 'P' }] }))],
    ['sets the objective and keeps everything else', EXAMPLE, { kind: 'set_objective', objective: 'New goal' }, (m) => changed(EXAMPLE, m, { ...EXAMPLE, objective: 'New goal' })],
    ['sets a status in place', EXAMPLE, { kind: 'set_status', id: 'docs', status: 'done' }, (m) =>
      changed(EXAMPLE, m, snapshotOf({ ...EXAMPLE_STATE, workItems: EXAMPLE.workItems.map((item) => (item.id === 'docs' ? { ...item, status: 'done' } : item)) }))],
    ['removes a work item', EXAMPLE, { kind: 'remove_work_item', id: 'parse' }, (m) => changed(EXAMPLE, m, snapshotOf({ ...EXAMPLE_STATE, workItems: EXAMPLE.workItems.slice(1) }))],
    ['clears to an empty snapshot', EXAMPLE, { kind: 'clear' }, (m) => changed(EXAMPLE, m, EMPTY)],
    ['accepts the last work item the limit allows', ALMOST_FULL, { kind: 'add_work_item', id: 'last', content: 'L' }, (m) =>
      changed(ALMOST_FULL, m, { ...ALMOST_FULL, workItems: [...ALMOST_FULL.workItems, { id: 'last', content: 'L', status: 'open' }] })],
    ['accepts the last decision the limit allows', ALMOST_FULL, { kind: 'add_decision', id: 'last', content: 'L' }, (m) =>
      changed(ALMOST_FULL, m, { ...ALMOST_FULL, decisions: [...ALMOST_FULL.decisions, { id: 'last', content: 'L' }] })],
    ['changes nothing for the same objective', EXAMPLE, { kind: 'set_objective', objective: 'Ship the parser' }, () => ({ kind: 'unchanged', noChange: { reason: 'same_objective' } })],
    ['changes nothing for the same status', EXAMPLE, { kind: 'set_status', id: 'parse', status: 'done' }, () => ({ kind: 'unchanged', noChange: { reason: 'same_status', id: 'parse', status: 'done' } })],
    ['changes nothing when clearing an empty state', EMPTY, { kind: 'clear' }, () => ({ kind: 'unchanged', noChange: { reason: 'already_empty' } })],
    ['rejects an id with a space', EMPTY, { kind: 'add_work_item', id: 'a b', content: 'A' }, () => ({ kind: 'rejected', rejection: { code: 'invalid_id' } })],
    ['rejects a 65-character id', EMPTY, { kind: 'add_decision', id: 'x'.repeat(65), content: 'D' }, () => ({ kind: 'rejected', rejection: { code: 'invalid_id' } })],
    ['rejects 501 characters of content', EMPTY, { kind: 'add_work_item', id: 'a', content: 'x'.repeat(501) }, () => ({ kind: 'rejected', rejection: { code: 'invalid_content' } })],
    ['rejects blank content', EMPTY, { kind: 'add_decision', id: 'd', content: '   ' }, () => ({ kind: 'rejected', rejection: { code: 'invalid_content' } })],
    ['rejects a 501-character objective', EMPTY, { kind: 'set_objective', objective: 'x'.repeat(501) }, () => ({ kind: 'rejected', rejection: { code: 'invalid_objective' } })],
    ['rejects the 201st work item', FULL, { kind: 'add_work_item', id: 'new', content: 'N' }, () => ({ kind: 'rejected', rejection: { code: 'work_item_limit' } })],
    ['rejects the 201st decision', FULL, { kind: 'add_decision', id: 'new', content: 'N' }, () => ({ kind: 'rejected', rejection: { code: 'decision_limit' } })],
    ['rejects a taken work item id, naming its status', EXAMPLE, { kind: 'add_work_item', id: 'parse', content: 'again' }, () =>
      ({ kind: 'rejected', rejection: { code: 'duplicate_work_item', id: 'parse', status: 'done' } })],
    ['rejects a taken decision id', EXAMPLE, { kind: 'add_decision', id: 'pure-core', content: 'again' }, () => ({ kind: 'rejected', rejection: { code: 'duplicate_decision', id: 'pure-core' } })],
    ['rejects a status for an unknown item, naming the recorded ones', EXAMPLE, { kind: 'set_status', id: 'nope', status: 'done' }, () =>
      ({ kind: 'rejected', rejection: { code: 'unknown_work_item', id: 'nope', recorded: ['parse', 'format', 'docs'] } })],
    ['rejects removing an unknown item', EXAMPLE, { kind: 'remove_work_item', id: 'nope' }, () =>
      ({ kind: 'rejected', rejection: { code: 'unknown_work_item', id: 'nope', recorded: ['parse', 'format', 'docs'] } })],
    // A decision's id given to remove: it says what it is, not that no work item has it.
    ['rejects removing a decision, saying it is one', EXAMPLE, { kind: 'remove_work_item', id: 'pure-core' }, () =>
      ({ kind: 'rejected', rejection: { code: 'decision_not_removable', id: 'pure-core' } })],
  ])('%s', (_name, previous, mutation, outcome) => {
    const before = structuredClone(previous);
    expect(applyMutation(previous, mutation)).toEqual(outcome(mutation));
    // The snapshot it was given stays as it was.
    expect(previous).toEqual(before);
  });
});
