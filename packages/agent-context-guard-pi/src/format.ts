import { CONTEXT_ITEM_KINDS, type ContextItem } from '@j1nn0/agent-context-guard';
import type { CheckedItem, CompactionCheck } from './check-entry.js';
import { unrestoredItems, type RestateOutcome } from './restate-entry.js';
import { CRITICAL_SWITCHES, RECOVERY_MODES, type GuardState } from './guard-state.js';
import { MAX_CONTENT_CHARACTERS, MAX_ID_CHARACTERS, MAX_ITEMS, isValidId } from './limits.js';
import type { MutationOutcome, NoChange, Rejection } from './mutations.js';
import type { UnreadableProblem } from './persistence.js';
import {
  ENVELOPE_PROBLEM_REASONS,
  escapeTerminalText,
  formatCommandUsage,
  invalidIdRejection,
  outcomeNotice,
  plural,
  quoteId,
  unknownIdRejection,
  type Caller,
  type ChangeOutcome,
  type Notice,
  type OutcomeMessages,
} from '@j1nn0/pi-adapter-kit';
import type { Subcommand } from './subcommands.js';
import { protectedCounts } from './ui/change-line.js';
import type { ContextGuardToolName } from './ui/tool-rows.js';

// Every text a person or the model sees. Recorded strings (ids, content) pass through
// escapeTerminalText wherever a person may see them; notices about compaction carry counts and
// ids, never content; messages about rejected input never repeat that input's content.

/** What `status` reports: the protected set, whether a bad entry was discarded, and the compaction check. */
export interface GuardStatus {
  readonly state: GuardState;
  readonly discarded: boolean;
  readonly verificationPending: boolean;
  readonly lastCheck: CompactionCheck | undefined;
}

const GRAMMARS: Readonly<Record<Subcommand, string>> = {
  add: `add <id> <${CONTEXT_ITEM_KINDS.join('|')}> [--critical] <content>`,
  list: 'list',
  remove: 'remove <id>',
  critical: `critical <id> <${CRITICAL_SWITCHES.join('|')}>`,
  clear: 'clear [--yes]',
  status: 'status',
  recovery: `recovery <${RECOVERY_MODES.join('|')}>`,
  restate: 'restate',
};

/** The usage of one subcommand; for a bare or unknown one, the whole command's usage line. */
export function formatUsage(subcommand?: string): string {
  return formatCommandUsage('context-guard', GRAMMARS, subcommand);
}

/** The whole command's usage line. */
export const USAGE = formatUsage();

export const INTERNAL_FAILURE = 'Context Guard: internal failure; nothing was recorded.';

export const UNVERIFIABLE_COMPACTION =
  'Context Guard: the protected items saved before the last compaction are unreadable; it cannot be verified.';

/** The status line after the newest saved state on the branch was unreadable and was discarded. */
export const DISCARDED_STATE_LINE = 'The newest saved state on this branch was unreadable and was discarded.';

/** The status line while a compaction waits for the next model request to be checked. */
export const PENDING_CHECK_LINE = 'A compaction will be checked at the next model request.';

/** One line when Pi's compaction failed or was cancelled: nothing was appended, so nothing is checked. */
export function formatCompactionFailed(aborted: boolean): string {
  return aborted
    ? 'Context Guard: the compaction was cancelled; nothing was checked.'
    : 'Context Guard: the compaction failed; nothing was checked.';
}

/** A headline with the counts, then one line per item in insertion order. */
export function formatList(state: GuardState): string {
  const lines = [`Context Guard: ${protectedCounts(state.items)}.`];
  for (const item of state.items) {
    const flags = item.critical ? `${item.kind}, critical` : item.kind;
    lines.push(`- [${flags}] ${escapeTerminalText(item.id)}: ${escapeTerminalText(item.content)}`);
  }
  return lines.join('\n');
}

/** The list followed by the last check: what the list tool returns to the model. */
export function formatListWithCheck(state: GuardState, lastCheck: CompactionCheck | undefined): string {
  return `${formatList(state)}\n${formatLastCheck(lastCheck)}`;
}

export function formatStatus(status: GuardStatus): string {
  const lines = [`Context Guard: ${protectedCounts(status.state.items)}, recovery ${status.state.recovery}.`];
  if (status.discarded) {
    lines.push(DISCARDED_STATE_LINE);
  }
  if (status.verificationPending) {
    lines.push(PENDING_CHECK_LINE);
  }
  lines.push(formatLastCheck(status.lastCheck));
  return lines.join('\n');
}

export function formatLastCheck(check: CompactionCheck | undefined): string {
  if (check === undefined) {
    return 'Last check: none yet.';
  }
  if (check.kind === 'unverifiable') {
    return 'Last check: a compaction could not be verified (the protected items before it were unknown).';
  }
  return withCheckedIds(`Last check: ${formatCheckSummary(check)}.${formatRestored(check)}`, check);
}

