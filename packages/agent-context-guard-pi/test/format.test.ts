import { describe, expect, it } from 'vitest';
import type { CheckedItem, CompactionCheck } from '../src/check-entry.js';
import {
  USAGE,
  formatChange,
  formatCheckNotice,
  formatClearPreview,
  formatCompactionFailed,
  formatLastCheck,
  formatList,
  formatNoChange,
  formatPendingCheck,
  formatRecoveryContent,
  formatRejection,
  formatRestateReply,
  formatStatus,
} from '../src/format.js';
import { EMPTY_GUARD_STATE, type GuardState } from '../src/guard-state.js';
import type { GuardMutation, NoChange, Rejection } from '../src/mutations.js';

const TWO_ITEMS: GuardState = {
  recovery: 'off',
  items: [
    { id: 'ship', kind: 'goal', content: 'Add CSV export to the report page', critical: true },
    { id: 'no-deps', kind: 'constraint', content: 'Add no new runtime dependencies', critical: false },
  ],
};

function verified(fields: Partial<Extract<CompactionCheck, { kind: 'verified' }>>): CompactionCheck {
  return { kind: 'verified', compactionId: 'c1', ok: false, preserved: 0, changed: [], lost: [], unknown: [], restored: 0, restoredIds: [], ...fields };
}

/** Items `<prefix>1`, `<prefix>2`, ...; the first `critical` of them critical. */
function checkedItems(prefix: string, count: number, critical = 0): CheckedItem[] {
  return Array.from({ length: count }, (_, index) => ({ id: `${prefix}${index + 1}`, critical: index < critical }));
}

