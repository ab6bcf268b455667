import {
  CONTEXT_GUARD_SCHEMA_VERSION,
  verifyContext,
  type ContextGuardReport,
  type ContextGuardSnapshot,
  type ContextItem,
  type ContextVerifier,
} from '@j1nn0/agent-context-guard';
import { messageSeparatorFor, projectContext } from './context-projection.js';
import type { CheckedItem, CompactionCheck } from './check-entry.js';
import { UNVERIFIABLE_COMPACTION, formatCheckNotice, formatPendingCheck, formatRecoveryContent } from './format.js';
import type { RecoveryMode } from './guard-state.js';
import type { PiContextEventPort, PiContextEventResult, PiContextPort, PiCustomMessagePort } from '@j1nn0/pi-adapter-kit';
import { containsRecovery, placeRecoveries, recoveryMessage } from './recovery.js';

// The compaction lifecycle: a snapshot before Pi compacts, a pending verification once it has,
// one check at the next model request, and (in `critical` mode) one recovery of lost critical items.

export type { CompactionCheck } from './check-entry.js';

export interface CompactionLifecycleOptions {
  readonly verifier: ContextVerifier;
  /** Hands a recovery to Pi for persistence; Pi adds it to the session with the next user prompt. */
  readonly sendRecovery: (content: string) => void;
  /** Saves the newest check in the session, so it survives a restart and follows the branch. */
  readonly saveCheck: (check: CompactionCheck) => void;
}

export interface CompactionLifecycle {
  /** `session_before_compact`: snapshots the protected items, if there are any. */
  beforeCompact(items: readonly ContextItem[]): void;
  /** `session_compact`: the snapshot awaits the next request (and a person is told); without one, protected items cannot be checked. */
  afterCompact(items: readonly ContextItem[], ctx: PiContextPort): void;
  /** `context`: verifies a pending compaction once; outstanding recoveries go right after the compaction summary. */
  onContext<TMessage>(
    event: PiContextEventPort<TMessage>,
    ctx: PiContextPort,
    recovery: RecoveryMode,
  ): Promise<PiContextEventResult<TMessage> | undefined>;
  /** The protected set changed or was reloaded: a snapshot of the old set must not be checked. */
  dropPending(): void;
  isVerificationPending(): boolean;
  /** The newest check or unverifiable compaction, whichever happened last. */
  lastCheck(): CompactionCheck | undefined;
  /** Replaces the last check with the one saved on the branch now current (or none). */
  restoreLastCheck(check: CompactionCheck | undefined): void;
}

export function createCompactionLifecycle(options: CompactionLifecycleOptions): CompactionLifecycle {
  let pendingSnapshot: ContextGuardSnapshot | undefined;
  let pendingVerification: ContextGuardSnapshot | undefined;
  let latest: CompactionCheck | undefined;
  // Recoveries Pi has queued but not yet put into the session; until it has, each request gets them once.
  let outstandingRecoveries: string[] = [];

  async function verify(
    snapshot: ContextGuardSnapshot,
    request: readonly unknown[],
    ctx: PiContextPort,
    recovery: RecoveryMode,
  ): Promise<PiCustomMessagePort | undefined> {
    const report = await verifyContext({
      snapshot,
      context: projectContext(
        request,
        ctx.getSystemPrompt?.(),
        messageSeparatorFor(snapshot.items.map((item) => item.content)),
      ),
      verifier: options.verifier,
    });
    const restored = recovery === 'critical' ? criticalFailuresOf(snapshot, report) : [];
    const check = summarize(snapshot, report, restored.length);
    record(check);
    ctx.ui.notify(formatCheckNotice(check), report.ok ? 'info' : 'warning');
    if (restored.length === 0) {
      return undefined;
    }
    const content = formatRecoveryContent(restored);
    outstandingRecoveries.push(content);
    options.sendRecovery(content);
    return recoveryMessage(content, Date.now());
  }

  function record(check: CompactionCheck): void {
    latest = check;
    options.saveCheck(check);
  }

  return {
    beforeCompact(items) {
      pendingSnapshot = items.length > 0 ? { schemaVersion: CONTEXT_GUARD_SCHEMA_VERSION, items } : undefined;
      // A newer compaction supersedes one that was never checked.
      pendingVerification = undefined;
    },

    afterCompact(items, ctx) {
      if (pendingSnapshot !== undefined) {
        pendingVerification = pendingSnapshot;
        pendingSnapshot = undefined;
        ctx.ui.notify(formatPendingCheck(pendingVerification.items), 'info');
      } else if (items.length > 0) {
        record({ kind: 'unverifiable' });
        ctx.ui.notify(UNVERIFIABLE_COMPACTION, 'warning');
      }
    },

    async onContext<TMessage>(event: PiContextEventPort<TMessage>, ctx: PiContextPort, recovery: RecoveryMode) {
      outstandingRecoveries = outstandingRecoveries.filter((content) => !containsRecovery(event.messages, content));
      const additions: PiCustomMessagePort[] = outstandingRecoveries.map((content) =>
        recoveryMessage(content, Date.now()),
      );
      const snapshot = pendingVerification;
      // Cleared before the await, so a second request can never check the same compaction.
      pendingVerification = undefined;
      if (snapshot !== undefined) {
        const restored = await verify(snapshot, placeRecoveries<unknown>(event.messages, additions), ctx, recovery);
        if (restored !== undefined) {
          additions.push(restored);
        }
      }
      const messages: readonly (TMessage | PiCustomMessagePort)[] = event.messages;
      return additions.length > 0 ? { messages: placeRecoveries(messages, additions) } : undefined;
    },

    dropPending() {
      pendingSnapshot = undefined;
      pendingVerification = undefined;
    },

    isVerificationPending: () => pendingVerification !== undefined,

    lastCheck: () => latest,

    restoreLastCheck(check) {
      latest = check;
    },
  };
}

/** Critical items not preserved, in snapshot order, with the content they had before compaction. */
function criticalFailuresOf(snapshot: ContextGuardSnapshot, report: ContextGuardReport): ContextItem[] {
  return snapshot.items.filter((item) => report.criticalFailures.includes(item.id));
}

function summarize(snapshot: ContextGuardSnapshot, report: ContextGuardReport, restored: number): CompactionCheck {
  const itemsWith = (ids: readonly string[]): CheckedItem[] =>
    snapshot.items.filter((item) => ids.includes(item.id)).map((item) => ({ id: item.id, critical: item.critical }));
  return {
    kind: 'verified',
    ok: report.ok,
    preserved: report.preserved.length,
    changed: itemsWith(report.changed),
    lost: itemsWith(report.lost),
    unknown: itemsWith(report.unknown),
    restored,
  };
}
