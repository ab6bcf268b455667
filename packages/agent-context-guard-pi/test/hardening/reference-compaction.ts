import { referenceDisplay } from '@j1nn0/test-checks';
import type { LastCheckView } from './list-view.js';
import type { ExpectedNotice } from './reference-command.js';
import type { ReferenceItem, ReferenceState } from './reference-context-guard.js';
import { RESTATE_CRITICAL_FIRST, RESTATE_NEXT_STEP } from '../../src/format.js';

// The README's compaction lifecycle and recovery, as a small reference. Every compaction the session gets (Pi's own,
// announced; one another extension appends at a turn boundary, unannounced) is checked once, at the next model
// request, against the items protected when it was appended: a literal search, whitespace and case ignored, inside
// one message at a time. Only the newest compaction counts. In `critical` mode the lost critical items a person
// still holds critical are restated in one hidden recovery, added right after the newest compaction summary (at the
// start without one) to every request that does not carry it yet, and handed to Pi once until a request carries
// Pi's stored copy. A failed or cancelled compaction appends nothing and is said in one line. What was checked and
// decided lives in the session, so a restart keeps it; only the hand-over to Pi starts afresh. Independent of
// src/compaction.ts and src/format.ts.

export const FAILED_NOTICE: ExpectedNotice = {
  message: 'Context Guard: the compaction failed; nothing was checked.',
  type: 'warning',
};

export const CANCELLED_NOTICE: ExpectedNotice = {
  message: 'Context Guard: the compaction was cancelled; nothing was checked.',
  type: 'info',
};

export const RECOVERY_TYPE = 'agent-context-guard-recovery';

const RECOVERY_HEADER =
  'Context Guard recovery: these critical items were protected before the last compaction and are missing from ' +
  'the compacted context. They are restated as declared, not verified.';

