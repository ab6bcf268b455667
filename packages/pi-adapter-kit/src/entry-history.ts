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

/** The newest steps of a history, and how many older entries they leave out. */
export interface NewestHistory<TValue> {
  readonly steps: HistoryStep<TValue>[];
  readonly earlier: number;
}

function stepsFrom<TValue>(
  entries: readonly PiSessionEntryPort[],
  first: number,
  valueOf: (entry: PiSessionEntryPort) => TValue | undefined,
): HistoryStep<TValue>[] {
  const steps: HistoryStep<TValue>[] = [];
  const before = entries[first - 1];
  let previous = before === undefined ? undefined : valueOf(before);
  for (const entry of entries.slice(first)) {
    const value = valueOf(entry);
    steps.push({ entryId: entry.id, timestamp: entry.timestamp, data: entry.data, value, previous });
    previous = value;
  }
  return steps;
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
  return stepsFrom(customEntriesOnBranch(branch, customType), 0, valueOf);
}

/**
 * The newest `limit` steps of `branchHistory`, the same steps it ends with, reading only those
 * entries and the one before them: what a bounded view costs does not grow with the branch's story.
 */
export function newestHistory<TValue>(
  branch: readonly PiSessionEntryPort[],
  customType: string,
  valueOf: (entry: PiSessionEntryPort) => TValue | undefined,
  limit: number,
): NewestHistory<TValue> {
  const entries = customEntriesOnBranch(branch, customType);
  const first = Math.max(0, entries.length - limit);
  return { steps: stepsFrom(entries, first, valueOf), earlier: first };
}
