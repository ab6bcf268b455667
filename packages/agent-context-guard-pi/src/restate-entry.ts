import { readEnvelope, type PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { isIdList, type CheckedItem, type CompactionCheck } from './check-entry.js';
import { savedForCompaction, type BranchCompaction } from './compaction-history.js';

// `/context-guard restate`: a person restates to the model the items the last check found lost. The
// request is saved as its own entry before anything is sent, so a restart between the command and the
// next model request neither loses it nor, once Pi has stored the message, sends it again.

/** The custom session entry type of a person's restatement after a compaction. */
export const RESTATE_ENTRY_TYPE = 'agent-context-guard-restate';

export const RESTATE_PAYLOAD_VERSION = 1;

export interface Restatement {
  /** The compaction whose check found the items lost. */
  readonly compactionId: string;
  /** The restated items, in the order they were protected. */
  readonly ids: readonly string[];
}

/** What `/context-guard restate` did. */
export type RestateOutcome =
  | { readonly kind: 'restated'; readonly ids: readonly string[] }
  | { readonly kind: 'already'; readonly ids: readonly string[] }
  /** The newest compaction is still to be checked. */
  | { readonly kind: 'pending' }
  /** The check found these lost, but the person holds none of them critical (with the same content). */
  | { readonly kind: 'not_critical'; readonly ids: readonly string[] }
  /** No check of the newest compaction found an item lost that recovery did not restore. */
  | { readonly kind: 'nothing' }
  /** There has been no compaction on this branch. */
  | { readonly kind: 'no_compaction' };

export interface RestatePayload extends Restatement {
  readonly schemaVersion: typeof RESTATE_PAYLOAD_VERSION;
}

export function toRestatePayload(restatement: Restatement): RestatePayload {
  return { schemaVersion: RESTATE_PAYLOAD_VERSION, ...restatement };
}

/** The restatement an entry saved; undefined for any other entry and for one it cannot read. */
function readRestatement(entry: PiSessionEntryPort | undefined): Restatement | undefined {
  if (entry?.type !== 'custom' || entry.customType !== RESTATE_ENTRY_TYPE) {
    return undefined;
  }
  const envelope = readEnvelope(entry.data, [RESTATE_PAYLOAD_VERSION]);
  if (!envelope.ok) {
    return undefined;
  }
  const { compactionId, ids } = envelope.fields;
  return typeof compactionId === 'string' && isIdList(ids) ? { compactionId, ids } : undefined;
}

/**
 * The restatement saved for a compaction: after it on the branch, or anywhere in the session (as a
 * check is found), so a /tree move never makes a second one. An unreadable entry counts as none.
 */
export function savedRestatementOf(
  branch: readonly PiSessionEntryPort[],
  compaction: BranchCompaction,
  allEntries: readonly PiSessionEntryPort[] = [],
): Restatement | undefined {
  return savedForCompaction(branch, compaction, allEntries, readRestatement);
}

/**
 * The items a check found lost or changed that recovery did not restore. Of these, `restate` gives back
 * only what a person holds critical: nothing the model declared is restated to it on its own word.
 */
export function unrestoredItems(check: CompactionCheck | undefined): readonly CheckedItem[] {
  if (check?.kind !== 'verified') {
    return [];
  }
  return [...check.lost, ...check.changed].filter((item) => !check.restoredIds.includes(item.id));
}
