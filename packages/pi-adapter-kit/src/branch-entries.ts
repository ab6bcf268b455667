import type { PiSessionEntryPort } from './port.js';

// An adapter's entries on the current branch: the newest one of its type (what a restore reads), the
// envelope every payload shares, and every entry with the value before it (what a history tells).

// Restore reads the newest entry of one custom type on the current branch. Walking back from the
// leaf and stopping at the first match keeps the cost independent of the branch length; an
// unreadable newest entry is reported, never repaired and never skipped in favour of an older one.

/** Why a saved payload cannot be read; an adapter adds its own problems (e.g. a rejected snapshot). */
export type EnvelopeProblem = 'missing_payload' | 'unsupported_version' | 'malformed_payload';

export type PayloadRead<TValue, TProblem extends string> =
  | { readonly ok: true; readonly value: TValue }
  | { readonly ok: false; readonly problem: TProblem };

export type NewestEntryRestore<TValue, TProblem extends string> =
  | { readonly kind: 'empty' }
  | { readonly kind: 'restored'; readonly entryId: string; readonly value: TValue }
  | { readonly kind: 'unreadable'; readonly entryId: string; readonly problem: TProblem };

/** The newest custom entry of `customType` on the branch (root to leaf), if any. */
export function findNewestCustomEntry(
  branch: readonly PiSessionEntryPort[],
  customType: string,
): PiSessionEntryPort | undefined {
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    const entry = branch[index];
    if (entry?.type === 'custom' && entry.customType === customType) {
      return entry;
    }
  }
  return undefined;
}

/** Every custom entry of `customType` on the branch, oldest first. */
export function customEntriesOnBranch(
  branch: readonly PiSessionEntryPort[],
  customType: string,
): PiSessionEntryPort[] {
  return branch.filter((entry) => entry.type === 'custom' && entry.customType === customType);
}

/** Restores the newest entry of `customType` with the adapter's payload reader. */
export function restoreNewestEntry<TValue, TProblem extends string>(
  branch: readonly PiSessionEntryPort[],
  customType: string,
  readPayload: (data: unknown) => PayloadRead<TValue, TProblem>,
): NewestEntryRestore<TValue, TProblem> {
  const entry = findNewestCustomEntry(branch, customType);
  if (entry === undefined) {
    return { kind: 'empty' };
  }
  const read = readPayload(entry.data);
  return read.ok
    ? { kind: 'restored', entryId: entry.id, value: read.value }
    : { kind: 'unreadable', entryId: entry.id, problem: read.problem };
}

export type Envelope<TVersion extends number> =
  | { readonly ok: true; readonly version: TVersion; readonly fields: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly problem: EnvelopeProblem };

/** Checks the shape every payload shares: a plain object whose `schemaVersion` is one the adapter reads. */
export function readEnvelope<TVersion extends number>(data: unknown, versions: readonly TVersion[]): Envelope<TVersion> {
  if (data === undefined || data === null) {
    return { ok: false, problem: 'missing_payload' };
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false, problem: 'malformed_payload' };
  }
  const fields = data as Readonly<Record<string, unknown>>;
  const version = fields['schemaVersion'];
  const known = versions.find((candidate) => candidate === version);
  if (known === undefined) {
    return { ok: false, problem: typeof version === 'number' ? 'unsupported_version' : 'malformed_payload' };
  }
  return { ok: true, version: known, fields };
}

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
