import { describe, expect, it } from 'vitest';
import { EMPTY_GUARD_STATE, type GuardState } from '../src/guard-state.js';
import { MAX_ITEMS } from '../src/limits.js';
import { applyMutation, type GuardMutation } from '../src/mutations.js';

const addGoal: GuardMutation = { kind: 'add', id: 'ship', itemKind: 'goal', content: 'Ship it', critical: true };

const oneGoal: GuardState = {
  recovery: 'off',
  items: [{ id: 'ship', kind: 'goal', content: 'Ship it', critical: true }],
};

describe('applyMutation', () => {
  it('adds an item at the end and leaves the previous state untouched', () => {
    const outcome = applyMutation(oneGoal, { kind: 'add', id: 'x', itemKind: 'fact', content: 'X', critical: false });
    expect(outcome).toMatchObject({
      kind: 'changed',
      state: {
        recovery: 'off',
        items: [
          { id: 'ship', kind: 'goal', content: 'Ship it', critical: true },
          { id: 'x', kind: 'fact', content: 'X', critical: false },
        ],
      },
    });
    expect(oneGoal.items).toHaveLength(1);
  });

  it('rejects a taken id through the core', () => {
    expect(applyMutation(oneGoal, addGoal)).toEqual({ kind: 'rejected', rejection: { code: 'duplicate_item', id: 'ship' } });
  });

  it.each<[string, Partial<GuardMutation>, string]>([
    ['an id with a space', { id: 'two words' }, 'invalid_id'],
    ['an empty id', { id: '' }, 'invalid_id'],
    ['a 65-character id', { id: 'x'.repeat(65) }, 'invalid_id'],
    ['blank content', { content: '  ' }, 'invalid_content'],
    ['501 characters of content', { content: 'x'.repeat(501) }, 'invalid_content'],
    ['an unknown kind', { itemKind: 'note' as never }, 'invalid_kind'],
  ])('rejects %s', (_name, change, code) => {
    const mutation = { ...addGoal, id: 'new', ...change } as GuardMutation;
    expect(applyMutation(EMPTY_GUARD_STATE, mutation)).toEqual({ kind: 'rejected', rejection: { code } });
  });

  it(`rejects item ${MAX_ITEMS + 1}`, () => {
    const full: GuardState = {
      recovery: 'off',
      items: Array.from({ length: MAX_ITEMS }, (_, index) => ({ id: `i${index}`, kind: 'fact', content: 'F', critical: false })),
    };
    expect(applyMutation(full, { ...addGoal, id: 'one-more' })).toEqual({ kind: 'rejected', rejection: { code: 'item_limit' } });
  });

  it('removes an existing item and rejects an unknown id', () => {
    expect(applyMutation(oneGoal, { kind: 'remove', id: 'ship' })).toMatchObject({ kind: 'changed', state: { items: [] } });
    expect(applyMutation(oneGoal, { kind: 'remove', id: 'nope' })).toEqual({
      kind: 'rejected',
      rejection: { code: 'unknown_item', id: 'nope', recorded: ['ship'] },
    });
  });

  it('sets an item critical or not in place; the same again is unchanged, an unknown id rejected', () => {
    const plain = { ...oneGoal.items[0], critical: false } as const;
    expect(applyMutation(oneGoal, { kind: 'set_critical', id: 'ship', critical: false })).toMatchObject({ kind: 'changed', state: { items: [plain] } });
    expect(applyMutation(oneGoal, { kind: 'set_critical', id: 'ship', critical: true })).toEqual({
      kind: 'unchanged',
      noChange: { reason: 'same_critical', id: 'ship', critical: true },
    });
    expect(applyMutation(oneGoal, { kind: 'set_critical', id: 'nope', critical: true })).toMatchObject({ kind: 'rejected', rejection: { code: 'unknown_item' } });
  });

  it('clears items but keeps the recovery mode; clearing nothing is unchanged', () => {
    const critical: GuardState = { ...oneGoal, recovery: 'critical' };
    expect(applyMutation(critical, { kind: 'clear' })).toMatchObject({
      kind: 'changed',
      state: { recovery: 'critical', items: [] },
    });
    expect(applyMutation(EMPTY_GUARD_STATE, { kind: 'clear' })).toEqual({
      kind: 'unchanged',
      noChange: { reason: 'already_empty' },
    });
  });

  it('sets the recovery mode; the same mode again is unchanged', () => {
    expect(applyMutation(oneGoal, { kind: 'set_recovery', recovery: 'critical' })).toMatchObject({
      kind: 'changed',
      state: { recovery: 'critical', items: oneGoal.items },
    });
    expect(applyMutation(oneGoal, { kind: 'set_recovery', recovery: 'off' })).toEqual({
      kind: 'unchanged',
      noChange: { reason: 'same_recovery', recovery: 'off' },
    });
  });
});