/** The notification after a compaction: counts and the ids not found, never content. */
export function formatCheckNotice(check: CompactionCheck): string {
  if (check.kind === 'unverifiable') {
    return UNVERIFIABLE_COMPACTION;
  }
  const notice = withCheckedIds(`Context Guard: ${formatCheckSummary(check)}.${formatRestored(check)}`, check);
  const unrestored = unrestoredItems(check);
  if (unrestored.length === 0) {
    return notice;
  }
  return `${notice} ${unrestored.some((item) => item.critical) ? RESTATE_NEXT_STEP : RESTATE_CRITICAL_FIRST}`;
}

/** After a check that lost critical items recovery did not restore: what the person can do now. */
export const RESTATE_NEXT_STEP = 'To restate the critical ones to the model now, run /context-guard restate.';
/** After a check that lost only items that are not critical: only what a person holds critical is restated. */
export const RESTATE_CRITICAL_FIRST =
  'To restate one to the model, make it critical (/context-guard critical <id> on), then run /context-guard restate.';

/** The word at `session_compact`: what the next model request will check. */
export function formatPendingCheck(items: readonly ContextItem[]): string {
  return `Context Guard: compacted; ${protectedCounts(items)} will be checked at the next model request.`;
}

/** How many ids each list names before it ends in `+N more`. */
export const CHECKED_IDS_PER_LIST = 5;

type VerifiedCheck = Extract<CompactionCheck, { kind: 'verified' }>;

const criticalCount = (items: readonly CheckedItem[]): number => items.filter((item) => item.critical).length;

