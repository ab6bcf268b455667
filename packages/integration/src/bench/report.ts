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

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function tableLine(cells: readonly string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}

export function formatTable(rows: readonly BenchRow[]): string {
  const body = rows.map((row) => [row.figure, row.measure, row.value, row.anchor, formatRatio(row.ratio), row.goal, row.verdict]);
  return [tableLine(HEADER), tableLine(HEADER.map(() => '---')), ...body.map(tableLine)].join('\n');
}

export function formatReport(report: BenchReport): string {
  const parts = [`## ${report.title}`, report.context.map((line) => `- ${line}`).join('\n'), formatTable(report.rows)];
  if (report.notes.length > 0) parts.push(report.notes.map((line) => `- ${line}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
