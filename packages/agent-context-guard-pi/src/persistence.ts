import { restoreContextGuard, type ContextItem } from '@j1nn0/agent-context-guard';
import { readEnvelope, restoreNewestEntry, type EnvelopeProblem, type NewestEntryRestore, type PayloadRead, type PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { isRecoveryMode, type GuardState, type RecoveryMode } from './guard-state.js';

/** The custom session entry type holding the whole protected set after each successful change. */
export const STATE_ENTRY_TYPE = 'agent-context-guard-state';

/** The adapter's payload version, independent of the core's snapshot schemaVersion. */
export const STATE_PAYLOAD_VERSION = 1;

export interface StatePayload {
  readonly schemaVersion: typeof STATE_PAYLOAD_VERSION;
  readonly recovery: RecoveryMode;
  readonly items: readonly ContextItem[];
}

export type UnreadableProblem = EnvelopeProblem | 'rejected_items';

export type BranchRestore = NewestEntryRestore<GuardState, UnreadableProblem>;

export function toStatePayload(state: GuardState): StatePayload {
  return { schemaVersion: STATE_PAYLOAD_VERSION, recovery: state.recovery, items: state.items };
}

/** Reads one saved payload; items the core does not accept make the whole entry unreadable. */
export function readStatePayload(data: unknown): PayloadRead<GuardState, UnreadableProblem> {
  const envelope = readEnvelope(data, [STATE_PAYLOAD_VERSION]);
  if (!envelope.ok) {
    return envelope;
  }
  const { recovery } = envelope.fields;
  if (!isRecoveryMode(recovery) || !('items' in envelope.fields)) {
    return { ok: false, problem: 'malformed_payload' };
  }
  try {
    const items = restoreContextGuard({ schemaVersion: 1, items: envelope.fields['items'] }).list();
    return { ok: true, value: { recovery, items } };
  } catch {
    // Any failure of the core (not only ContextGuardError) means the saved items cannot be trusted.
    return { ok: false, problem: 'rejected_items' };
  }
}

/** Restores from the newest state entry of the current branch only (see the kit's branch walk). */
export function restoreFromBranch(branch: readonly PiSessionEntryPort[]): BranchRestore {
  return restoreNewestEntry(branch, STATE_ENTRY_TYPE, readStatePayload);
}