function formatCheckSummary(check: VerifiedCheck): string {
  // The literal verifier never reports `changed`, so it is shown only when another verifier did.
  const changed = check.changed.length > 0 ? `, ${check.changed.length} changed` : '';
  const critical = (
    [
      ['changed', criticalCount(check.changed)],
      ['lost', criticalCount(check.lost)],
      ['unknown', criticalCount(check.unknown)],
    ] as const
  )
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} critical ${status}`);
  const criticalPart = critical.length > 0 ? ` (${critical.join(', ')})` : '';
  return `after compaction ${check.preserved} preserved${changed}, ${check.lost.length} lost, ${check.unknown.length} unknown${criticalPart}`;
}

function formatRestored(check: VerifiedCheck): string {
  return check.restored > 0 ? ` Restored ${plural(check.restored, 'critical item', 'critical items')} for the model.` : '';
}

/** The headline, then one line naming what was not found, so a person knows which items to look at. */
function withCheckedIds(headline: string, check: VerifiedCheck): string {
  const lists = (
    [
      ['Lost', check.lost],
      ['Changed', check.changed],
      ['Unknown (the check could not tell)', check.unknown],
    ] as const
  )
    .filter(([, items]) => items.length > 0)
    .map(([label, items]) => `${label}: ${formatCheckedIds(items)}.`);
  return lists.length > 0 ? `${headline}\n${lists.join(' ')}` : headline;
}

/** Critical ids first, each group in snapshot order; past the budget the rest are counted. */
export function formatCheckedIds(items: readonly CheckedItem[]): string {
  const ordered = [...items.filter((item) => item.critical), ...items.filter((item) => !item.critical)];
  const shown = ordered
    .slice(0, CHECKED_IDS_PER_LIST)
    .map((item) => (item.critical ? `${quoteId(item.id)} (critical)` : quoteId(item.id)));
  const hidden = ordered.length - shown.length;
  return hidden > 0 ? `${shown.join(', ')} +${hidden} more` : shown.join(', ');
}

/**
 * The hidden message of `/context-guard restate`: the items a person restates to the model after a check
 * found them lost, with their content as declared before the compaction.
 */
export function formatRestatementContent(items: readonly ContextItem[]): string {
  return hiddenItemsMessage(
    'Context Guard restatement: the person restates these items, which were protected before the last ' +
      'compaction and are missing from the compacted context. They are restated as declared, not verified.',
    items,
  );
}

/** A hidden message for the model: its headline, then each item as declared, one a line. */
function hiddenItemsMessage(headline: string, items: readonly ContextItem[]): string {
  return [headline, ...items.map((item) => `- [${item.kind}] ${item.id}: ${item.content}`)].join('\n');
}

/** What `/context-guard restate` tells the person. */
export function formatRestateReply(outcome: RestateOutcome): string {
  switch (outcome.kind) {
    case 'restated':
      return `Restated for the model: ${outcome.ids.map(quoteId).join(', ')}. It reads ${outcome.ids.length === 1 ? 'it' : 'them'} with your next message, right after the compaction summary.`;
    case 'already':
      return `Already restated after this compaction: ${outcome.ids.map(quoteId).join(', ')}; nothing was sent again.`;
    case 'pending':
      return 'Nothing to restate yet: the compaction is checked at the next model request. If that check finds items lost, run /context-guard restate then.';
    case 'not_critical':
      return `Nothing restated: only items you hold critical are restated, and ${outcome.ids.map(quoteId).join(', ')} ${outcome.ids.length === 1 ? 'is' : 'are'} not. Make one critical with /context-guard critical <id> on, then run /context-guard restate again.`;
    case 'nothing':
      return 'Nothing to restate: the last compaction check found no lost item that recovery did not restore.';
    case 'no_compaction':
      return 'Nothing to restate: there has been no compaction on this branch. After one, its check says what was lost.';
  }
}

/**
 * The hidden message that restores lost critical items for the model. It repeats their content
 * exactly as declared, so a later check finds them again; the model, not a person, reads it.
 */
export function formatRecoveryContent(items: readonly ContextItem[]): string {
  return hiddenItemsMessage(
    'Context Guard recovery: these critical items were protected before the last compaction and are ' +
      'missing from the compacted context. They are restated as declared, not verified.',
    items,
  );
}

export function formatOutcome(outcome: ChangeOutcome<ChangedOutcome, NoChange, Rejection>, caller: Caller): Notice {
  return outcomeNotice(outcome, { ...GUARD_OUTCOMES, rejected: (rejection) => formatRejection(rejection, caller) });
}

type ChangedOutcome = Omit<Extract<MutationOutcome, { kind: 'changed' }>, 'kind'>;

export function formatChange(outcome: Extract<MutationOutcome, { kind: 'changed' }>): string {
  const { mutation, previous } = outcome;
  switch (mutation.kind) {
    case 'add':
      return `Protected ${mutation.itemKind} ${quoteId(mutation.id)}${mutation.critical ? ' (critical)' : ''}.`;
    case 'remove':
      return `Removed protected item ${quoteId(mutation.id)}.`;
    case 'set_critical':
      return `Protected item ${quoteId(mutation.id)} is ${mutation.critical ? 'now' : 'no longer'} critical.`;
    case 'clear':
      return `Context Guard cleared: removed ${protectedCounts(previous.items)}.`;
    case 'set_recovery':
      return `Recovery set to ${mutation.recovery}.`;
  }
}

export function formatNoChange(noChange: NoChange): string {
  switch (noChange.reason) {
    case 'already_empty':
      return 'Context Guard has no protected items; nothing to clear.';
    case 'same_recovery':
      return `Recovery is already ${noChange.recovery}; nothing changed.`;
    case 'same_critical':
      return `Protected item ${quoteId(noChange.id)} is already ${noChange.critical ? 'critical' : 'not critical'}; nothing changed.`;
  }
}

/** How a caller reads every protected item, and what it does about a taken id. */
const NEXT_STEPS: Readonly<Record<Caller, { readonly listAll: string; readonly takenId: (id: string) => string }>> = {
  person: { listAll: '/context-guard list', takenId: (id) => `remove it first with /context-guard remove ${escapeTerminalText(id)}, or use another id` },
  model: { listAll: 'context_guard_list' satisfies ContextGuardToolName, takenId: () => 'protect this one under another id' },
};

/** A rejection, naming the next step in the caller's terms where there is one. */
export function formatRejection(rejection: Rejection, caller: Caller): string {
  switch (rejection.code) {
    case 'invalid_id':
      return invalidIdRejection(MAX_ID_CHARACTERS);
    case 'invalid_content':
      return `Rejected: content must be 1-${MAX_CONTENT_CHARACTERS} characters and not blank.`;
    case 'invalid_kind':
      return `Rejected: unknown kind. Valid kinds: ${CONTEXT_ITEM_KINDS.join(', ')}.`;
    case 'invalid_recovery':
      return `Rejected: unknown recovery mode. Valid modes: ${RECOVERY_MODES.join(', ')}.`;
    case 'item_limit':
      return `Rejected: the limit of ${MAX_ITEMS} protected items is reached.`;
    case 'duplicate_item':
      return `Rejected: a protected item with id ${quoteId(rejection.id)} already exists; ${NEXT_STEPS[caller].takenId(rejection.id)}.`;
    case 'unknown_item':
      return unknownIdRejection('protected item', rejection.id, isValidId(rejection.id), {
        ids: rejection.recorded,
        listAll: NEXT_STEPS[caller].listAll,
      });
    case 'critical_by_model':
      return 'Rejected: only a person can mark an item critical (/context-guard critical <id> on); protect it without critical.';
    case 'invalid_input':
      return 'Rejected: the Context Guard core refused this input.';
  }
}

export function formatClearPreview(state: GuardState): string {
  if (state.items.length === 0) {
    return formatNoChange({ reason: 'already_empty' });
  }
  return `Clear would remove ${protectedCounts(state.items)}. Nothing changed; confirm with /context-guard clear --yes.`;
}

const UNREADABLE_REASONS: Readonly<Record<UnreadableProblem, string>> = {
  ...ENVELOPE_PROBLEM_REASONS,
  rejected_items: 'invalid items',
};

export function formatUnreadableEntry(problem: UnreadableProblem): string {
  return `Context Guard: the newest saved state on this branch is unreadable (${UNREADABLE_REASONS[problem]}); starting empty.`;
}

/** `0 protected items`, `1 protected item (1 critical)`, `3 protected items (0 critical)`. */

/** How each outcome of a change reads to a person or the model; a rejection also depends on which (formatOutcome). */
const GUARD_OUTCOMES: Omit<OutcomeMessages<ChangedOutcome, NoChange, Rejection>, 'rejected'> = {
  internalFailure: INTERNAL_FAILURE,
  changed: formatChange,
  unchanged: formatNoChange,
};
