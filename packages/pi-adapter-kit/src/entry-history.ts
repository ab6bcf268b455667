import { customEntriesOnBranch } from './branch-entry.js';
import type { PiSessionEntryPort } from './port.js';

// The story of an adapter's state: every saved entry of its type on the current branch, oldest first,
// each beside the readable value before it, so a caller can say what that entry changed: the chat line
// of each entry (entry-transcript.ts) and a person's history. It follows /tree, forks and resumes as
// the branch does and costs a restore nothing.

export interface HistoryStep<TValue> {
  readonly entryId: string;
  /** When Pi appended the entry (ISO 8601); undefined if the host wrote no time. */
  readonly timestamp: string | undefined;
  /** The entry's payload as saved, for what the adapter records beside the value (e.g. who asked). */
  readonly data: unknown;
  /** The saved value; undefined when the entry cannot be read. */
  readonly value: TValue | undefined;
  /**
   * The value of the entry before it on the branch; undefined for the first entry and after an
   * unreadable one, where the change is described against nothing rather than guessed (as the chat line).
   */
  readonly previous: TValue | undefined;
}

/**
 * Each entry of `customType` on the branch (root to leaf), oldest first, with the value before it.
 * `valueOf` reads an entry's value (undefined when it cannot be read); a caller may keep what it read.
 */
export function branchHistory<TValue>(
  branch: readonly PiSessionEntryPort[],
  customType: string,
  valueOf: (entry: PiSessionEntryPort) => TValue | undefined,
): HistoryStep<TValue>[] {
  const steps: HistoryStep<TValue>[] = [];
  let previous: TValue | undefined;
  for (const entry of customEntriesOnBranch(branch, customType)) {
    const value = valueOf(entry);
    steps.push({ entryId: entry.id, timestamp: entry.timestamp, data: entry.data, value, previous });
    previous = value;
  }
  return steps;
}
