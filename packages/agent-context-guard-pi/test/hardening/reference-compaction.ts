import { referenceDisplay } from '@j1nn0/pi-testkit/checks';
import type { LastCheckView } from './list-view.js';
import type { ExpectedNotice } from './reference-command.js';
import type { ReferenceItem, ReferenceMode } from './reference-context-guard.js';

// The README's compaction lifecycle and recovery, as a small reference: a snapshot before Pi compacts, a pending
// check once it has, one check at the next model request (a literal search, whitespace and case ignored, inside
// one message at a time), and in `critical` mode one hidden recovery per check that lost critical items, added to
// every request until Pi carries its stored copy, placed right after the newest compaction summary (at the start
// without one). The last check is saved in the session, so a restart keeps it. Independent of src/compaction.ts
// and src/format.ts.

export const UNVERIFIABLE_NOTICE: ExpectedNotice = {
  message: 'Context Guard: a compaction happened without a snapshot of the protected items; it cannot be verified.',
  type: 'warning',
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
  /** Recovery contents the adapter must append to the request, in order; empty means it returns nothing. */
  readonly appended: readonly string[];
  /** A recovery handed to Pi for its next turn by this request, if any. */
  readonly sent: string | undefined;
}

/** One extension instance's view of compaction; a restart starts a new one. */
export class ReferenceLifecycle {
  #snapshot: readonly ReferenceItem[] | undefined;
  #pending: readonly ReferenceItem[] | undefined;
  #lastCheck: LastCheckView;
  /** Recoveries handed to Pi that no request has carried yet. */
  #outstanding: string[] = [];
  readonly #sent: string[] = [];

  /** A new extension instance; `savedCheck` is the check the session holds from before. */
  constructor(savedCheck: LastCheckView = 'none yet') {
    this.#lastCheck = savedCheck;
  }

  get verificationPending(): boolean {
    return this.#pending !== undefined;
  }

  get lastCheck(): LastCheckView {
    return this.#lastCheck;
  }

  /** Every recovery handed to Pi, in order. */
  get sent(): readonly string[] {
    return this.#sent;
  }

  beforeCompact(items: readonly ReferenceItem[]): void {
    this.#snapshot = items.length > 0 ? items : undefined;
    // A newer compaction replaces one that was never checked.
    this.#pending = undefined;
  }

  afterCompact(items: readonly ReferenceItem[]): ExpectedNotice[] {
    if (this.#snapshot !== undefined) {
      this.#pending = this.#snapshot;
      this.#snapshot = undefined;
      return [
        { message: `Context Guard: compacted; ${pendingCounts(this.#pending)} will be checked at the next model request.`, type: 'info' },
      ];
    }
    if (items.length === 0) return [];
    this.#lastCheck = 'unverifiable';
    return [UNVERIFIABLE_NOTICE];
  }

  /** A change to the protected set or the mode, or a reload of it. */
  dropPending(): void {
    this.#snapshot = undefined;
    this.#pending = undefined;
  }

  /** `carried`: recovery contents the request already holds as Pi's stored custom messages. */
  onContext(visible: VisibleTexts, carried: readonly string[], recovery: ReferenceMode): ReferenceContextResult {
    this.#outstanding = this.#outstanding.filter((content) => !carried.includes(content));
    const appended = [...this.#outstanding];
    const checked = this.#pending;
    this.#pending = undefined;
    if (checked === undefined) return { notices: [], appended, sent: undefined };

    // The request as the model will see it, the recoveries about to be appended included.
    const seen = [...visible, ...appended];
    const lost = checked.filter((item) => !isPreserved(item, seen));
    const criticalLost = lost.filter((item) => item.critical);
    const restored = recovery === 'critical' ? criticalLost : [];
    const criticalPart = criticalLost.length > 0 ? ` (${criticalLost.length} critical lost)` : '';
    const restoredPart =
      restored.length > 0
        ? ` Restored ${restored.length} critical ${restored.length === 1 ? 'item' : 'items'} for the model.`
        : '';
    const idsPart = lost.length > 0 ? `\nLost: ${idList(lost)}.` : '';
    const summary = `after compaction ${checked.length - lost.length} preserved, ${lost.length} lost, 0 unknown${criticalPart}.${restoredPart}${idsPart}`;
    this.#lastCheck = { summary };
    const notice: ExpectedNotice = { message: `Context Guard: ${summary}`, type: lost.length === 0 ? 'info' : 'warning' };
    if (restored.length === 0) return { notices: [notice], appended, sent: undefined };
    const content = recoveryContent(restored);
    this.#outstanding.push(content);
    this.#sent.push(content);
    return { notices: [notice], appended: [...appended, content], sent: content };
  }
}
