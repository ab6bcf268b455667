import type { PiSessionEntryPort } from './port.js';

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