describe('format', () => {
  it('keeps the usage on one line', () => {
    expect(USAGE).not.toContain('\n');
    expect(USAGE).toBe(
      'Usage: /context-guard add <id> <goal|constraint|requirement|decision|fact> [--critical] <content> | list | remove <id> | critical <id> <on|off> | clear [--yes] | status | recovery <off|critical> | restate',
    );
  });

  it('lists items with kind and critical flag in insertion order', () => {
    expect(formatList(EMPTY_GUARD_STATE)).toBe('Context Guard: 0 protected items.');
    expect(formatList(TWO_ITEMS)).toBe(
      [
        'Context Guard: 2 protected items (1 critical).',
        '- [goal, critical] ship: Add CSV export to the report page',
        '- [constraint] no-deps: Add no new runtime dependencies',
      ].join('\n'),
    );
  });

  it('escapes control and bidirectional characters in listed ids and content', () => {
    const state: GuardState = {
      recovery: 'off',
      items: [{ id: 'id\u001b[31m', kind: 'fact', content: 'line one\nline two \u202eevil', critical: false }],
    };
    expect(formatList(state)).toBe(
      'Context Guard: 1 protected item (0 critical).\n- [fact] id\\u001b[31m: line one\\nline two \\u202eevil',
    );
  });

  it('reports status with counts, mode, a discarded load, a pending check and the last check', () => {
    expect(formatStatus({ state: EMPTY_GUARD_STATE, discarded: false, verificationPending: false, lastCheck: undefined })).toBe(
      'Context Guard: 0 protected items, recovery off.\nLast check: none yet.',
    );
    expect(
      formatStatus({
        state: { ...TWO_ITEMS, recovery: 'critical' },
        discarded: true,
        verificationPending: true,
        lastCheck: { kind: 'unverifiable', compactionId: 'c1' },
      }),
    ).toBe(
      [
        'Context Guard: 2 protected items (1 critical), recovery critical.',
        'The newest saved state on this branch was unreadable and was discarded.',
        'A compaction will be checked at the next model request.',
        'Last check: a compaction could not be verified (the protected items before it were unknown).',
      ].join('\n'),
    );
  });

  it('summarises a check with counts, then names the ids not found, never content', () => {
    expect(formatCheckNotice(verified({ ok: true, preserved: 3 }))).toBe(
      'Context Guard: after compaction 3 preserved, 0 lost, 0 unknown.',
    );
    expect(formatCheckNotice(verified({ preserved: 3, lost: checkedItems('l', 1, 1) }))).toBe(
      'Context Guard: after compaction 3 preserved, 1 lost, 0 unknown (1 critical lost).\nLost: "l1" (critical). ' +
        'To restate the critical ones to the model now, run /context-guard restate.',
    );
    // Only items that are not critical are lost: the person must make one critical before it is restated.
    expect(formatCheckNotice(verified({ preserved: 1, lost: checkedItems('l', 1) }))).toBe(
      'Context Guard: after compaction 1 preserved, 1 lost, 0 unknown.\nLost: "l1". ' +
        'To restate one to the model, make it critical (/context-guard critical <id> on), then run /context-guard restate.',
    );
    // Recovery restored every lost item: nothing is left for the person to restate.
    expect(formatCheckNotice(verified({ preserved: 1, lost: checkedItems('l', 2, 2), restored: 2, restoredIds: ['l1', 'l2'] }))).toBe(
      'Context Guard: after compaction 1 preserved, 2 lost, 0 unknown (2 critical lost). Restored 2 critical items for the model.\n' +
        'Lost: "l1" (critical), "l2" (critical).',
    );
    expect(formatLastCheck(verified({ changed: checkedItems('c', 1, 1), unknown: checkedItems('u', 2, 1), restored: 1 }))).toBe(
      'Last check: after compaction 0 preserved, 1 changed, 0 lost, 2 unknown (1 critical changed, 1 critical unknown). Restored 1 critical item for the model.\n' +
        'Changed: "c1" (critical). Unknown (the check could not tell): "u1" (critical), "u2".',
    );
    expect(formatCheckNotice({ kind: 'unverifiable', compactionId: 'c1' })).toBe(
      'Context Guard: the protected items saved before the last compaction are unreadable; it cannot be verified.',
    );
  });

  it('lists critical ids first, escapes them and ends a long list in +N more', () => {
    const lost = [
      { id: 'plain-1', critical: false },
      { id: 'bad\u001b[31m', critical: true },
      ...checkedItems('plain-', 5).map((item, index) => ({ ...item, id: `plain-${index + 2}` })),
      { id: 'late', critical: true },
    ];
    expect(formatCheckNotice(verified({ lost }))).toBe(
      'Context Guard: after compaction 0 preserved, 8 lost, 0 unknown (2 critical lost).\n' +
        'Lost: "bad\\u001b[31m" (critical), "late" (critical), "plain-1", "plain-2", "plain-3" +3 more. ' +
        'To restate the critical ones to the model now, run /context-guard restate.',
    );
  });

  it('says in one line that a failed or cancelled compaction was not checked', () => {
    expect(formatCompactionFailed(false)).toBe('Context Guard: the compaction failed; nothing was checked.');
    expect(formatCompactionFailed(true)).toBe('Context Guard: the compaction was cancelled; nothing was checked.');
  });

  it('answers restate in the number of items it restated, and before any compaction says there was none', () => {
    expect(formatRestateReply({ kind: 'restated', ids: ['no-deps'] })).toBe(
      'Restated for the model: "no-deps". It reads it with your next message, right after the compaction summary.',
    );
    expect(formatRestateReply({ kind: 'restated', ids: ['a', 'b'] })).toContain('It reads them with');
    expect(formatRestateReply({ kind: 'no_compaction' })).toBe('Nothing to restate: there has been no compaction on this branch. After one, its check says what was lost.');
  });

  it('tells at compaction how many items the next request will check', () => {
    expect(formatPendingCheck(TWO_ITEMS.items)).toBe(
      'Context Guard: compacted; 2 protected items (1 critical) will be checked at the next model request.',
    );
  });


  it('restates recovered items word for word for the model', () => {
    const content = 'Keep\tthe tab and\nthe newline';
    expect(formatRecoveryContent([{ id: 'ship', kind: 'goal', content, critical: true }])).toBe(
      'Context Guard recovery: these critical items were protected before the last compaction and are missing ' +
        'from the compacted context. They are restated as declared, not verified.\n' +
        `- [goal] ship: ${content}`,
    );
  });

  // docs/messages.md (messages-doc.test.ts) pins every message for its example values; these are the others.
  it.each<[GuardMutation, string]>([
    [{ kind: 'add', id: 'ship', itemKind: 'goal', content: 'S', critical: true }, 'Protected goal "ship" (critical).'],
    [{ kind: 'set_recovery', recovery: 'off' }, 'Recovery set to off.'],
  ])('words the change %j', (mutation, message) => {
    expect(formatChange({ kind: 'changed', mutation, previous: TWO_ITEMS, state: TWO_ITEMS })).toBe(message);
  });

  it('previews what clear would remove', () => {
    expect(formatClearPreview(TWO_ITEMS)).toBe(
      'Clear would remove 2 protected items (1 critical). Nothing changed; confirm with /context-guard clear --yes.',
    );
    expect(formatClearPreview(EMPTY_GUARD_STATE)).toBe('Context Guard has no protected items; nothing to clear.');
  });

  it.each<[NoChange, string]>([
    [{ reason: 'same_recovery', recovery: 'off' }, 'Recovery is already off; nothing changed.'],
    [{ reason: 'same_critical', id: 'ship', critical: false }, 'Protected item "ship" is already not critical; nothing changed.'],
  ])('words the request that changes nothing %j', (noChange, message) => {
    expect(formatNoChange(noChange)).toBe(message);
  });

  it('names no id too long to show, the same to a person and the model', () => {
    const rejection: Rejection = { code: 'unknown_item', id: 'x'.repeat(80), recorded: ['a'] };
    expect(formatRejection(rejection, 'person')).toBe('Rejected: no protected item has this id. Recorded: "a".');
    expect(formatRejection(rejection, 'model')).toBe(formatRejection(rejection, 'person'));
  });

  it('names the recorded ids for an unknown one, and where the caller reads them all past five', () => {
    const recorded = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(formatRejection({ code: 'unknown_item', id: 'zz', recorded }, 'person')).toBe(
      'Rejected: no protected item has id "zz". Recorded: "a", "b", "c", "d", "e" and 1 more (/context-guard list lists all).',
    );
    expect(formatRejection({ code: 'unknown_item', id: 'zz', recorded }, 'model')).toBe(
      'Rejected: no protected item has id "zz". Recorded: "a", "b", "c", "d", "e" and 1 more (context_guard_list lists all).',
    );
  });
});
