import { referenceDisplay } from '@j1nn0/test-checks';
import { REFERENCE_STATUSES, type ReferenceState, type ReferenceStatus } from '@j1nn0/pi-testkit/reference-models';

// The status listing read back into structure (README "status" grammar), and the structure the reference
// expects. Comparing structures instead of whole strings gives a diff per item and checks the grammar itself:
// singular/plural, the breakdown only with work items, sections only when not empty, counts that add up.

export interface StatusCounts {
  readonly workItems: number;
  /** Present only when there are work items, as the README prints the breakdown only then. */
  readonly byStatus?: Readonly<Record<ReferenceStatus, number>>;
  readonly decisions: number;
}

export interface StatusView {
  /** The objective as displayed, or undefined for `no objective`. */
  readonly objective: string | undefined;
  readonly counts: StatusCounts;
  /**
   * `[status]`, whether it says since when (README: every unfinished item whose entry has a time, and
   * every entry the host writes has one) and the displayed `id: content` of each work item line, in order.
   */
  readonly workItems: readonly { readonly status: string; readonly since: boolean; readonly line: string }[];
  /** The displayed `id: content` of each decision line, in order. */
  readonly decisions: readonly string[];
}

/** README: the footer carries done/total and blocked counts only, or says there are no work items. */
export interface FooterView {
  readonly done: number;
  readonly total: number;
  readonly blocked: number;
}

function countsOf(state: ReferenceState): StatusCounts {
  const workItems = state.workItems.length;
  const decisions = state.decisions.length;
  if (workItems === 0) return { workItems, decisions };
  const byStatus = Object.fromEntries(
    REFERENCE_STATUSES.map((status) => [status, state.workItems.filter((item) => item.status === status).length]),
  ) as Record<ReferenceStatus, number>;
  return { workItems, byStatus, decisions };
}

export function expectedStatusView(state: ReferenceState): StatusView {
  return {
    objective: state.objective === undefined ? undefined : referenceDisplay(state.objective),
    counts: countsOf(state),
    workItems: state.workItems.map((item) => ({
      status: item.status,
      since: item.status !== 'done',
      line: `${referenceDisplay(item.id)}: ${referenceDisplay(item.content)}`,
    })),
    decisions: state.decisions.map(
      (decision) => `${referenceDisplay(decision.id)}: ${referenceDisplay(decision.content)}`,
    ),
  };
}

export function expectedFooterView(state: ReferenceState): FooterView {
  const count = (status: string): number => state.workItems.filter((item) => item.status === status).length;
  return { done: count('done'), total: state.workItems.length, blocked: count('blocked') };
}

const COUNTS_PATTERN =
  '(\\d+) work (item|items)' +
  '(?: \\((\\d+) open, (\\d+) in_progress, (\\d+) blocked, (\\d+) done\\))?' +
  ', (\\d+) (decision|decisions)';
const HEADLINE = new RegExp(`^Agent State: (?:no objective|objective "(.*)"), ${COUNTS_PATTERN}\\.$`, 'u');
// As an RPC client receives it (the world's host runs in rpc mode): no terminal separator.
const FOOTER = /^Agent State(?:: no work items| (\d+)\/(\d+) done(?:, (\d+) blocked)?)$/u;

class StatusTextError extends Error {
  constructor(problem: string, text: string) {
    super(`${problem} in status text:\n${text}`);
  }
}

function parseCounts(groups: readonly (string | undefined)[], text: string): StatusCounts {
  const [workItemCount, itemNoun, open, inProgress, blocked, done, decisionCount, decisionNoun] = groups;
  const workItems = Number(workItemCount);
  const decisions = Number(decisionCount);
  const nounsAgree =
    itemNoun === (workItems === 1 ? 'item' : 'items') && decisionNoun === (decisions === 1 ? 'decision' : 'decisions');
  if (!nounsAgree) {
    throw new StatusTextError('wrong singular/plural', text);
  }
  if (open === undefined) {
    if (workItems !== 0) throw new StatusTextError('missing status breakdown', text);
    return { workItems, decisions };
  }
  const byStatus = { open: Number(open), in_progress: Number(inProgress), blocked: Number(blocked), done: Number(done) };
  if (workItems === 0 || Object.values(byStatus).reduce((sum, count) => sum + count, 0) !== workItems) {
    throw new StatusTextError('status breakdown does not add up', text);
  }
  return { workItems, byStatus, decisions };
}

/** Takes `count` lines of one section after its title; a missing or extra section is a grammar error. */
function takeSection(lines: string[], title: string, count: number, text: string): string[] {
  if (count === 0) return [];
  if (lines.shift() !== title) throw new StatusTextError(`missing "${title}"`, text);
  const section = lines.splice(0, count);
  if (section.length !== count) throw new StatusTextError(`too few lines under "${title}"`, text);
  return section;
}

const WORK_ITEM_LINE = /^- \[([a-z_]+)( since (?:\d{4}-\d\d-\d\d )?\d\d:\d\d)?\] (.*)$/u;

export function parseStatusText(text: string): StatusView {
  const lines = text.split('\n');
  const match = HEADLINE.exec(lines.shift() ?? '');
  if (match === null) throw new StatusTextError('unreadable headline', text);
  const counts = parseCounts(match.slice(2), text);
  const workItems = takeSection(lines, 'Work items:', counts.workItems, text).map((line) => {
    const item = WORK_ITEM_LINE.exec(line);
    if (item === null) throw new StatusTextError('unreadable work item line', text);
    return { status: item[1] ?? '', since: item[2] !== undefined, line: item[3] ?? '' };
  });
  const decisions = takeSection(lines, 'Decisions:', counts.decisions, text).map((line) => {
    if (!line.startsWith('- ')) throw new StatusTextError('unreadable decision line', text);
    return line.slice(2);
  });
  if (lines.length > 0) throw new StatusTextError('unexpected trailing lines', text);
  return { objective: match[1], counts, workItems, decisions };
}

export function parseFooterText(text: string): FooterView {
  const match = FOOTER.exec(text);
  if (match === null) throw new StatusTextError('unreadable footer', text);
  const [, done = '0', total = '0', blocked = '0'] = match;
  if (match[1] !== undefined && Number(total) === 0) throw new StatusTextError('0/0 instead of "no work items"', text);
  return { done: Number(done), total: Number(total), blocked: Number(blocked) };
}
