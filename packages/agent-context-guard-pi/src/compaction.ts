import {
  CONTEXT_GUARD_SCHEMA_VERSION,
  verifyContext,
  type ContextGuardReport,
  type ContextGuardSnapshot,
  type ContextItem,
  type ContextVerifier,
} from '@j1nn0/agent-context-guard';
import type {
  PiContextEventPort,
  PiContextEventResult,
  PiContextPort,
  PiCustomMessagePort,
  PiSessionEntryPort,
  PiSessionManagerPort,
} from '@j1nn0/pi-adapter-kit';
import { restoreCheckFromBranch, type CheckedItem, type CompactionCheck } from './check-entry.js';
import { itemsWithIds, newestCompaction, protectedSetAt, restoredIdsOf, savedCheckOf, type BranchCompaction } from './compaction-history.js';
import { messageSeparatorFor, projectContext } from './context-projection.js';
import {
  UNVERIFIABLE_COMPACTION,
  formatCheckNotice,
  formatCompactionFailed,
  formatPendingCheck,
  formatRecoveryContent,
  formatRestatementContent,
} from './format.js';
import type { GuardState } from './guard-state.js';
import { placeRecoveries, recoveryMessage, withoutRecoveries } from './recovery.js';
import { savedRestatementOf, unrestoredItems, type RestateOutcome, type Restatement } from './restate-entry.js';

// After a compaction: a word at once when Pi announces it, one check at the next model request, and
// (recovery `critical`) the lost critical items restated right after its summary in every request
// from then on. Which compaction is checked, against which protected set, whether it was checked
// already, what its check restored and what a person restated are read from the session
// (compaction-history.ts), so they hold for every path that appends one and after every restart.
// Nothing is handed to Pi to store: a stored message would sit after the person's next prompt.

export type { CompactionCheck } from './check-entry.js';

export interface CompactionLifecycleOptions {
  readonly verifier: ContextVerifier;
  /** Saves a check in the session, so it is never repeated and survives a restart. */
  readonly saveCheck: (check: CompactionCheck) => void;
  /** Saves a person's restatement in the session before it is sent; throws when the host cannot. */
  readonly saveRestatement: (restatement: Restatement) => void;
}

/** What `status` and the list tool say about compactions on the current branch. */
export interface CompactionStatus {
  /** The newest compaction will be checked at the next model request. */
  readonly pending: boolean;
  /** The check of the newest compaction, else the newest check on the branch. */
  readonly lastCheck: CompactionCheck | undefined;
}

/** What `session_compact_failed` carries that the guard reads. */
export interface CompactionFailure {
  readonly aborted: boolean;
  /** Pi found nothing to compact and has said so itself. */
  readonly nothingToCompact: boolean;
}

export interface CompactionLifecycle {
  /** `session_compact`: tells the person what the next model request will check. */
  announce(ctx: PiContextPort): void;
  /** `session_compact_failed` (Pi 0.84.3+): nothing was appended, so nothing will be checked; says so once. */
  compactionFailed(failure: CompactionFailure, state: GuardState, ctx: PiContextPort): void;
  /** `context`: checks the newest compaction once; its recovery goes right after its summary. */
  onContext<TMessage>(
    event: PiContextEventPort<TMessage>,
    ctx: PiContextPort,
    state: GuardState,
  ): Promise<PiContextEventResult<TMessage> | undefined>;
  status(session: PiSessionManagerPort): CompactionStatus;
  /**
   * A person's `/context-guard restate`: saves which items the newest compaction's check found lost, once;
   * from the next model request they are restated right after its summary.
   */
  restate(session: PiSessionManagerPort, state: GuardState): RestateOutcome;
}

/** A compaction handled since this Pi started: its check (none when nothing was protected) and its recovery text. */
interface Handled {
  readonly check: CompactionCheck | undefined;
  readonly recovery: string | undefined;
}

