import { restoreAgentState, type AgentStateSnapshot } from '@j1nn0/agent-state';
import { readEnvelope, restoreNewestEntry, type Caller, type EnvelopeProblem, type NewestEntryRestore, type PayloadRead, type PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';

/** The custom session entry type holding one full snapshot after each successful change. */
export const STATE_ENTRY_TYPE = 'agent-state-state';

/** The adapter's payload version, independent of the core's snapshot schemaVersion. */
export const STATE_PAYLOAD_VERSION = 1;

export interface StatePayload {
  readonly schemaVersion: typeof STATE_PAYLOAD_VERSION;
  /** Who asked for the change: the person through `/agent-state`, or the model through a tool. */
  readonly by: Caller;
  readonly state: AgentStateSnapshot;
  /**
   * Work items whose unchanged status this entry's caller confirmed: a person's `set` to the status the
   * model had declared makes it the person's. Absent when none (and in entries of earlier builds).
   */
  readonly confirmed?: readonly string[];
}

export type UnreadableProblem = EnvelopeProblem | 'rejected_snapshot';

export type BranchRestore = NewestEntryRestore<AgentStateSnapshot, UnreadableProblem>;

export function toStatePayload(snapshot: AgentStateSnapshot, by: Caller, confirmed: readonly string[] = []): StatePayload {
  return { schemaVersion: STATE_PAYLOAD_VERSION, by, state: snapshot, ...(confirmed.length === 0 ? {} : { confirmed }) };
}

/** The ids an entry confirmed (see StatePayload.confirmed); anything else there is read as none. */
export function savedConfirmed(data: unknown): readonly string[] {
  const confirmed = typeof data === 'object' && data !== null ? (data as { readonly confirmed?: unknown }).confirmed : undefined;
  return Array.isArray(confirmed) ? confirmed.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Who saved an entry, where its payload says so. The state does not depend on it: a payload without a
 * valid `by` (written by hand, or by a build before it was recorded) still restores, and its history
 * says that who made the change is not recorded rather than guessing.
 */
export function savedBy(data: unknown): Caller | undefined {
  const by = typeof data === 'object' && data !== null ? (data as { readonly by?: unknown }).by : undefined;
  return by === 'person' || by === 'model' ? by : undefined;
}

/** Reads one saved payload; anything the core does not accept as a snapshot is unreadable. */
export function readStatePayload(data: unknown): PayloadRead<AgentStateSnapshot, UnreadableProblem> {
  const envelope = readEnvelope(data, [STATE_PAYLOAD_VERSION]);
  if (!envelope.ok) {
    return envelope;
  }
  if (!('state' in envelope.fields)) {
    return { ok: false, problem: 'malformed_payload' };
  }
  try {
    return { ok: true, value: restoreAgentState(envelope.fields['state']).snapshot() };
  } catch {
    // Any failure of the core (not only AgentStateError) means the saved state cannot be trusted.
    return { ok: false, problem: 'rejected_snapshot' };
  }
}

/** A saved entry as the chat line reads it: the state, and the ids whose status it confirmed. */
export interface SavedChange {
  readonly snapshot: AgentStateSnapshot;
  readonly confirmed: readonly string[];
}

export function readSavedChange(data: unknown): PayloadRead<SavedChange, UnreadableProblem> {
  const read = readStatePayload(data);
  return read.ok ? { ok: true, value: { snapshot: read.value, confirmed: savedConfirmed(data) } } : read;
}

/** Restores from the newest state entry of the current branch only (see the kit's branch walk). */
export function restoreFromBranch(branch: readonly PiSessionEntryPort[]): BranchRestore {
  return restoreNewestEntry(branch, STATE_ENTRY_TYPE, readStatePayload);
}
