import type { ContextItem, ContextItemKind } from '@j1nn0/agent-context-guard';
import type { CompactionCheck } from '../src/check-entry.js';
import { formatChange, formatStatus, type GuardStatus } from '../src/format.js';
import { EMPTY_GUARD_STATE, type GuardState, type RecoveryMode } from '../src/guard-state.js';
import type { GuardMutation } from '../src/mutations.js';

// What tests above the formatter expect a change to say, asked of the formatter: a wording change then
// touches format.ts, format.test.ts and the README only.

/** The reply to `mutation` applied to `previous` (only a clear reads `previous`). */
export function changeText(mutation: GuardMutation, previous: GuardState = EMPTY_GUARD_STATE): string {
  return formatChange({ kind: 'changed', mutation, previous, state: previous });
}

export function protectedText(id: string, itemKind: ContextItemKind, critical = false): string {
  return changeText({ kind: 'add', id, itemKind, content: '', critical });
}

/** What `status` says of `state`: by default nothing discarded, no check pending, no check yet. */
export function statusText(state: GuardState, status: Partial<Omit<GuardStatus, 'state'>> = {}): string {
  return formatStatus({ state, discarded: false, verificationPending: false, lastCheck: undefined, ...status });
}

type VerifiedCheck = Extract<CompactionCheck, { kind: 'verified' }>;

/** A verified check for the formatter; the compaction id is never shown, so any will do. */
export function verifiedCheck(fields: Partial<Omit<VerifiedCheck, 'kind'>>): VerifiedCheck {
  const check = { compactionId: 'any', preserved: 0, changed: [], lost: [], unknown: [], restored: 0, restoredIds: [], ...fields };
  return { kind: 'verified', ok: check.lost.length + check.changed.length + check.unknown.length === 0, ...check };
}

/** A state for the formatter: items given as [id, kind, content, critical?]. */
export function guardState(
  items: readonly (readonly [id: string, kind: ContextItemKind, content: string, critical?: boolean])[],
  recovery: RecoveryMode = 'off',
): GuardState {
  return {
    recovery,
    items: items.map(([id, kind, content, critical = false]): ContextItem => ({ id, kind, content, critical })),
  };
}
