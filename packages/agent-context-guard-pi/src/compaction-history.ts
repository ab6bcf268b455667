import type { ContextItem } from '@j1nn0/agent-context-guard';
import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { CHECK_ENTRY_TYPE, readCheckPayload, type CompactionCheck } from './check-entry.js';
import { restoreFromBranch, type BranchRestore } from './persistence.js';

// What the session itself says about compactions. Everything the guard does after a compaction is
// read from the entries, never from events alone: a compaction another extension appended, a restart
// or a /tree move in between cannot make it skip a check or repeat one.

/** A compaction entry and where it stands on the current branch (root first). */
export interface BranchCompaction {
  readonly id: string;
  readonly index: number;
}

/** The newest compaction on the branch: the only one that still shapes what the model is sent. */
export function newestCompaction(branch: readonly PiSessionEntryPort[]): BranchCompaction | undefined {
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    const entry = branch[index];
    if (entry?.type === 'compaction') {
      return { id: entry.id, index };
    }
  }
  return undefined;
}

/** The protected set as it stood when the compaction was appended: the newest state entry before it. */
export function protectedSetAt(branch: readonly PiSessionEntryPort[], compaction: BranchCompaction): BranchRestore {
  return restoreFromBranch(branch.slice(0, compaction.index));
}

function readCheckEntry(entry: PiSessionEntryPort | undefined): CompactionCheck | undefined {
  if (entry?.type !== 'custom' || entry.customType !== CHECK_ENTRY_TYPE) {
    return undefined;
  }
  const read = readCheckPayload(entry.data);
  return read.ok ? read.value : undefined;
}

/**
 * The check saved for this compaction: one that names it, after it on the branch or anywhere in the
 * session (so a /tree move to a branch that forks between the compaction and its check does not check
 * it again). Unreadable check entries count as none.
 */
export function savedCheckOf(
  branch: readonly PiSessionEntryPort[],
  compaction: BranchCompaction,
  allEntries: readonly PiSessionEntryPort[] = [],
): CompactionCheck | undefined {
  return savedForCompaction(branch, compaction, allEntries, readCheckEntry);
}

/**
 * What an entry saved for this compaction says (a check, a restatement): the first after it on the
 * branch, else the newest anywhere in the session. `read` returns undefined for an entry of another kind
 * or one it cannot read.
 */
export function savedForCompaction<TSaved extends { readonly compactionId: string }>(
  branch: readonly PiSessionEntryPort[],
  compaction: BranchCompaction,
  allEntries: readonly PiSessionEntryPort[],
  read: (entry: PiSessionEntryPort | undefined) => TSaved | undefined,
): TSaved | undefined {
  for (let index = compaction.index + 1; index < branch.length; index += 1) {
    const saved = read(branch[index]);
    if (saved?.compactionId === compaction.id) {
      return saved;
    }
  }
  for (let index = allEntries.length - 1; index >= 0; index -= 1) {
    const saved = read(allEntries[index]);
    if (saved?.compactionId === compaction.id) {
      return saved;
    }
  }
  return undefined;
}

/** Ids of the items a check restored to the model; none for an unverifiable compaction. */
export function restoredIdsOf(check: CompactionCheck): readonly string[] {
  return check.kind === 'verified' ? check.restoredIds : [];
}

/** The protected items with these ids, in the order they were protected. */
export function itemsWithIds(items: readonly ContextItem[], ids: readonly string[]): ContextItem[] {
  return items.filter((item) => ids.includes(item.id));
}

