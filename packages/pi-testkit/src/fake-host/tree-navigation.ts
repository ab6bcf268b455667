import type { SessionEntry } from 'pi-coding-agent-0.84.2';
import type { FakeSession } from './fake-session.js';

/** Pi's `TreePreparation` for `session_before_tree`, without summary instructions (the fake has no model). */
export interface TreePreparation {
  readonly targetId: string;
  readonly oldLeafId: string | null;
  readonly commonAncestorId: string | null;
  readonly entriesToSummarize: SessionEntry[];
  readonly userWantsSummary: boolean;
}

/**
 * Pi's `collectEntriesForBranchSummary`: the deepest entry on both the old and the target path, and the
 * entries of the branch being left (old leaf back to that ancestor), oldest first.
 */
export function prepareTreeNavigation(
  session: FakeSession,
  oldLeafId: string | null,
  targetId: string,
): TreePreparation {
  const preparation = { targetId, oldLeafId, userWantsSummary: false };
  if (oldLeafId === null) return { ...preparation, commonAncestorId: null, entriesToSummarize: [] };
  const oldPath = new Set(session.getBranch(oldLeafId).map((entry) => entry.id));
  const commonAncestorId =
    session
      .getBranch(targetId)
      .reverse()
      .find((entry) => oldPath.has(entry.id))?.id ?? null;
  const entriesToSummarize: SessionEntry[] = [];
  let current: string | null = oldLeafId;
  while (current !== null && current !== commonAncestorId) {
    const entry = session.getEntry(current);
    if (entry === undefined) break;
    entriesToSummarize.push(entry);
    current = entry.parentId;
  }
  return { ...preparation, commonAncestorId, entriesToSummarize: entriesToSummarize.reverse() };
}

/**
 * Where Pi's `navigateTree` puts the leaf: on a user message or a custom message it goes to the parent
 * (the text returns to the editor for re-editing); on any other entry it goes to the entry itself.
 */
export function leafAfterNavigation(target: SessionEntry): string | null {
  const reEditable = (target.type === 'message' && target.message.role === 'user') || target.type === 'custom_message';
  return reEditable ? target.parentId : target.id;
}
