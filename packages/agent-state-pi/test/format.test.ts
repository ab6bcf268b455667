import { describe, expect, it } from 'vitest';
import {
  formatItemStatus,
  USAGE,
  formatChange,
  formatClearPreview,
  formatLeftovers,
  formatNoChange,
  formatOutcome,
  formatPanelKeyIdle,
  formatPanelVisibility,
  formatRejection,
  formatStatus,
  formatUnreadableEntry,
  formatUsage,
} from '../src/format.js';
import type { UnreadableProblem } from '../src/persistence.js';
import { applyMutation, type NoChange, type Rejection, type StateMutation } from '../src/mutations.js';
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

describe('messages', () => {
  it('keeps the usage on one line listing every subcommand', () => {
    expect(USAGE).toBe(
      'Usage: /agent-state status | history [id] | objective <text> | add <id> <content> | ' +
        'set <id> <open|in_progress|blocked|done> | remove <id> | decide <id> <content> | clear [--yes] | panel <on|off>',
    );
  });

  it('reports a change as info and a rejection as warning', () => {
    const empty = snapshotOf();
    expect(formatOutcome(applyMutation(empty, { kind: 'add_work_item', id: 'a', content: 'A' }), 'person')).toEqual({
      message: 'Added work item "a" (open).',
      type: 'info',
    });
    expect(formatOutcome(applyMutation(empty, { kind: 'remove_work_item', id: 'a' }), 'person')).toEqual({
      message: 'Rejected: no work item has id "a". None is recorded yet.',
      type: 'warning',
    });
    expect(formatOutcome({ kind: 'failed' }, 'model')).toEqual({
      message: 'Agent State: internal failure; nothing was recorded.',
      type: 'error',
    });
  });

  it('does not repeat an unknown id that breaks the id rule', () => {
    expect(formatRejection({ code: 'unknown_work_item', id: 'x'.repeat(65), recorded: ['a'] }, 'person')).toBe(
      'Rejected: no work item has this id. Recorded: "a".',
    );
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

  it('names the status of a taken work item id and how the caller changes it', () => {
    expect(formatRejection({ code: 'duplicate_work_item', id: 'parse', status: 'in_progress' }, 'model')).toBe(
      'Rejected: a work item with id "parse" already exists (in_progress); change its status with agent_state_set_work_item_status, or use another id.',
    );
    expect(formatRejection({ code: 'duplicate_work_item', id: 'parse', status: 'in_progress' }, 'person')).toBe(
      'Rejected: a work item with id "parse" already exists (in_progress); change its status with /agent-state set parse <status>, or use another id.',
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

  it('previews what clear would remove', () => {
    expect(formatClearPreview(snapshotOf(EXAMPLE_STATE))).toBe(
      'Clear would remove the objective, 3 work items and 1 decision. ' +
        'Nothing changed; confirm with /agent-state clear --yes.',
    );
    expect(formatClearPreview(snapshotOf({ decisions: [{ id: 'd', content: 'D' }] }))).toBe(
      'Clear would remove no objective, 0 work items and 1 decision. ' +
        'Nothing changed; confirm with /agent-state clear --yes.',
    );
    expect(formatClearPreview(snapshotOf())).toBe('Agent State is already empty; nothing to clear.');
  });

  it('names the problem of an unreadable entry without its content', () => {
    expect(formatUnreadableEntry('unsupported_version')).toBe(
      'Agent State: the newest saved state on this branch is unreadable (unsupported schema version); starting empty.',
    );
  });

  it.each<[UnreadableProblem, string]>([
    ['missing_payload', 'no payload'],
    ['unsupported_version', 'unsupported schema version'],
    ['malformed_payload', 'malformed payload'],
    ['rejected_snapshot', 'invalid snapshot'],
  ])('words the unreadable-entry problem %s as %j', (problem, reason) => {
    expect(formatUnreadableEntry(problem)).toContain(`(${reason})`);
  });

  // The one place each message's wording is pinned; every other test asks the formatter for it.
  it.each<[string, string]>([
    ['status', 'Usage: /agent-state status'],
    ['add', 'Usage: /agent-state add <id> <content>'],
    ['set', 'Usage: /agent-state set <id> <open|in_progress|blocked|done>'],
    ['remove', 'Usage: /agent-state remove <id>'],
    ['clear', 'Usage: /agent-state clear [--yes]'],
    ['objective', 'Usage: /agent-state objective <text>'],
    ['decide', 'Usage: /agent-state decide <id> <content>'],
  ])('words the usage of %s', (subcommand, usage) => {
    expect(formatUsage(subcommand)).toBe(usage);
  });

  it.each<[StateMutation, string]>([
    [{ kind: 'set_objective', objective: 'Ship it' }, 'Objective set.'],
    [{ kind: 'add_work_item', id: 'a', content: 'A' }, 'Added work item "a" (open).'],
    [{ kind: 'add_work_item', id: 'b', content: 'B', status: 'blocked' }, 'Added work item "b" (blocked).'],
    [{ kind: 'add_decision', id: 'd1', content: 'D' }, 'Recorded decision "d1".'],
    [{ kind: 'remove_work_item', id: 'a' }, 'Removed work item "a".'],
  ])('words the change %j', (mutation, message) => {
    const previous = snapshotOf();
    expect(formatChange({ kind: 'changed', mutation, previous, snapshot: previous })).toBe(message);
  });

  it('words a status change from the status before it, and a clear from what it removed', () => {
    const previous = snapshotOf({ workItems: [{ id: 'a', content: 'A' }] });
    const setStatus = { kind: 'set_status', id: 'a', status: 'blocked' } as const;
    expect(formatChange({ kind: 'changed', mutation: setStatus, previous, snapshot: previous })).toBe(
      'Work item "a": open -> blocked.',
    );
    const full = snapshotOf(EXAMPLE_STATE);
    expect(formatChange({ kind: 'changed', mutation: { kind: 'clear' }, previous: full, snapshot: full })).toBe(
      'Agent State cleared: removed the objective, 3 work items and 1 decision.',
    );
    const decisionOnly = snapshotOf({ objective: 'Ship it', decisions: [{ id: 'd1', content: 'D' }] });
    expect(formatChange({ kind: 'changed', mutation: { kind: 'clear' }, previous: decisionOnly, snapshot: decisionOnly })).toBe(
      'Agent State cleared: removed the objective, 0 work items and 1 decision.',
    );
  });

  it.each<[NoChange, string]>([
    [{ reason: 'same_status', id: 'a', status: 'done' }, 'Work item "a" is already done; nothing changed.'],
    [{ reason: 'same_objective' }, 'Objective unchanged: it already has this text.'],
    [{ reason: 'already_empty' }, 'Agent State is already empty; nothing to clear.'],
  ])('words the request that changes nothing %j', (noChange, message) => {
    expect(formatNoChange(noChange)).toBe(message);
  });

  it.each<[Rejection, string]>([
    [{ code: 'quoted_id' }, 'Rejected: an id is a single word; quotes do not group words (write my-item, not "my item").'],
    [{ code: 'duplicate_decision', id: 'd' }, 'Rejected: a decision with id "d" already exists; record this one under another id.'],
    [{ code: 'unknown_work_item', id: 'missing', recorded: ['a', 'b'] }, 'Rejected: no work item has id "missing". Recorded: "a", "b".'],
    [{ code: 'invalid_status' }, 'Rejected: unknown status. Valid statuses: open, in_progress, blocked, done.'],
    [
      { code: 'invalid_id' },
      'Rejected: an id must be 1-64 characters with no whitespace, control or bidirectional formatting characters.',
    ],
    [{ code: 'invalid_content' }, 'Rejected: content must be 1-500 characters and not blank.'],
    [{ code: 'invalid_objective' }, 'Rejected: the objective must be 1-500 characters and not blank.'],
    [{ code: 'work_item_limit' }, 'Rejected: the limit of 200 work items is reached.'],
    [{ code: 'decision_limit' }, 'Rejected: the limit of 200 decisions is reached.'],
  ])('words the rejection %j', (rejection, message) => {
    expect(formatRejection(rejection, 'person')).toBe(message);
    expect(formatRejection(rejection, 'model')).toBe(message);
  });

  it('says where the panel is on each surface, and how to bring it back', () => {
    const empty = snapshotOf();
    const recorded = snapshotOf({ workItems: [{ id: 'a', content: 'A' }] });
    expect(formatPanelVisibility(false, 'client', recorded)).toBe(
      'Agent State panel hidden; show it again with /agent-state panel on.',
    );
    expect(formatPanelVisibility(true, 'client', empty)).toBe(
      'Agent State panel on; this client receives it once something is recorded.',
    );
    expect(formatPanelVisibility(true, 'client', recorded)).toBe(
      'Agent State panel sent to this client; hide it with /agent-state panel off.',
    );
    expect(formatPanelVisibility(true, 'terminal', empty)).toBe(
      'Agent State panel on; it appears above the editor once something is recorded.',
    );
    expect(formatPanelVisibility(true, 'terminal', recorded)).toBe(
      'Agent State panel shown above the editor; hide it with /agent-state panel off.',
    );
    expect(formatPanelKeyIdle('panel_off')).toBe('Agent State panel is off; show it with /agent-state panel on.');
    expect(formatPanelKeyIdle('empty')).toBe(
      'Agent State: no panel yet; it appears above the editor once something is recorded.',
    );
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
