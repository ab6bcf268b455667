import { describe, expect, it } from 'vitest';
import { formatChange, formatClearPreview, formatItemStatus, formatLeftovers, formatOutcome, formatPanelVisibility, formatRejection, formatStatus } from '../src/format.js';
import { applyMutation } from '../src/mutations.js';
import { EXAMPLE_STATE, snapshotOf } from './snapshots.js';
import { NOW, at } from './history-example.js';

const item = (id: string, status: 'open' | 'in_progress' | 'blocked' | 'done') => ({ id, content: id.toUpperCase(), status });
const state = (...items: ReturnType<typeof item>[]) => snapshotOf({ workItems: items });

const EXAMPLE_STATUS = [
  'Agent State: objective "Ship the parser", 3 work items (1 open, 1 in_progress, 0 blocked, 1 done), 1 decision.',
  'Work items:',
  '- [done] parse: Parse the arguments',
  '- [in_progress] format: Format the status',
  '- [open] docs: Write the README',
  'Decisions:',
  '- pure-core: Keep the core free of Pi imports',
].join('\n');

const EMPTY_STATUS = 'Agent State: no objective, 0 work items, 0 decisions.';

describe('formatStatus', () => {
  it('prints the exact empty line', () => {
    expect(formatStatus(snapshotOf())).toBe(EMPTY_STATUS);
  });

  it('prints counts, then work items, then decisions, in insertion order', () => {
    expect(formatStatus(snapshotOf(EXAMPLE_STATE))).toBe(EXAMPLE_STATUS);
  });

  it('uses the singular for one and omits the status breakdown without work items', () => {
    expect(formatStatus(snapshotOf({ objective: 'Goal' }))).toBe(
      'Agent State: objective "Goal", 0 work items, 0 decisions.',
    );
    expect(formatStatus(snapshotOf({ workItems: [{ id: 'a', content: 'A', status: 'blocked' }] }))).toBe(
      'Agent State: no objective, 1 work item (0 open, 0 in_progress, 1 blocked, 0 done), 0 decisions.\n' +
        'Work items:\n- [blocked] a: A',
    );
  });

  it('escapes control characters in the objective, ids and content so each item stays on one line', () => {
    const status = formatStatus(
      snapshotOf({
        objective: 'goal\u001b[2J',
        workItems: [{ id: 'id\u202e', content: 'first\nsecond' }],
        decisions: [{ id: 'd', content: 'bell\u0007' }],
      }),
    );
    expect(status).toBe(
      'Agent State: objective "goal\\u001b[2J", 1 work item (1 open, 0 in_progress, 0 blocked, 0 done), 1 decision.\n' +
        'Work items:\n- [open] id\\u202e: first\\nsecond\nDecisions:\n- d: bell\\u0007',
    );
  });
});