/** README: whitespace runs count as one space, ends are ignored, and case is ignored. */
function normalize(text: string): string {
  return text.replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** The text the model sees of each message in a request, one string per message. */
export type VisibleTexts = readonly string[];

/** Preserved when some single message (or the system prompt) holds the content word for word. */
function isPreserved(item: ReferenceItem, visible: VisibleTexts): boolean {
  const content = normalize(item.content);
  return visible.some((text) => normalize(text).includes(content));
}

/** README: ids, critical ones first, each group in item order; five at most, then `+N more`. */
function idList(items: readonly ReferenceItem[]): string {
  const ordered = [...items.filter((item) => item.critical), ...items.filter((item) => !item.critical)];
  const names = ordered.map((item) => `"${referenceDisplay(item.id)}"${item.critical ? ' (critical)' : ''}`);
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} +${names.length - 5} more` : shown;
}

/** The counts of a pending check: `1 protected item (1 critical)`. */
function pendingCounts(items: readonly ReferenceItem[]): string {
  const critical = items.filter((item) => item.critical).length;
  return `${items.length} protected ${items.length === 1 ? 'item' : 'items'} (${critical} critical)`;
}

/** Where the adapter puts the recoveries in a request: the index right after the newest compaction summary, or 0. */
export function recoveryIndex(messages: readonly unknown[]): number {
  let index = 0;
  for (let position = 0; position < messages.length; position += 1) {
    const message = messages[position] as { readonly role?: unknown } | undefined;
    if (message?.role === 'compactionSummary') index = position + 1;
  }
  return index;
}

function recoveryContent(items: readonly ReferenceItem[]): string {
  return [RECOVERY_HEADER, ...items.map((item) => `- [${item.kind}] ${item.id}: ${item.content}`)].join('\n');
}

export interface ReferenceContextResult {
  readonly notices: readonly ExpectedNotice[];
  /** Recovery contents the adapter must add to the request, in order; empty means it returns nothing. */
  readonly appended: readonly string[];
  /** A recovery handed to Pi for its next turn by this request, if any. */
  readonly sent: string | undefined;
}

/** One compaction in the session: the items protected when it was appended and what its check decided. */
interface ReferenceCompaction {
  readonly itemsAt: readonly ReferenceItem[];
  checked: boolean;
  recovery: string | undefined;
}

/** What the session says about compactions; it outlives a restart. */
export class ReferenceSession {
  readonly #compactions: ReferenceCompaction[] = [];
  #lastCheck: LastCheckView = 'none yet';

  get lastCheck(): LastCheckView {
    return this.#lastCheck;
  }

  get verificationPending(): boolean {
    const newest = this.#compactions.at(-1);
    return newest !== undefined && !newest.checked && newest.itemsAt.length > 0;
  }

  /** Pi's own compaction: the word at once when something was protected. */
  compactedByPi(items: readonly ReferenceItem[]): ExpectedNotice[] {
    this.#compactions.push({ itemsAt: items, checked: false, recovery: undefined });
    return items.length === 0
      ? []
      : [{ message: `Context Guard: compacted; ${pendingCounts(items)} will be checked at the next model request.`, type: 'info' }];
  }

  /** A compaction another extension appended at a turn boundary: nothing is said until the next request. */
  compactedAtBoundary(items: readonly ReferenceItem[]): void {
    this.#compactions.push({ itemsAt: items, checked: false, recovery: undefined });
  }

  /** Pi's compaction failed or was cancelled: nothing appended; one line while something is protected. */
  compactionFailed(aborted: boolean, items: readonly ReferenceItem[]): ExpectedNotice[] {
    if (items.length === 0) return [];
    return [aborted ? CANCELLED_NOTICE : FAILED_NOTICE];
  }

  /** The newest compaction, checked at this request if it was not yet; undefined without one. */
  checkNewest(visible: VisibleTexts, state: ReferenceState): { readonly compaction: ReferenceCompaction; readonly notices: ExpectedNotice[] } | undefined {
    const newest = this.#compactions.at(-1);
    if (newest === undefined) return undefined;
    if (newest.checked || newest.itemsAt.length === 0) {
      newest.checked = true;
      return { compaction: newest, notices: [] };
    }
    newest.checked = true;
    const lost = newest.itemsAt.filter((item) => !isPreserved(item, visible));
    const criticalLost = lost.filter((item) => item.critical);
    // Only a person's current word makes an item restated: still protected, unchanged and critical.
    const restored =
      state.recovery === 'critical'
        ? criticalLost.filter((item) =>
            state.items.some(
              (current) => current.id === item.id && current.kind === item.kind && current.content === item.content && current.critical,
            ),
          )
        : [];
    const criticalPart = criticalLost.length > 0 ? ` (${criticalLost.length} critical lost)` : '';
    const restoredPart =
      restored.length > 0
        ? ` Restored ${restored.length} critical ${restored.length === 1 ? 'item' : 'items'} for the model.`
        : '';
    const idsPart = lost.length > 0 ? `\nLost: ${idList(lost)}.` : '';
    const summary = `after compaction ${newest.itemsAt.length - lost.length} preserved, ${lost.length} lost, 0 unknown${criticalPart}.${restoredPart}${idsPart}`;
    this.#lastCheck = { summary };
    newest.recovery = restored.length > 0 ? recoveryContent(restored) : undefined;
    // README: when items are lost that recovery did not restore, the notice names the person's next step:
    // restate the critical ones, or make one critical first (only what a person holds critical is restated).
    const unrestored = lost.filter((item) => !restored.includes(item));
    const nextStep =
      unrestored.length === 0 ? '' : ` ${unrestored.some((item) => item.critical) ? RESTATE_NEXT_STEP : RESTATE_CRITICAL_FIRST}`;
    return {
      compaction: newest,
      notices: [{ message: `Context Guard: ${summary}${nextStep}`, type: lost.length === 0 ? 'info' : 'warning' }],
    };
  }
}

/** One extension instance's hand-over to Pi; a restart starts a new one on the same session. */
export class ReferenceLifecycle {
  readonly session: ReferenceSession;
  /** Recoveries handed to Pi that no request has carried yet. */
  readonly #queued = new Set<string>();
  readonly #sent: string[] = [];

  constructor(session: ReferenceSession = new ReferenceSession()) {
    this.session = session;
  }

  /** Every recovery this instance handed to Pi, in order. */
  get sent(): readonly string[] {
    return this.#sent;
  }

  /** `carried`: recovery contents the request already holds as Pi's stored custom messages. */
  onContext(visible: VisibleTexts, carried: readonly string[], state: ReferenceState): ReferenceContextResult {
    for (const content of carried) this.#queued.delete(content);
    const checked = this.session.checkNewest(visible, state);
    const notices = checked?.notices ?? [];
    const recovery = checked?.compaction.recovery;
    if (recovery === undefined || carried.includes(recovery)) return { notices, appended: [], sent: undefined };
    if (this.#queued.has(recovery)) return { notices, appended: [recovery], sent: undefined };
    this.#queued.add(recovery);
    this.#sent.push(recovery);
    return { notices, appended: [recovery], sent: recovery };
  }
}
