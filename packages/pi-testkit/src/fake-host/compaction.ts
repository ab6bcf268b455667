import type { SessionEntry } from 'pi-coding-agent-0.84.2';
import { FakePiHostError } from './errors.js';
import type { FakeSession } from './fake-session.js';

// Compactions as Pi appends them, for the fake host: Pi's own (`/compact` or automatic, announced
// by `session_before_compact` / `session_compact`, or `session_compact_failed` from 0.84.3), and
// structural drafts returned from `turn_end` / `agent_before_settle` handlers (0.87+), which Pi
// appends with no compaction event at all.

export type CompactionReason = 'manual' | 'threshold' | 'overflow';

export interface FakeCompactionOptions {
  /** What the model answers to the summary request; default a fixed sentence. */
  readonly summary?: string;
  /** Default: the leaf, so nothing before it is kept. */
  readonly firstKeptEntryId?: string;
  readonly reason?: CompactionReason;
  /**
   * The summary request fails (`'error'`) or is cancelled (`'abort'`), or the session is too small to
   * compact (`'nothing'`: Pi finds nothing to summarise before any extension hears of it); nothing is appended.
   */
  readonly fail?: 'error' | 'abort' | 'nothing';
}

export interface FakeCompactionResult {
  /** What each `session_before_compact` handler returned, in order. */
  readonly beforeResults: readonly unknown[];
  /** The appended compaction entry; undefined when it was cancelled or failed. */
  readonly entry: SessionEntry | undefined;
  readonly failure: 'error' | 'abort' | 'nothing' | 'cancelled' | undefined;
}

export const DEFAULT_FAKE_SUMMARY = 'The user and the assistant worked on the report page.';

/** Pi's estimate of the context before compaction; the fake has no tokenizer, so a fixed count. */
export const FAKE_TOKENS_BEFORE = 12_345;

/** The drafts a boundary handler may return (Pi's `BoundaryEntryDraft`). */
export type BoundaryDraft =
  | { readonly type: 'custom'; readonly customType: string; readonly data?: unknown }
  | {
      readonly type: 'custom_message';
      readonly customType: string;
      readonly content: unknown;
      readonly display?: boolean;
      readonly details?: unknown;
    }
  | { readonly type: 'context_edit'; readonly targetId: string; readonly replacement: unknown }
  | {
      readonly type: 'compaction';
      readonly summary: string;
      readonly firstKeptEntryId?: string;
      readonly details?: unknown;
    };

const DRAFT_TYPES: ReadonlySet<string> = new Set(['custom', 'custom_message', 'context_edit', 'compaction']);

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Pi rebuilds the context from the proposed drafts after every handler and refuses the whole proposal
 * when that fails; this checks what that rebuild needs. Throws with the reason, as Pi's rebuild does.
 */
export function validateBoundaryDrafts(drafts: unknown, session: FakeSession): BoundaryDraft[] {
  if (!Array.isArray(drafts)) throw new FakePiHostError('invalid-boundary-entries');
  const branchIds = new Set(session.getBranch().map((entry) => entry.id));
  for (const draft of drafts as readonly unknown[]) {
    if (!isRecord(draft) || typeof draft['type'] !== 'string' || !DRAFT_TYPES.has(draft['type'])) {
      throw new FakePiHostError('invalid-boundary-entries');
    }
    const invalid =
      ((draft['type'] === 'custom' || draft['type'] === 'custom_message') && typeof draft['customType'] !== 'string') ||
      (draft['type'] === 'context_edit' && (typeof draft['targetId'] !== 'string' || !branchIds.has(draft['targetId']))) ||
      (draft['type'] === 'compaction' &&
        (typeof draft['summary'] !== 'string' ||
          (draft['firstKeptEntryId'] !== undefined &&
            (typeof draft['firstKeptEntryId'] !== 'string' || !branchIds.has(draft['firstKeptEntryId'])))));
    if (invalid) throw new FakePiHostError('invalid-boundary-entries');
  }
  return drafts as BoundaryDraft[];
}

/** Pi's `_applyBoundaryDrafts`: each draft appended in order; a compaction marked `fromHook`, no event fired. */
export function appendBoundaryDrafts(session: FakeSession, drafts: readonly BoundaryDraft[]): SessionEntry[] {
  return drafts.map((draft) => {
    switch (draft.type) {
      case 'custom':
        return session.getEntry(session.appendCustomEntry(draft.customType, draft.data)) as SessionEntry;
      case 'custom_message':
        return session.appendRaw({
          type: 'custom_message',
          customType: draft.customType,
          content: draft.content,
          display: draft.display ?? false,
          ...(draft.details === undefined ? {} : { details: draft.details }),
        });
      case 'context_edit':
        return session.appendRaw({ type: 'context_edit', targetId: draft.targetId, replacement: draft.replacement });
      case 'compaction':
        return session.appendCompaction({
          summary: draft.summary,
          firstKeptEntryId: draft.firstKeptEntryId,
          tokensBefore: FAKE_TOKENS_BEFORE,
          details: draft.details,
          fromHook: true,
        });
    }
  });
}
