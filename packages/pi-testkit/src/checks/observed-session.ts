import { expectEqual, expectSame, expectStrictEqual } from '@j1nn0/test-checks';
import { expect } from 'vitest';
import type { FakePiHost } from '../fake-host/fake-host.js';
import type { ReferenceEntryKind, ReferenceSession } from './reference-session.js';

// The host's session file next to the reference session: the same entries, the same leaf, and the same newest
// saved state on the branch. What the adapter shows of that state is each adapter's own check.

/** The adapter's custom entry type and the data the reference expects a saved value to have been written as. */
export interface SavedStateEntries<Saved> {
  readonly type: string;
  expectedData(saved: Saved): unknown;
}

function newestSavedData(host: FakePiHost, type: string): { readonly found: boolean; readonly data?: unknown } {
  const branch = host.session.getBranch();
  for (let index = branch.length - 1; index >= 0; index--) {
    const entry = branch[index];
    if (entry?.type === 'custom' && entry.customType === type) return { found: true, data: entry.data };
  }
  return { found: false };
}

/** No error or forbidden call, nothing appended behind the reference's back, and the newest save as expected. */
export function expectHostMatchesReferenceSession<Saved>(
  host: FakePiHost,
  reference: ReferenceSession<Saved>,
  entries: SavedStateEntries<Saved>,
): void {
  expectEqual(host.extensionErrors, []);
  expectEqual(host.forbiddenCalls, []);
  expectEqual(
    host.session.getEntries().map((entry) => entry.id),
    reference.entries().map((entry) => entry.id),
    'nothing else was appended',
  );
  expectSame(host.session.getLeafId(), reference.leaf);

  const saved = reference.savedAtLeaf()?.saved;
  expectStrictEqual(
    newestSavedData(host, entries.type),
    saved === undefined ? { found: false } : { found: true, data: entries.expectedData(saved) },
  );
}

/**
 * Mirrors an entry the host has just appended: it must be a child of the reference leaf (and, for a saved
 * state, a custom entry of the adapter's type); the reference then learns its id.
 */
export function mirrorHostEntry<Saved>(
  host: FakePiHost,
  reference: ReferenceSession<Saved>,
  savedStateType: string,
  kind: ReferenceEntryKind,
  saved?: Saved,
): void {
  const entry = host.session.getLeafEntry();
  expect(entry, 'the host appended an entry').toBeDefined();
  expectSame(entry?.parentId ?? null, reference.leaf, 'a new entry hangs below the leaf');
  if (entry === undefined) throw new Error('the host appended nothing');
  if (kind === 'state') {
    expect(entry).toMatchObject({ type: 'custom', customType: savedStateType });
  }
  reference.append(entry.id, kind, saved);
}
