import { restoreContextGuard, type ContextItem } from '@j1nn0/agent-context-guard';
import { isRecoveryMode, type GuardState, type RecoveryMode } from './guard-state.js';
import type { PiSessionEntryPort } from './port.js';

/** The custom session entry type holding the whole protected set after each successful change. */
export const STATE_ENTRY_TYPE = 'agent-context-guard-state';

/** The adapter's payload version, independent of the core's snapshot schemaVersion. */
export const STATE_PAYLOAD_VERSION = 1;

export interface StatePayload {
  readonly schemaVersion: typeof STATE_PAYLOAD_VERSION;
  readonly recovery: RecoveryMode;
  readonly items: readonly ContextItem[];
}

export type UnreadableProblem = 'missing_payload' | 'unsupported_version' | 'malformed_payload' | 'rejected_items';

export type BranchRestore =
  | { readonly kind: 'empty' }
  | { readonly kind: 'restored'; readonly entryId: string; readonly state: GuardState }
  | { readonly kind: 'unreadable'; readonly entryId: string; readonly problem: UnreadableProblem };

export function toStatePayload(state: GuardState): StatePayload {
  return { schemaVersion: STATE_PAYLOAD_VERSION, recovery: state.recovery, items: state.items };
}

/**
 * Restores from the newest state entry of the current branch only. Walking back from the leaf and
 * stopping at the first match keeps the cost independent of the branch length; an unreadable newest
 * entry is reported, never repaired and never skipped in favour of an older one.
 */
export function restoreFromBranch(branch: readonly PiSessionEntryPort[]): BranchRestore {
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    const entry = branch[index];
    if (entry?.type === 'custom' && entry.customType === STATE_ENTRY_TYPE) {
      return restoreFromEntry(entry);
    }
  }
  return { kind: 'empty' };
}

function restoreFromEntry(entry: PiSessionEntryPort): BranchRestore {
  const problem = (unreadable: UnreadableProblem): BranchRestore => ({
    kind: 'unreadable',
    entryId: entry.id,
    problem: unreadable,
  });
  const { data } = entry;
  if (data === undefined || data === null) {
    return problem('missing_payload');
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    return problem('malformed_payload');
  }
  const payload = data as Partial<Record<keyof StatePayload, unknown>>;
  if (payload.schemaVersion !== STATE_PAYLOAD_VERSION) {
    return problem(typeof payload.schemaVersion === 'number' ? 'unsupported_version' : 'malformed_payload');
  }
  if (!isRecoveryMode(payload.recovery) || !('items' in payload)) {
    return problem('malformed_payload');
  }
  try {
    const items = restoreContextGuard({ schemaVersion: 1, items: payload.items }).list();
    return { kind: 'restored', entryId: entry.id, state: { recovery: payload.recovery, items } };
  } catch {
    // Any failure of the core (not only ContextGuardError) means the saved items cannot be trusted.
    return problem('rejected_items');
  }
}
