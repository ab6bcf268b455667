import { messagesSection, rejectionRows } from '@j1nn0/pi-testkit/adapter-suites';
import { expect, it } from 'vitest';
import {
  DISCARDED_STATE_LINE,
  INTERNAL_FAILURE,
  PENDING_CHECK_LINE,
  UNVERIFIABLE_COMPACTION,
  formatChange,
  formatCheckNotice,
  formatClearPreview,
  formatCompactionFailed,
  formatLastCheck,
  formatNoChange,
  formatPendingCheck,
  formatRejection,
  formatRestateReply,
  formatUnreadableEntry,
  formatUsage,
} from '../src/format.js';
import type { GuardMutation, Rejection } from '../src/mutations.js';
import type { UnreadableProblem } from '../src/persistence.js';
import { SUBCOMMANDS } from '../src/subcommands.js';
import { guardState, verifiedCheck } from './expected-messages.js';

// docs/messages.md: every message the adapter gives, written by format.ts itself for example values, so
// the page cannot drift from the code. After a deliberate change of wording, `pnpm docs:messages`
// (vitest -u on this file) writes the page again; CI fails while it differs.

const TWO = guardState([
  ['ship', 'goal', 'Add CSV export to the report page', true],
  ['no-deps', 'constraint', 'Add no new runtime dependencies'],
]);

function changed(mutation: GuardMutation, previous = TWO): string {
  return formatChange({ kind: 'changed', mutation, previous, state: previous });
}

const REJECTIONS: readonly (readonly [string, Rejection])[] = [
  ['a kind that is not one of the five', { code: 'invalid_kind' }],
  ['a recovery mode that is not `off` or `critical`', { code: 'invalid_recovery' }],
  ['an id that breaks the id rule', { code: 'invalid_id' }],
  ['blank or too long content', { code: 'invalid_content' }],
  ['the 101st item', { code: 'item_limit' }],
  ['an id that is taken', { code: 'duplicate_item', id: 'ship' }],
  ['no such item', { code: 'unknown_item', id: 'shp', recorded: ['ship', 'no-deps'] }],
  ['no such item, and none recorded', { code: 'unknown_item', id: 'shp', recorded: [] }],
  ['the model asks for a critical item (a tool call)', { code: 'critical_by_model' }],
  ['the core refused for another reason', { code: 'invalid_input' }],
];

const PROBLEMS: readonly (readonly [string, UnreadableProblem])[] = [
  ['no payload', 'missing_payload'],
  ['a payload that is not an object', 'malformed_payload'],
  ['a payload of a newer version', 'unsupported_version'],
  ['items the core refuses', 'rejected_items'],
];

const LOST_ONE = verifiedCheck({ preserved: 1, lost: [{ id: 'no-deps', critical: false }] });
const LOST_CRITICAL = verifiedCheck({ preserved: 1, lost: [{ id: 'ship', critical: true }] });
const RESTORED = verifiedCheck({ preserved: 1, lost: [{ id: 'ship', critical: true }], restored: 1, restoredIds: ['ship'] });

function messagesPage(): string {
  return [
    '# Context Guard: every message',
    '',
    'What `/context-guard` answers a person, what its tools answer the model and what it says around a',
    "compaction, each written here by the adapter's own `src/format.ts` for example values",
    '(`test/messages-doc.test.ts` makes this page; do not edit it by hand). A line break shows as ⏎. The',
    '[README](../README.md) shows the list and the status with examples.',
    '',
    messagesSection('Usage (information for a bare command or `help`, a warning for anything it cannot read)', [
      ['`/context-guard`, `help`, an unknown subcommand', formatUsage()],
      ...SUBCOMMANDS.map((name) => [`\`${name}\` with the wrong arguments`, formatUsage(name)] as const),
    ]),
    messagesSection('Changes (information; saved)', [
      ['`add <id> <kind> <content>`', changed({ kind: 'add', id: 'tests', itemKind: 'requirement', content: 'The tests pass', critical: false })],
      ['`add` with `--critical`', changed({ kind: 'add', id: 'tests', itemKind: 'requirement', content: 'The tests pass', critical: true })],
      ['`remove <id>`', changed({ kind: 'remove', id: 'no-deps' })],
      ['`critical <id> on`', changed({ kind: 'set_critical', id: 'no-deps', critical: true })],
      ['`critical <id> off`', changed({ kind: 'set_critical', id: 'ship', critical: false })],
      ['`recovery critical`', changed({ kind: 'set_recovery', recovery: 'critical' })],
      ['`clear --yes`', changed({ kind: 'clear' })],
    ]),
    messagesSection('Nothing to change (information; nothing saved)', [
      ['the criticality it already has', formatNoChange({ reason: 'same_critical', id: 'ship', critical: true })],
      ['the recovery mode it already has', formatNoChange({ reason: 'same_recovery', recovery: 'critical' })],
      ['`clear` (a preview)', formatClearPreview(TWO)],
      ['`clear` or `clear --yes` with nothing protected', formatNoChange({ reason: 'already_empty' })],
    ]),
    messagesSection('Rejections (a warning to a person, an error result to the model; nothing changes)', [
      ...rejectionRows(REJECTIONS, formatRejection),
    ]),
    messagesSection('Around a compaction', [
      ['Pi compacted while items are protected', formatPendingCheck(TWO.items)],
      ['the check at the next request: nothing lost', formatCheckNotice(verifiedCheck({ preserved: 2 }))],
      ['the check: an item lost', formatCheckNotice(LOST_ONE)],
      ['the check: a critical item lost', formatCheckNotice(LOST_CRITICAL)],
      ['the check: a critical item lost and restored', formatCheckNotice(RESTORED)],
      ['the compaction failed', formatCompactionFailed(false)],
      ['the compaction was cancelled', formatCompactionFailed(true)],
      ['`status` while a check waits for the next request', PENDING_CHECK_LINE],
      ['`status` after a check', formatLastCheck(LOST_CRITICAL)],
      ['`status` before any check', formatLastCheck(undefined)],
      ['`status` after a compaction that could not be checked', UNVERIFIABLE_COMPACTION],
    ]),
    messagesSection('`/context-guard restate`', [
      ['lost critical items restated', formatRestateReply({ kind: 'restated', ids: ['ship'] })],
      ['restated already after this compaction', formatRestateReply({ kind: 'already', ids: ['ship'] })],
      ['the check has not run yet', formatRestateReply({ kind: 'pending' })],
      ['the lost items are not critical', formatRestateReply({ kind: 'not_critical', ids: ['no-deps'] })],
      ['nothing lost that recovery did not restore', formatRestateReply({ kind: 'nothing' })],
    ]),
    messagesSection('Saved state that cannot be read (a warning at a start; the set starts empty)', [
      ...PROBLEMS.map(([when, problem]) => [when, formatUnreadableEntry(problem)] as const),
      ['`status` afterwards', DISCARDED_STATE_LINE],
    ]),
    messagesSection('A failure inside the adapter (an error; nothing is recorded)', [['any unexpected failure', INTERNAL_FAILURE]]),
  ].join('\n');
}

it('docs/messages.md lists every message as format.ts writes it', async () => {
  await expect(messagesPage()).toMatchFileSnapshot('../docs/messages.md');
});
