import { WORK_ITEM_STATUSES, type AgentStateSnapshot } from '@j1nn0/agent-state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../src/commands.js';
import { MAX_DECISIONS, MAX_WORK_ITEMS, isQuotedId, isValidId, isValidText } from '../src/limits.js';
import { applyMutation, type StateMutation } from '../src/mutations.js';
import { STATE_ENTRY_TYPE, restoreFromBranch, toStatePayload } from '../src/persistence.js';
import { snapshotOf } from './snapshots.js';

// An accepted id: within the id rule and not starting or ending with a quote.
const idArbitrary = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
  .filter((id) => isValidId(id) && !isQuotedId(id));
const textArbitrary = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter(isValidText);
const smallId = fc.constantFrom('a', 'b', 'c', 'd');
const statusArbitrary = fc.constantFrom(...WORK_ITEM_STATUSES);

const mutationArbitrary: fc.Arbitrary<StateMutation> = fc.oneof(
  fc.record({ kind: fc.constant('set_objective' as const), objective: textArbitrary }),
  fc.record({ kind: fc.constant('add_work_item' as const), id: smallId, content: textArbitrary }),
  fc.record({ kind: fc.constant('set_status' as const), id: smallId, status: statusArbitrary }),
  fc.record({ kind: fc.constant('remove_work_item' as const), id: smallId }),
  fc.record({ kind: fc.constant('add_decision' as const), id: smallId, content: textArbitrary }),
  fc.constant({ kind: 'clear' as const }),
);

function applyAll(mutations: readonly StateMutation[]): AgentStateSnapshot {
  let snapshot = snapshotOf();
  for (const mutation of mutations) {
    const outcome = applyMutation(snapshot, mutation);
    if (outcome.kind === 'changed') {
      snapshot = outcome.snapshot;
    }
  }
  return snapshot;
}

describe('properties', () => {
  it('a saved snapshot survives the JSON round trip of a session entry and restores equal', () => {
    fc.assert(
      fc.property(fc.array(mutationArbitrary, { maxLength: 30 }), (mutations) => {
        const snapshot = applyAll(mutations);
        const entry = JSON.parse(
          JSON.stringify({ type: 'custom', id: 'e1', customType: STATE_ENTRY_TYPE, data: toStatePayload(snapshot, 'person') }),
        ) as { type: string; id: string; customType: string; data: unknown };
        expect(restoreFromBranch([entry])).toEqual({ kind: 'restored', entryId: 'e1', value: snapshot });
      }),
    );
  });

  it('any sequence of requests keeps ids unique and within the limits', () => {
    fc.assert(
      fc.property(fc.array(mutationArbitrary, { maxLength: 30 }), (mutations) => {
        const snapshot = applyAll(mutations);
        const workItemIds = snapshot.workItems.map((item) => item.id);
        expect(new Set(workItemIds).size).toBe(workItemIds.length);
        expect(workItemIds.length).toBeLessThanOrEqual(MAX_WORK_ITEMS);
        expect(snapshot.decisions.length).toBeLessThanOrEqual(MAX_DECISIONS);
      }),
    );
  });

  it('every valid id and content typed into the command reaches the state unchanged', () => {
    fc.assert(
      fc.property(idArbitrary, textArbitrary, (id, content) => {
        fc.pre(content.trim() === content);
        expect(parseCommand(`add ${id} ${content}`)).toEqual({
          kind: 'mutation',
          mutation: { kind: 'add_work_item', id, content },
        });
      }),
    );
  });
});
