import {
  readEnvelope,
  restoreNewestEntry,
  type EnvelopeProblem,
  type PayloadRead,
  type PiSessionEntryPort,
} from '@j1nn0/pi-adapter-kit';

// The last compaction check, as a person sees it in `status`: ids and counts, never content. It is
// saved in its own entry type, so the item payload (version 1) stays as it is and both follow the branch.

/** The custom session entry type holding the result of the newest check or unverifiable compaction. */
export const CHECK_ENTRY_TYPE = 'agent-context-guard-check';

export const CHECK_PAYLOAD_VERSION = 1;

/** One item that a check did not find as declared. */
export interface CheckedItem {
  readonly id: string;
  readonly critical: boolean;
}

/** Ids in snapshot order; counts are derived from the lists. */
export type CompactionCheck =
  | {
      readonly kind: 'verified';
      /** The compaction entry this check is of. */
      readonly compactionId: string;
      readonly ok: boolean;
      readonly preserved: number;
      readonly changed: readonly CheckedItem[];
      readonly lost: readonly CheckedItem[];
      readonly unknown: readonly CheckedItem[];
      /** Critical items restored to the model as one hidden message. */
      readonly restored: number;
      /** Their ids, in snapshot order. */
      readonly restoredIds: readonly string[];
    }
  | { readonly kind: 'unverifiable'; readonly compactionId: string };

export interface CheckPayload {
  readonly schemaVersion: typeof CHECK_PAYLOAD_VERSION;
  readonly check: CompactionCheck;
}

export function toCheckPayload(check: CompactionCheck): CheckPayload {
  return { schemaVersion: CHECK_PAYLOAD_VERSION, check };
}

type Fields = Readonly<Record<string, unknown>>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function readCheckedItems(value: unknown): CheckedItem[] | undefined {
  if (!Array.isArray(value)) {
    return undefined;
  }
  const items: CheckedItem[] = [];
  for (const entry of value as readonly unknown[]) {
    if (!isFields(entry) || typeof entry['id'] !== 'string' || typeof entry['critical'] !== 'boolean') {
      return undefined;
    }
    items.push({ id: entry['id'], critical: entry['critical'] });
  }
  return items;
}

export const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && (value as readonly unknown[]).every((id) => typeof id === 'string');

function readCheck(value: unknown): CompactionCheck | undefined {
  if (!isFields(value)) {
    return undefined;
  }
  const { compactionId } = value;
  if (typeof compactionId !== 'string') {
    return undefined;
  }
  if (value['kind'] === 'unverifiable') {
    return { kind: 'unverifiable', compactionId };
  }
  const { ok, preserved, restored, restoredIds } = value;
  const changed = readCheckedItems(value['changed']);
  const lost = readCheckedItems(value['lost']);
  const unknown = readCheckedItems(value['unknown']);
  if (
    value['kind'] !== 'verified' ||
    typeof ok !== 'boolean' ||
    !isCount(preserved) ||
    !isCount(restored) ||
    changed === undefined ||
    lost === undefined ||
    unknown === undefined ||
    !isIdList(restoredIds) ||
    restoredIds.length !== restored
  ) {
    return undefined;
  }
  return { kind: 'verified', compactionId, ok, preserved, changed, lost, unknown, restored, restoredIds };
}

export function readCheckPayload(data: unknown): PayloadRead<CompactionCheck, EnvelopeProblem> {
  const envelope = readEnvelope(data, [CHECK_PAYLOAD_VERSION]);
  if (!envelope.ok) {
    return envelope;
  }
  const check = readCheck(envelope.fields['check']);
  return check === undefined ? { ok: false, problem: 'malformed_payload' } : { ok: true, value: check };
}

/**
 * The newest saved check on the current branch. An unreadable one counts as none: it only reports
 * the past, and the protected items do not depend on it.
 */
export function restoreCheckFromBranch(branch: readonly PiSessionEntryPort[]): CompactionCheck | undefined {
  const restored = restoreNewestEntry(branch, CHECK_ENTRY_TYPE, readCheckPayload);
  return restored.kind === 'restored' ? restored.value : undefined;
}
