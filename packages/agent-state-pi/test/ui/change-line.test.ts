import { describe, expect, it } from 'vitest';
import { formatClearPreview } from '../../src/format.js';
import { describeChange } from '../../src/ui/change-line.js';
import { EXAMPLE_STATE, snapshotOf } from '../snapshots.js';

describe('the change line of a saved state entry', () => {
  const before = snapshotOf(EXAMPLE_STATE);

  it('names a status change, an addition, the objective, a removal and a decision', () => {
    const workItems = EXAMPLE_STATE.workItems ?? [];
    expect(describeChange(before, snapshotOf({ ...EXAMPLE_STATE, workItems: workItems.map((item) => (item.id === 'docs' ? { ...item, status: 'done' as const } : item)) }))).toBe('set docs → done');
    expect(describeChange(before, snapshotOf({ ...EXAMPLE_STATE, workItems: [...workItems, { id: 'tests', content: 'T' }] }))).toBe('added tests (open)');
    expect(describeChange(before, snapshotOf({ ...EXAMPLE_STATE, objective: 'Ship it' }))).toBe('objective set');
    expect(describeChange(before, snapshotOf({ ...EXAMPLE_STATE, workItems: workItems.slice(1) }))).toBe('removed parse');
    expect(describeChange(before, snapshotOf({ ...EXAMPLE_STATE, decisions: [...(EXAMPLE_STATE.decisions ?? []), { id: 'd2', content: 'D' }] }))).toBe('decided d2');
  });

  it('names a decision that an entry written outside the adapter dropped (only a clear drops them here)', () => {
    expect(describeChange(before, snapshotOf({ ...EXAMPLE_STATE, decisions: [] }))).toBe('dropped decision pure-core');
  });

  it('names what a clear removed in the words of its preview', () => {
    expect(describeChange(before, snapshotOf())).toBe('cleared the objective, 3 work items and 1 decision');
    expect(formatClearPreview(before)).toContain('the objective, 3 work items and 1 decision');
  });

  it('says which status a change confirmed: the model declared it, the person set the same', () => {
    expect(describeChange(before, before, ['docs'])).toBe('confirmed docs open');
  });

  it('describes the first entry of a branch against an empty state', () => {
    expect(describeChange(undefined, snapshotOf({ workItems: [{ id: 'a', content: 'A' }] }))).toBe('added a (open)');
  });

  it('escapes ids', () => {
    expect(describeChange(undefined, snapshotOf({ workItems: [{ id: 'a\u001b', content: 'A' }] }))).toBe('added a\\u001b (open)');
  });
});
