import { describe, expect, it } from 'vitest';
import {
  USAGE,
  formatClearPreview,
  formatOutcome,
  formatRejection,
  formatStatus,
  formatUnreadableEntry,
} from '../src/format.js';
import { applyMutation } from '../src/mutations.js';
import { EXAMPLE_STATE, snapshotOf } from './snapshots.js';

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
      'Usage: /agent-state status | objective <text> | add <id> <content> | ' +
        'set <id> <open|in_progress|blocked|done> | remove <id> | decide <id> <content> | clear [--yes] | panel <on|off>',
    );
  });

  it('reports a change as info and a rejection as warning', () => {
    const empty = snapshotOf();
    expect(formatOutcome(applyMutation(empty, { kind: 'add_work_item', id: 'a', content: 'A' }))).toEqual({
      message: 'Added work item "a" (open).',
      type: 'info',
    });
    expect(formatOutcome(applyMutation(empty, { kind: 'remove_work_item', id: 'a' }))).toEqual({
      message: 'Rejected: no work item has id "a".',
      type: 'warning',
    });
    expect(formatOutcome({ kind: 'failed' })).toEqual({
      message: 'Agent State: internal failure; nothing was recorded.',
      type: 'error',
    });
  });

  it('does not repeat an unknown id that breaks the id rule', () => {
    expect(formatRejection({ code: 'unknown_work_item', id: 'x'.repeat(65) })).toBe(
      'Rejected: no work item has this id.',
    );
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
});
