import {
  CONTEXT_GUARD_SCHEMA_VERSION,
  verifyContext,
  type ContextGuardReport,
  type ContextGuardSnapshot,
  type ContextItem,
  type ContextVerifier,
} from '@j1nn0/agent-context-guard';
import { messageSeparatorFor, projectContext } from './context-projection.js';
import { UNVERIFIABLE_COMPACTION, formatCheckNotice, formatRecoveryContent } from './format.js';
import type { RecoveryMode } from './guard-state.js';
import type { PiContextEventPort, PiContextEventResult, PiContextPort, PiCustomMessagePort } from '@j1nn0/pi-adapter-kit';
import { containsRecovery, recoveryMessage } from './recovery.js';

// The compaction lifecycle: a snapshot before Pi compacts, a pending verification once it has,
// one check at the next model request, and (in `critical` mode) one recovery of lost critical items.

/** Counts only: a check is shown to a person, so it never holds item content. */
export type CompactionCheck =
  | {
      readonly kind: 'verified';
      readonly ok: boolean;
      readonly preserved: number;
      readonly changed: number;
      readonly lost: number;
      readonly unknown: number;
      readonly criticalChanged: number;
      readonly criticalLost: number;
      readonly criticalUnknown: number;
      /** Critical items restored to the model as one hidden message. */
      readonly restored: number;
    }
  | { readonly kind: 'unverifiable' };

export interface CompactionLifecycleOptions {
  readonly verifier: ContextVerifier;
  /** Hands a recovery to Pi for persistence; Pi adds it to the session with the next user prompt. */
  readonly sendRecovery: (content: string) => void;
}

export interface CompactionLifecycle {
  /** `session_before_compact`: snapshots the protected items, if there are any. */
  beforeCompact(items: readonly ContextItem[]): void;
  /** `session_compact`: the snapshot awaits the next request; without one, protected items cannot be checked. */
  afterCompact(items: readonly ContextItem[], ctx: PiContextPort): void;
  /** `context`: verifies a pending compaction once and adds outstanding recoveries to the request. */
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
    latest = summarize(report, restored.length);
    ctx.ui.notify(formatCheckNotice(latest), report.ok ? 'info' : 'warning');
    if (restored.length === 0) {
      return undefined;
    }
    const content = formatRecoveryContent(restored);
    outstandingRecoveries.push(content);
    options.sendRecovery(content);
    return recoveryMessage(content, Date.now());
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
      } else if (items.length > 0) {
        latest = { kind: 'unverifiable' };
        ctx.ui.notify(UNVERIFIABLE_COMPACTION, 'warning');
      }
    },

    async onContext(event, ctx, recovery) {
      outstandingRecoveries = outstandingRecoveries.filter((content) => !containsRecovery(event.messages, content));
      const additions: PiCustomMessagePort[] = outstandingRecoveries.map((content) =>
        recoveryMessage(content, Date.now()),
      );
      const snapshot = pendingVerification;
      // Cleared before the await, so a second request can never check the same compaction.
      pendingVerification = undefined;
      if (snapshot !== undefined) {
        const restored = await verify(snapshot, [...event.messages, ...additions], ctx, recovery);
        if (restored !== undefined) {
          additions.push(restored);
        }
      }
      return additions.length > 0 ? { messages: [...event.messages, ...additions] } : undefined;
    },

    dropPending() {
      pendingSnapshot = undefined;
      pendingVerification = undefined;
    },

    isVerificationPending: () => pendingVerification !== undefined,

    lastCheck: () => latest,
  };
}

/** Critical items not preserved, in snapshot order, with the content they had before compaction. */
function criticalFailuresOf(snapshot: ContextGuardSnapshot, report: ContextGuardReport): ContextItem[] {
  return snapshot.items.filter((item) => report.criticalFailures.includes(item.id));
}

function summarize(report: ContextGuardReport, restored: number): CompactionCheck {
  const criticalWith = (ids: readonly string[]): number =>
    report.criticalFailures.filter((id) => ids.includes(id)).length;
  return {
    kind: 'verified',
    ok: report.ok,
    preserved: report.preserved.length,
    changed: report.changed.length,
    lost: report.lost.length,
    unknown: report.unknown.length,
    criticalChanged: criticalWith(report.changed),
    criticalLost: criticalWith(report.lost),
    criticalUnknown: criticalWith(report.unknown),
    restored,
  };
}
