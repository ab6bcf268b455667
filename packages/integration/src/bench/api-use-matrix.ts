import { formatDuration, formatRatio, type BenchMatrix } from './report.js';
import { lowerQuartile, timeInterleaved, type TimingOptions } from './timing.js';

// Figure 7's grid: each way an adapter uses (or works around) its core, timed at several state sizes
// beside an anchor from the same batches. One cell: the adapter's way, its anchor and their ratio.

/** What one use costs at one state size, or why the adapter never does it at that size. */
export type Measured =
  | { readonly subject: () => unknown; readonly anchor?: () => unknown }
  | { readonly skipped: string };

export interface ApiUse<TState> {
  /** What the adapter needs from its core, e.g. `set the objective`. */
  readonly need: string;
  /** What it does instead, with the file it is done in. */
  readonly adapterWay: string;
  /** What the anchor measures, or `—`. */
  readonly anchor: string;
  readonly at: (state: TState) => Measured;
}

/** One grid of figure 7: an adapter's uses of its core, timed on states of several sizes. */
export interface ApiUseFigure<TState> {
  readonly title: string;
  /** What the states are, then how the figure checks itself; the timing method goes between. */
  readonly description: readonly string[];
  readonly sizes: readonly number[];
  /** Builds the state of one size (through the adapter) before anything is timed at that size. */
  readonly prepare: (size: number) => Promise<TState>;
  readonly uses: readonly ApiUse<TState>[];
}

/**
 * Short batches, and the lower quartile of them: on a shared machine most batches of a few
 * milliseconds are interrupted, and interruptions only ever add time.
 */
export const API_USE_TIMING: TimingOptions = { batches: 41, batchMilliseconds: 2, warmupBatches: 10, statistic: lowerQuartile };

function cell(measured: Measured, subject: number, anchor: number | undefined): string {
  if ('skipped' in measured) return `— (${measured.skipped})`;
  if (anchor === undefined) return formatDuration(subject);
  return `${formatDuration(subject)} (anchor ${formatDuration(anchor)}, ${formatRatio(subject / anchor)})`;
}

/**
 * Rows of `[need, adapter's way, anchor, one cell per size]`. Each cell times its use and anchor in
 * their own interleaved batches, so the garbage of a costly use never lands on a cheap one's batches.
 */
function measureApiUses<TState>(uses: readonly ApiUse<TState>[], states: readonly TState[]): string[][] {
  return uses.map((use) => [
    use.need,
    use.adapterWay,
    use.anchor,
    ...states.map((state) => {
      const measured = use.at(state);
      if ('skipped' in measured) return cell(measured, Number.NaN, undefined);
      const work = measured.anchor === undefined ? [measured.subject] : [measured.subject, measured.anchor];
      const [subject = Number.NaN, anchor] = timeInterleaved(work, API_USE_TIMING);
      return cell(measured, subject, anchor);
    }),
  ]);
}

export async function apiUseMatrix<TState>(figure: ApiUseFigure<TState>): Promise<BenchMatrix> {
  const states: TState[] = [];
  for (const size of figure.sizes) states.push(await figure.prepare(size));
  const { batches, batchMilliseconds, warmupBatches } = API_USE_TIMING;
  const [whatTheStatesAre, ...checks] = figure.description;
  return {
    title: figure.title,
    description: [
      ...(whatTheStatesAre === undefined ? [] : [whatTheStatesAre]),
      `each cell: time per call, lower quartile of ${batches.toString()} batches of about ${batchMilliseconds.toString()} ms (the use and its anchor alternating), after ${warmupBatches.toString()} warm-up batches; a call longer than a batch makes a batch of its own`,
      ...checks,
    ],
    header: ['Need', 'What the adapter does (file)', 'Anchor', ...figure.sizes.map((size) => `n = ${size.toString()}`)],
    rows: measureApiUses(figure.uses, states),
  };
}
