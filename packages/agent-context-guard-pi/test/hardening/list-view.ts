import { referenceDisplay } from '@j1nn0/test-checks';
import { DISCARDED_STATE_LINE, PENDING_CHECK_LINE, formatLastCheck } from '../../src/format.js';
import { criticalCount, type ReferenceItem, type ReferenceMode, type ReferenceState } from './reference-context-guard.js';

// The `list` and `status` texts read back into structure (README "list" and "status" grammar), and the
// structure the reference expects. Comparing structures instead of whole strings gives a diff per item and
// checks the grammar itself: singular/plural, the critical count only with items, counts that add up.

export interface ItemCounts {
  readonly items: number;
  /** Present only when there are items, as the README prints it only then. */
  readonly critical?: number;
}

export interface ListView {
  readonly counts: ItemCounts;
  /** `[kind]` or `[kind, critical]` and the displayed `id: content` of each item line, in order. */
  readonly items: readonly { readonly kind: string; readonly critical: boolean; readonly line: string }[];
}

export type LastCheckView = 'none yet' | 'unverifiable' | { readonly summary: string };

export interface StatusView {
  readonly counts: ItemCounts;
  readonly recovery: ReferenceMode;
  readonly discarded: boolean;
  readonly verificationPending: boolean;
  readonly lastCheck: LastCheckView;
}

export interface StatusExpectation {
  readonly discarded: boolean;
  readonly verificationPending: boolean;
  readonly lastCheck: LastCheckView;
}

export const NO_CHECK_YET: StatusExpectation = { discarded: false, verificationPending: false, lastCheck: 'none yet' };

function countsOf(items: readonly ReferenceItem[]): ItemCounts {
  return items.length === 0 ? { items: 0 } : { items: items.length, critical: criticalCount(items) };
}

export function expectedListView(state: ReferenceState): ListView {
  return {
    counts: countsOf(state.items),
    items: state.items.map((item) => ({
      kind: item.kind,
      critical: item.critical,
      line: `${referenceDisplay(item.id)}: ${referenceDisplay(item.content)}`,
    })),
  };
}

export function expectedStatusView(state: ReferenceState, expectation: StatusExpectation = NO_CHECK_YET): StatusView {
  return { counts: countsOf(state.items), recovery: state.recovery, ...expectation };
}

/** The footer as an RPC client receives it (the hardening hosts run in rpc mode): no terminal separator. */
export function expectedFooter(state: ReferenceState): string | undefined {
  return state.items.length === 0
    ? undefined
    : `Context Guard ${state.items.length} item${state.items.length === 1 ? '' : 's'}${criticalCount(state.items) > 0 ? `, ${criticalCount(state.items)} critical` : ''}`;
}

const COUNTS = '(\\d+) protected (item|items)(?: \\((\\d+) critical\\))?';
const LIST_HEADLINE = new RegExp(`^Context Guard: ${COUNTS}\\.$`, 'u');
const STATUS_HEADLINE = new RegExp(`^Context Guard: ${COUNTS}, recovery (off|critical)\\.$`, 'u');
const ITEM_LINE = /^- \[(goal|constraint|requirement|decision|fact)(, critical)?\] (.*)$/u;
// Fixed lines are read as the formatter writes them; what varies (counts, ids) is parsed, to check the grammar.
const DISCARDED_LINE = DISCARDED_STATE_LINE;
const PENDING_LINE = PENDING_CHECK_LINE;
const LAST_CHECK_NONE = formatLastCheck(undefined);
const LAST_CHECK_UNVERIFIABLE = formatLastCheck({ kind: 'unverifiable', compactionId: 'any' });
const LAST_CHECK_SUMMARY = /^Last check: (after compaction [^\n]*(?:\n(?:Lost|Changed|Unknown)[^\n]*)?)$/u;

class ListingTextError extends Error {
  constructor(problem: string, text: string) {
    super(`${problem} in listing:\n${text}`);
  }
}

function parseCounts(groups: readonly (string | undefined)[], text: string): ItemCounts {
  const [count, noun, critical] = groups;
  const items = Number(count);
  if (noun !== (items === 1 ? 'item' : 'items')) throw new ListingTextError('wrong singular/plural', text);
  if ((critical === undefined) !== (items === 0)) throw new ListingTextError('critical count shown wrongly', text);
  if (critical === undefined) return { items };
  if (Number(critical) > items) throw new ListingTextError('more critical than items', text);
  return { items, critical: Number(critical) };
}

/** The `list` text (and the list tool's text without its `Last check:` line). */
export function parseListText(text: string): ListView {
  const lines = text.split('\n');
  const match = LIST_HEADLINE.exec(lines.shift() ?? '');
  if (match === null) throw new ListingTextError('unreadable headline', text);
  const counts = parseCounts(match.slice(1), text);
  if (lines.length !== counts.items) throw new ListingTextError('item lines do not match the count', text);
  const items = lines.map((line) => {
    const item = ITEM_LINE.exec(line);
    if (item === null) throw new ListingTextError('unreadable item line', text);
    return { kind: item[1] ?? '', critical: item[2] !== undefined, line: item[3] ?? '' };
  });
  if (items.filter((item) => item.critical).length !== (counts.critical ?? 0)) {
    throw new ListingTextError('critical lines do not match the count', text);
  }
  return { counts, items };
}

export function parseLastCheck(line: string, text: string): LastCheckView {
  if (line === LAST_CHECK_NONE) return 'none yet';
  if (line === LAST_CHECK_UNVERIFIABLE) return 'unverifiable';
  const summary = LAST_CHECK_SUMMARY.exec(line)?.[1];
  if (summary === undefined) throw new ListingTextError('unreadable last check', text);
  return { summary };
}

export function parseStatusText(text: string): StatusView {
  const lines = text.split('\n');
  const match = STATUS_HEADLINE.exec(lines.shift() ?? '');
  if (match === null) throw new ListingTextError('unreadable headline', text);
  const counts = parseCounts(match.slice(1, 4), text);
  const discarded = lines[0] === DISCARDED_LINE;
  if (discarded) lines.shift();
  const verificationPending = lines[0] === PENDING_LINE;
  if (verificationPending) lines.shift();
  // A check that missed items names their ids on one more line.
  const [last, ids, ...extra] = lines;
  if (last === undefined || extra.length > 0) throw new ListingTextError('wrong number of lines', text);
  return {
    counts,
    recovery: match[4] === 'critical' ? 'critical' : 'off',
    discarded,
    verificationPending,
    lastCheck: parseLastCheck(ids === undefined ? last : `${last}\n${ids}`, text),
  };
}
