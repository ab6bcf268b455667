import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { extractApiReport } from './extract-report.js';
import { apiReportTargets } from './report-targets.js';

// Compare every publishable package's current API with its checked-in report, or rewrite the reports.

export type ReportState = 'unchanged' | 'changed' | 'missing';

export interface ReportComparison {
  readonly name: string;
  /** The report's path relative to the repository root, with `/` separators. */
  readonly reportPath: string;
  readonly state: ReportState;
  /** A unified diff from the checked-in report to the current one; empty when unchanged. */
  readonly diff: string;
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A unified diff from the checked-in report to the one the current declarations give. */
function reportDiff(reportPath: string, checkedIn: string, current: string): string {
  return createTwoFilesPatch(`${reportPath} (checked in)`, `${reportPath} (from the current build)`, checkedIn, current, undefined, undefined, { context: 3 });
}

/** Each package's current report beside its checked-in one; writes nothing. */
export async function compareApiReports(repoRoot: string): Promise<ReportComparison[]> {
  const comparisons: ReportComparison[] = [];
  for (const target of await apiReportTargets(repoRoot)) {
    const reportPath = relative(repoRoot, target.reportFile).split(sep).join('/');
    const current = await extractApiReport(target);
    const checkedIn = await readIfPresent(target.reportFile);
    const state: ReportState = checkedIn === undefined ? 'missing' : checkedIn === current ? 'unchanged' : 'changed';
    const diff = state === 'unchanged' ? '' : reportDiff(reportPath, checkedIn ?? '', current);
    comparisons.push({ name: target.name, reportPath, state, diff });
  }
  return comparisons;
}

/** Writes each package's current report; returns the paths it changed or created. */
export async function updateApiReports(repoRoot: string): Promise<string[]> {
  const written: string[] = [];
  for (const target of await apiReportTargets(repoRoot)) {
    const current = await extractApiReport(target);
    if ((await readIfPresent(target.reportFile)) === current) continue;
    await mkdir(dirname(target.reportFile), { recursive: true });
    await writeFile(target.reportFile, current);
    written.push(relative(repoRoot, target.reportFile).split(sep).join('/'));
  }
  return written;
}