export function createCompactionLifecycle(options: CompactionLifecycleOptions): CompactionLifecycle {
  // Derived facts, cached by compaction id: entries never change once appended. A promise, so two
  // requests that overlap can never check the same compaction twice.
  const handled = new Map<string, Promise<Handled>>();
  // The message of a person's restatement, by compaction id: looked up in the session once (a request
  // must not scan every entry), and set by `restate` when the person makes one.
  const restatements = new Map<string, string | undefined>();

  function restatementFor(branch: readonly PiSessionEntryPort[], compaction: BranchCompaction, session: PiSessionManagerPort): string | undefined {
    if (!restatements.has(compaction.id)) {
      restatements.set(compaction.id, restatementOf(branch, compaction, savedRestatementOf(branch, compaction, session.getEntries?.())));
    }
    return restatements.get(compaction.id);
  }

  /** `status` on a branch already read; `restate` reads the same. */
  function statusOn(branch: readonly PiSessionEntryPort[], compaction: BranchCompaction | undefined, session: PiSessionManagerPort): CompactionStatus {
    const saved = compaction === undefined ? undefined : savedCheckOf(branch, compaction, session.getEntries?.());
    const pending =
      compaction !== undefined &&
      saved === undefined &&
      !handled.has(compaction.id) &&
      hasSomethingToCheck(protectedSetAt(branch, compaction));
    return { pending, lastCheck: saved ?? restoreCheckFromBranch(branch) };
  }

  // A check that could not be saved (a full disk) is still reported and acted on until Pi exits;
  // with nothing saved, a restart checks that compaction again, which is the honest outcome.
  function save(check: CompactionCheck): void {
    try {
      options.saveCheck(check);
    } catch {
      // The notice that follows still tells the person what the check found.
    }
  }

  async function check(
    branch: readonly PiSessionEntryPort[],
    compaction: BranchCompaction,
    request: readonly unknown[],
    ctx: PiContextPort,
    state: GuardState,
  ): Promise<Handled> {
    const saved = savedCheckOf(branch, compaction, ctx.sessionManager.getEntries?.());
    if (saved !== undefined) {
      return { check: saved, recovery: recoveryOf(saved, branch, compaction) };
    }
    const before = protectedSetAt(branch, compaction);
    if (before.kind === 'unreadable') {
      const unverifiable: CompactionCheck = { kind: 'unverifiable', compactionId: compaction.id };
      save(unverifiable);
      ctx.ui.notify(UNVERIFIABLE_COMPACTION, 'warning');
      return { check: unverifiable, recovery: undefined };
    }
    if (before.kind === 'empty' || before.value.items.length === 0) {
      return { check: undefined, recovery: undefined };
    }
    const snapshot: ContextGuardSnapshot = { schemaVersion: CONTEXT_GUARD_SCHEMA_VERSION, items: before.value.items };
    const report = await verifyContext({
      snapshot,
      context: projectContext(request, ctx.getSystemPrompt?.(), messageSeparatorFor(snapshot.items.map((item) => item.content))),
      verifier: options.verifier,
    });
    const restored = state.recovery === 'critical' ? stillCritical(criticalFailuresOf(snapshot, report), state) : [];
    const verified = summarize(snapshot, report, compaction.id, restored);
    save(verified);
    ctx.ui.notify(formatCheckNotice(verified), report.ok ? 'info' : 'warning');
    return { check: verified, recovery: restored.length === 0 ? undefined : formatRecoveryContent(restored) };
  }

  function handledFor(compaction: BranchCompaction, start: () => Promise<Handled>): Promise<Handled> {
    let known = handled.get(compaction.id);
    if (known === undefined) {
      known = start();
      handled.set(compaction.id, known);
    }
    return known;
  }

  return {
    announce(ctx) {
      const branch = ctx.sessionManager.getBranch();
      const compaction = newestCompaction(branch);
      if (compaction === undefined) {
        return;
      }
      const before = protectedSetAt(branch, compaction);
      if (before.kind === 'restored' && before.value.items.length > 0) {
        ctx.ui.notify(formatPendingCheck(before.value.items), 'info');
      }
    },

    compactionFailed(failure, state, ctx) {
      // With nothing to compact Pi says so itself, and there was nothing for a check to miss.
      if (state.items.length > 0 && !failure.nothingToCompact) {
        ctx.ui.notify(formatCompactionFailed(failure.aborted), failure.aborted ? 'info' : 'warning');
      }
    },

    async onContext<TMessage>(event: PiContextEventPort<TMessage>, ctx: PiContextPort, state: GuardState) {
      const branch = ctx.sessionManager.getBranch();
      const compaction = newestCompaction(branch);
      if (compaction === undefined) {
        return undefined;
      }
      // A copy Pi stored for an earlier build sits wherever Pi put it; each goes, and what still applies
      // is restated in its one place. The check reads the request as the model gets it.
      const request = withoutRecoveries(event.messages);
      const { recovery } = await handledFor(compaction, () => check(branch, compaction, request, ctx, state));
      const restatement = restatementFor(branch, compaction, ctx.sessionManager);
      const restated = [recovery, restatement].filter((content): content is string => content !== undefined);
      if (restated.length === 0 && request.length === event.messages.length) {
        return undefined;
      }
      const messages: readonly (TMessage | PiCustomMessagePort)[] = request;
      return { messages: placeRecoveries(messages, restated.map((content) => recoveryMessage(content, Date.now()))) };
    },

    restate(session, state) {
      const branch = session.getBranch();
      const compaction = newestCompaction(branch);
      if (compaction === undefined) {
        return { kind: 'no_compaction' };
      }
      const { pending, lastCheck } = statusOn(branch, compaction, session);
      if (lastCheck?.compactionId !== compaction.id) {
        return pending ? { kind: 'pending' } : { kind: 'nothing' };
      }
      const before = protectedSetAt(branch, compaction);
      const unrestored = before.kind === 'restored' ? itemsWithIds(before.value.items, unrestoredItems(lastCheck).map((item) => item.id)) : [];
      if (unrestored.length === 0) {
        return { kind: 'nothing' };
      }
      // As for recovery, only a person's current word makes an item restated.
      const ids = stillCritical(unrestored, state).map((item) => item.id);
      if (ids.length === 0) {
        return { kind: 'not_critical', ids: unrestored.map((item) => item.id) };
      }
      const saved = savedRestatementOf(branch, compaction, session.getEntries?.());
      if (saved !== undefined) {
        return { kind: 'already', ids: saved.ids };
      }
      const restatement: Restatement = { compactionId: compaction.id, ids };
      options.saveRestatement(restatement);
      restatements.set(compaction.id, restatementOf(branch, compaction, restatement));
      return { kind: 'restated', ids };
    },

    status(session) {
      const branch = session.getBranch();
      return statusOn(branch, newestCompaction(branch), session);
    },
  };
}

