// Adds up the vitest summary lines in a test log (one per vitest run) and prints one closing line
// in the plain "N passed, N failed, N skipped" form, so a reader of CI output sees the whole count at once.
import { readFileSync } from 'node:fs';

const logPath = process.argv[2];
if (logPath === undefined) {
  console.error('usage: node scripts/test-summary.mjs <test-log>');
  process.exit(2);
}

// ANSI colour codes would split the words vitest prints, so they are removed first.
const log = readFileSync(logPath, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
const totals = { passed: 0, failed: 0, skipped: 0 };
// A file whose hook failed counts its tests as skipped; only the file count shows it failed.
const files = { passed: 0, failed: 0, skipped: 0 };
let packages = 0;
for (const line of log.split('\n')) {
  const summary = /\b(Tests|Test Files)\s+(.+)\(\d+\)\s*$/.exec(line);
  if (summary === null) continue;
  const counts = summary[1] === 'Tests' ? totals : files;
  if (summary[1] === 'Tests') packages += 1;
  for (const [, count, word] of summary[2].matchAll(/(\d+)\s+(passed|failed|skipped|todo)/g)) {
    counts[word === 'todo' ? 'skipped' : word] += Number(count);
  }
}
console.log(`vitest runs: ${packages}`);
console.log(`test files: ${files.passed} passed, ${files.failed} failed, ${files.skipped} skipped`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
