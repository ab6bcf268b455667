import { describe, expect, it } from 'vitest';
import {
  EMPTY_REFERENCE_STATE,
  ReferenceAgentState,
  applyReferenceChange,
  referenceSnapshot,
} from '../src/reference-models/index.js';

// The model's own corner cases; the model-based suite compares it with the adapter at large.

describe('the Agent State reference model', () => {
  it('keeps the state across a script and reports why a change did nothing (the README example)', () => {
    const model = new ReferenceAgentState();
    expect(model.apply({ kind: 'add', id: 'parse', content: 'Parse the arguments' }).kind).toBe('changed');
    expect(model.apply({ kind: 'add', id: 'parse', content: 'Again' })).toEqual({
      kind: 'rejected',
      rejection: { code: 'duplicate_work_item', id: 'parse' },
    });
    expect(model.apply({ kind: 'set', id: 'parse', status: 'open' })).toEqual({
      kind: 'unchanged',
      noChange: { reason: 'same_status', id: 'parse', status: 'open' },
    });
    expect(model.snapshot()).toEqual({
      schemaVersion: 1,
      workItems: [{ id: 'parse', content: 'Parse the arguments', status: 'open' }],
      decisions: [],
    });
  });

  it('refuses in the order id, quotes, text, status, limit, duplicate', () => {
    const full = {
      workItems: Array.from({ length: 200 }, (_, index) => ({ id: `w${index}`, content: 'C', status: 'open' as const })),
      decisions: [],
    };
    const refusal = (change: Parameters<typeof applyReferenceChange>[1]): unknown => {
      const outcome = applyReferenceChange(full, change);
      return outcome.kind === 'rejected' ? outcome.rejection.code : outcome.kind;
    };
    expect(refusal({ kind: 'add', id: 'a b', content: ' ', status: 'x' })).toBe('invalid_id');
    expect(refusal({ kind: 'add', id: '"a', content: ' ', status: 'x' })).toBe('quoted_id');
    expect(refusal({ kind: 'add', id: 'w0', content: ' ', status: 'x' })).toBe('invalid_content');
    expect(refusal({ kind: 'add', id: 'w0', content: 'C', status: 'x' })).toBe('invalid_status');
    expect(refusal({ kind: 'add', id: 'w0', content: 'C' })).toBe('work_item_limit');
    expect(refusal({ kind: 'set', id: 'nope', status: 'Done' })).toBe('invalid_status');
    expect(refusal({ kind: 'set', id: 'nope', status: 'done' })).toBe('unknown_work_item');
  });

  it('previews a clear without --yes and clears only what is there', () => {
    const state = { objective: 'Ship', workItems: [], decisions: [] };
    expect(applyReferenceChange(state, { kind: 'clear', confirmed: false })).toEqual({
      kind: 'unchanged',
      noChange: { reason: 'not_confirmed' },
    });
    expect(applyReferenceChange(state, { kind: 'clear', confirmed: true })).toMatchObject({
      kind: 'changed',
      state: EMPTY_REFERENCE_STATE,
    });
    expect(applyReferenceChange(EMPTY_REFERENCE_STATE, { kind: 'clear', confirmed: true })).toEqual({
      kind: 'unchanged',
      noChange: { reason: 'already_empty' },
    });
    expect(Object.keys(referenceSnapshot(state))).toEqual(['schemaVersion', 'objective', 'workItems', 'decisions']);
  });
});
