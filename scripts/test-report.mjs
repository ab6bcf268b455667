// Reads vitest JSON reports (`vitest run --reporter=json --outputFile=<file>`, one per package; or
// the lists of `vitest list --json=<file>`, which need no run) and prints, per report and in total:
// test files, tests, the scenario-by-line runs (tests registered under a host suite, whose title
// names the host line as describeEachPi and describeOmp write it: "(Pi 1.6.0)", "(oh-my-pi 18.2.3)"),
// and for a run its span, summed file times and slowest files. Comparing two runs (or lists) by these
// counts shows whether a change to the suite dropped a scenario on a line.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error('usage: node scripts/test-report.mjs <vitest-json>...');
  process.exit(2);
}

/** `vitest list --json` entries (`{ name: 'suite > test', file }`) in the shape of a run's report. */
function reportOfList(entries) {
  const files = new Map();
  for (const { name, file } of entries) {
    const titles = name.split(' > ');
    const results = files.get(file) ?? [];
    results.push({ ancestorTitles: titles.slice(0, -1), title: titles.at(-1), status: 'listed' });
    files.set(file, results);
  }
  return { startTime: 0, testResults: [...files].map(([name, assertionResults]) => ({ name, startTime: 0, endTime: 0, assertionResults })) };
}

const HOST_SUITE = /\((Pi \d+\.\d+\.\d+|oh-my-pi \d+\.\d+\.\d+)\)/;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const total = { files: 0, tests: 0, passed: 0, hostRuns: 0, hostPassed: 0 };
const perHost = new Map();
for (const path of reports) {
  const parsed = JSON.parse(readFileSync(path, 'utf8'));
  const report = Array.isArray(parsed) ? reportOfList(parsed) : parsed;
  let tests = 0;
  let passed = 0;
  let hostRuns = 0;
  let hostPassed = 0;
  let lastEnd = report.startTime;
  const fileTimes = [];
  for (const file of report.testResults) {
    lastEnd = Math.max(lastEnd, file.endTime);
    fileTimes.push({ name: file.name.replace(/^.*\/packages\//, ''), ms: file.endTime - file.startTime });
    for (const test of file.assertionResults) {
      tests += 1;
      if (test.status === 'passed') passed += 1;
      const host = HOST_SUITE.exec(test.ancestorTitles.join(' '))?.[1];
      if (host === undefined) continue;
      hostRuns += 1;
      if (test.status === 'passed') hostPassed += 1;
      perHost.set(host, (perHost.get(host) ?? 0) + 1);
    }
  }
  const counts = `${basename(path)}: ${report.testResults.length} files, ${tests} tests`;
  if (Array.isArray(parsed)) {
    console.log(`${counts}, ${hostRuns} scenario-by-line runs (a list: nothing ran)`);
  } else {
    const summed = fileTimes.reduce((sum, file) => sum + file.ms, 0);
    console.log(
      `${counts} (${passed} passed), ${hostRuns} scenario-by-line runs (${hostPassed} passed); ` +
        `span ${seconds(lastEnd - report.startTime)}, files summed ${seconds(summed)}`,
    );
    for (const file of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 5)) console.log(`    ${seconds(file.ms).padStart(8)}  ${file.name}`);
  }
  total.files += report.testResults.length;
  total.tests += tests;
  total.passed += passed;
  total.hostRuns += hostRuns;
  total.hostPassed += hostPassed;
}
console.log(
  `total: ${total.files} files, ${total.tests} tests (${total.passed} passed), ${total.hostRuns} scenario-by-line runs (${total.hostPassed} passed)`,
);
const hosts = [...perHost].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
console.log(`runs per host line: ${hosts.map(([host, runs]) => `${host} ${runs}`).join(', ')}`);
