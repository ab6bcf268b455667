import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';

/** Branches shaped like Pi's: mostly message entries, a custom state entry every STATE_ENTRY_SPACING entries. */

export const STATE_ENTRY_SPACING = 20;
/** Where each group of entries holds its custom entry, so the newest is 10 entries from the leaf at every size. */
const STATE_ENTRY_OFFSET = 10;
const TIMESTAMP = '2026-01-01T00:00:00.000Z';

export interface SyntheticBranchSpec {
  readonly length: number;
  /** The customType of the periodic custom entries. */
  readonly customType: string;
  /** Their payload; every one shares it, since restore only ever reads the newest. */
  readonly data: unknown;
}

interface SyntheticEntry extends PiSessionEntryPort {
  readonly parentId: string | null;
  readonly timestamp: string;
  readonly message?: unknown;
}

function entryId(index: number): string {
  return index.toString(16).padStart(8, '0');
}

function syntheticEntry(spec: SyntheticBranchSpec, index: number): SyntheticEntry {
  const link = { id: entryId(index), parentId: index === 0 ? null : entryId(index - 1), timestamp: TIMESTAMP };
  if (index % STATE_ENTRY_SPACING === STATE_ENTRY_OFFSET) {
    return { type: 'custom', ...link, customType: spec.customType, data: spec.data };
  }
  const text = `Message ${index.toString()} of the conversation.`;
  const role = index % 2 === 0 ? 'user' : 'assistant';
  return { type: 'message', ...link, message: { role, content: [{ type: 'text', text }], timestamp: index } };
}

export function buildSyntheticBranch(spec: SyntheticBranchSpec): PiSessionEntryPort[] {
  return Array.from({ length: spec.length }, (_unused, index) => syntheticEntry(spec, index));
}

/** The floor: one pass over the branch that reads every entry's type. */
export function readEveryType(branch: readonly PiSessionEntryPort[]): number {
  let custom = 0;
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    if (branch[index]?.type === 'custom') custom += 1;
  }
  return custom;
}