function hasSomethingToCheck(before: ReturnType<typeof protectedSetAt>): boolean {
  return before.kind === 'unreadable' || (before.kind === 'restored' && before.value.items.length > 0);
}

/** The message of a person's restatement after this compaction, from the protected set as it stood then. */
function restatementOf(
  branch: readonly PiSessionEntryPort[],
  compaction: BranchCompaction,
  saved: Restatement | undefined,
): string | undefined {
  const before = saved === undefined ? undefined : protectedSetAt(branch, compaction);
  const items = saved !== undefined && before?.kind === 'restored' ? itemsWithIds(before.value.items, saved.ids) : [];
  return items.length === 0 ? undefined : formatRestatementContent(items);
}

/** The recovery a saved check decided on, restated from the protected set as it stood at the compaction. */
function recoveryOf(
  check: CompactionCheck,
  branch: readonly PiSessionEntryPort[],
  compaction: BranchCompaction,
): string | undefined {
  const ids = restoredIdsOf(check);
  const before = ids.length === 0 ? undefined : protectedSetAt(branch, compaction);
  const items = before?.kind === 'restored' ? itemsWithIds(before.value.items, ids) : [];
  return items.length === 0 ? undefined : formatRecoveryContent(items);
}

/** Critical items not preserved, in snapshot order, with the content they had before compaction. */
function criticalFailuresOf(snapshot: ContextGuardSnapshot, report: ContextGuardReport): ContextItem[] {
  return itemsWithIds(snapshot.items, report.criticalFailures);
}

/**
 * Only a person's current word makes an item restated: one removed, changed or no longer critical
 * since the compaction is reported as lost but not restored.
 */
function stillCritical(items: readonly ContextItem[], state: GuardState): ContextItem[] {
  return items.filter((item) =>
    state.items.some(
      (current) => current.id === item.id && current.critical && current.kind === item.kind && current.content === item.content,
    ),
  );
}

function summarize(
  snapshot: ContextGuardSnapshot,
  report: ContextGuardReport,
  compactionId: string,
  restored: readonly ContextItem[],
): CompactionCheck {
  const itemsWith = (ids: readonly string[]): CheckedItem[] =>
    itemsWithIds(snapshot.items, ids).map((item) => ({ id: item.id, critical: item.critical }));
  return {
    kind: 'verified',
    compactionId,
    ok: report.ok,
    preserved: report.preserved.length,
    changed: itemsWith(report.changed),
    lost: itemsWith(report.lost),
    unknown: itemsWith(report.unknown),
    restored: restored.length,
    restoredIds: restored.map((item) => item.id),
  };
}
