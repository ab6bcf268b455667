import { compareApiReports, updateApiReports } from './check-reports.js';

// The two commands a maintainer runs, as a function of their arguments and an output sink.

export const UPDATE_COMMAND = 'pnpm api:update';

function packages(count: number): string {
  return `${count} ${count === 1 ? 'package' : 'packages'}`;
}

/** Runs `check` or `update` on the packages under `repoRoot`; resolves to the process exit code. */
export async function runApiReportsCommand(command: string, repoRoot: string, write: (text: string) => void): Promise<number> {
  if (command === 'update') {
    const written = await updateApiReports(repoRoot);
    write(written.length === 0 ? 'api reports: all up to date\n' : written.map((path) => `api reports: wrote ${path}\n`).join(''));
    return 0;
  }
  if (command !== 'check') {
    write('usage: main.js check|update [repo root]\n');
    return 2;
  }
  const comparisons = await compareApiReports(repoRoot);
  const stale = comparisons.filter((comparison) => comparison.state !== 'unchanged');
  for (const comparison of stale) {
    const what = comparison.state === 'missing' ? 'has no API report yet' : 'changed its public API';
    write(`\n${comparison.name} ${what} (${comparison.reportPath}):\n\n${comparison.diff}\n`);
  }
  if (stale.length === 0) {
    write(`api reports: up to date (${packages(comparisons.length)})\n`);
    return 0;
  }
  write(
    `api reports: ${stale.length} of ${comparisons.length} packages differ from their checked-in reports. ` +
      `If the change is on purpose, run \`${UPDATE_COMMAND}\` and commit the updated report with a changeset.\n`,
  );
  return 1;
}
