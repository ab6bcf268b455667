import { median, medianInterval, type MedianInterval } from './timing.js';

/** Pure formatting of the benchmark report: one markdown table, figures as text, ratios against anchors. */

export type Verdict = 'met' | 'missed' | 'info';

export interface BenchRow {
  /** The figure group, e.g. `1 restore`. */
  readonly figure: string;
  readonly measure: string;
  readonly value: string;
  /** The floor or anchor measured in the same run, with what it is. */
  readonly anchor: string;
  /** value / anchor; undefined where a ratio means nothing (e.g. a yes/no check). */
  readonly ratio: number | undefined;
  readonly goal: string;
  readonly verdict: Verdict;
}

export interface BenchReport {
  readonly title: string;
  /** Lines about the machine and the run, shown above the table. */
  readonly context: readonly string[];
  readonly rows: readonly BenchRow[];
  /** Lines shown below the table (skipped figures, notes). */
  readonly notes: readonly string[];
}

const HEADER = ['Figure', 'Measure', 'Value', 'Floor / anchor (same run)', 'Ratio', 'Goal', 'Result'];

export function verdictAtMost(value: number, limit: number): Verdict {
  return value <= limit ? 'met' : 'missed';
}

export function formatDuration(nanoseconds: number): string {
  if (nanoseconds < 1_000) return `${nanoseconds.toFixed(0)} ns`;
  if (nanoseconds < 1_000_000) return `${(nanoseconds / 1_000).toFixed(nanoseconds < 10_000 ? 2 : 1)} µs`;
  return `${(nanoseconds / 1_000_000).toFixed(nanoseconds < 10_000_000 ? 2 : 1)} ms`;
}

export function formatMilliseconds(milliseconds: number): string {
  return formatDuration(milliseconds * 1_000_000);
}

/** A difference in milliseconds, always with its sign: `+7.41 ms`, `-3.20 ms`. */
export function formatSignedMilliseconds(milliseconds: number): string {
  return `${milliseconds < 0 ? '-' : '+'}${formatMilliseconds(Math.abs(milliseconds))}`;
}

export function formatBytes(bytes: number): string {
  return `${Math.round(bytes).toLocaleString('en-US')} B`;
}

export function formatRatio(ratio: number | undefined): string {
  return ratio === undefined ? '—' : `${ratio.toFixed(2)}x`;
}

/**
 * A real-Pi subject and its anchor, both measured once in every round (index i being round i), in
 * milliseconds; `goal`, where there is one, is at most that ratio or that many milliseconds over it.
 */
export interface PerRoundComparison {
  readonly figure: string;
  readonly where: string;
  readonly subject: readonly number[];
  readonly anchor: readonly number[];
  /** What the anchor is, e.g. `Pi with an empty extension`. */
  readonly anchorName: string;
  readonly goal?: number | undefined;
}

/** The 95 % interval of a median, in words, each bound written by `format`. */
function intervalText(interval: MedianInterval | undefined, format: (value: number) => string): string {
  return interval === undefined ? 'too few rounds for an interval' : `95 % interval of that median ${format(interval.low)} to ${format(interval.high)}`;
}

/** The subject as a multiple of its anchor: the median of the per-round ratios (not the ratio of the medians), with its interval. */
export function perRoundRatioRow({ figure, where, subject, anchor, anchorName, goal }: PerRoundComparison): BenchRow {
  const ratios = subject.map((milliseconds, round) => milliseconds / (anchor[round] ?? Number.NaN));
  const ratio = median(ratios);
  return {
    figure,
    measure: `${where}: ratio to ${anchorName}, median of the ${ratios.length.toString()} per-round ratios (${intervalText(medianInterval(ratios), formatRatio)})`,
    value: formatMilliseconds(median(subject)),
    anchor: `${anchorName}, median: ${formatMilliseconds(median(anchor))}`,
    ratio,
    goal: goal === undefined ? 'report' : `<= ${goal.toFixed(2)}x ${anchorName}`,
    verdict: goal === undefined ? 'info' : verdictAtMost(ratio, goal),
  };
}

/** The subject's own cost: the median of the per-round differences over its anchor, with its interval, which is the noise. */
export function perRoundDifferenceRow({ figure, where, subject, anchor, anchorName, goal }: PerRoundComparison): BenchRow {
  const differences = subject.map((milliseconds, round) => milliseconds - (anchor[round] ?? Number.NaN));
  const difference = median(differences);
  return {
    figure,
    measure: `${where}: over ${anchorName}, median of the ${differences.length.toString()} per-round differences (${intervalText(medianInterval(differences), formatSignedMilliseconds)})`,
    value: formatSignedMilliseconds(difference),
    anchor: `${anchorName}, median: ${formatMilliseconds(median(anchor))}`,
    ratio: (median(anchor) + difference) / median(anchor),
    goal: goal === undefined ? 'report' : `<= ${goal.toString()} ms over ${anchorName}`,
    verdict: goal === undefined ? 'info' : verdictAtMost(difference, goal),
  };
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function tableLine(cells: readonly string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}

export function formatReport(report: BenchReport): string {
  const body = report.rows.map((row) => [row.figure, row.measure, row.value, row.anchor, formatRatio(row.ratio), row.goal, row.verdict]);
  const table = [tableLine(HEADER), tableLine(HEADER.map(() => '---')), ...body.map(tableLine)].join('\n');
  const parts = [`## ${report.title}`, report.context.map((line) => `- ${line}`).join('\n'), table];
  if (report.notes.length > 0) parts.push(report.notes.map((line) => `- ${line}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