// docs/messages.md (messages-doc.test.ts) pins the words of every message for example values; these
// pin what the words depend on: counts and plurals, caps on what is named, and the notice's type.
describe('messages', () => {
  it('reports a change as info, a rejection as a warning and a failure as an error', () => {
    const empty = snapshotOf();
    expect(formatOutcome(applyMutation(empty, { kind: 'add_work_item', id: 'a', content: 'A' }), 'person')).toEqual({ message: 'Added work item "a" (open).', type: 'info' });
    expect(formatOutcome(applyMutation(empty, { kind: 'remove_work_item', id: 'a' }), 'person')).toEqual({
      message: 'Rejected: no work item has id "a". None is recorded yet.',
      type: 'warning',
    });
    expect(formatOutcome({ kind: 'failed' }, 'model')).toEqual({ message: 'Agent State: internal failure; nothing was recorded.', type: 'error' });
  });

  it('names up to five recorded ids for an unknown one, and where the caller reads them all', () => {
    const recorded = ['parse', 'format', 'docs', 'tests', 'api', 'cli', 'bench'];
    expect(formatRejection({ code: 'unknown_work_item', id: 'parsing', recorded }, 'model')).toBe(
      'Rejected: no work item has id "parsing". Recorded: "parse", "format", "docs", "tests", "api" and 2 more (agent_state_get lists all).',
    );
    expect(formatRejection({ code: 'unknown_work_item', id: 'parsing', recorded }, 'person')).toBe(
      'Rejected: no work item has id "parsing". Recorded: "parse", "format", "docs", "tests", "api" and 2 more (/agent-state status lists all).',
    );
    expect(formatRejection({ code: 'unknown_work_item', id: 'parsing', recorded: recorded.slice(0, 5) }, 'model')).toBe(
      'Rejected: no work item has id "parsing". Recorded: "parse", "format", "docs", "tests", "api".',
    );
  });

  it('names what a new objective leaves unfinished of the earlier one, up to five items, and how to remove them', () => {
    const items = (count: number, status: 'open' | 'blocked' | 'done' = 'open') =>
      Array.from({ length: count }, (_, index) => ({ id: `i${index}`, content: 'I', status }));
    const setObjective = (previous: Parameters<typeof snapshotOf>[0]) =>
      ({ kind: 'changed', mutation: { kind: 'set_objective', objective: 'New' }, previous: snapshotOf(previous), snapshot: snapshotOf({ ...previous, objective: 'New' }) }) as const;
    const removeOrClear = 'Remove one with /agent-state remove <id>, or start from nothing with /agent-state clear --yes and set the objective again.';

    expect(formatChange(setObjective({ objective: 'Old', workItems: [...items(1), { id: 'b', content: 'B', status: 'blocked' }, ...items(1, 'done').map((item) => ({ ...item, id: 'd' }))] }))).toBe(
      `Objective set. Still recorded from the earlier objective: 2 unfinished work items, "i0" (open) and "b" (blocked). ${removeOrClear}`,
    );
    expect(formatLeftovers(setObjective({ objective: 'Old', workItems: items(7) }))).toBe(
      `Still recorded from the earlier objective: 7 unfinished work items, "i0" (open), "i1" (open), "i2" (open), "i3" (open), "i4" (open) and 2 more (/agent-state status lists all). ${removeOrClear}`,
    );
    expect(formatLeftovers(setObjective({ objective: 'Old', workItems: items(1) }))).toMatch(/: 1 unfinished work item, "i0" \(open\)\. Remove/u);
    // Nothing unfinished, or no objective before (items first, then the objective): just set.
    expect(formatChange(setObjective({ objective: 'Old', workItems: items(3, 'done') }))).toBe('Objective set.');
    expect(formatChange(setObjective({ workItems: items(3) }))).toBe('Objective set.');
  });

  it('counts what a clear would remove and what it removed, whatever is missing', () => {
    const decisionOnly = snapshotOf({ decisions: [{ id: 'd', content: 'D' }] });
    expect(formatClearPreview(decisionOnly)).toBe('Clear would remove no objective, 0 work items and 1 decision. Nothing changed; confirm with /agent-state clear --yes.');
    const withObjective = snapshotOf({ objective: 'Ship it', decisions: [{ id: 'd1', content: 'D' }] });
    expect(formatChange({ kind: 'changed', mutation: { kind: 'clear' }, previous: withObjective, snapshot: withObjective })).toBe(
      'Agent State cleared: removed the objective, 0 work items and 1 decision.',
    );
  });

  it('says the panel is hidden the same way to a client', () => {
    expect(formatPanelVisibility(false, 'client', snapshotOf({ workItems: [{ id: 'a', content: 'A' }] }))).toBe(formatPanelVisibility(false, 'terminal', snapshotOf()));
  });
});

describe('since when, in the status', () => {
  it('gives an unfinished item its time in its brackets, with the date on another day, and a done item none', () => {
    const since = new Map([['a', at(9, 12)], ['b', at(17, 40, 2)], ['c', at(8, 0)]]);
    expect(formatItemStatus(item('a', 'in_progress'), since, NOW)).toBe('[in_progress since 09:12]');
    expect(formatItemStatus(item('b', 'blocked'), since, NOW)).toBe('[blocked since 2026-12-02 17:40]');
    expect(formatItemStatus(item('c', 'done'), since, NOW)).toBe('[done]');
    expect(formatItemStatus(item('d', 'open'), since, NOW)).toBe('[open]');
    expect(formatStatus(state(item('a', 'in_progress'), item('c', 'done')), undefined, since, NOW).split('\n').slice(2)).toEqual([
      '- [in_progress since 09:12] a: A',
      '- [done] c: C',
    ]);
  });
});
