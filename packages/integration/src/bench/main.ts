import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { piTarget, runPiProgram, type PiTarget } from '../pi-program.js';
import { appendSizeRows } from './append-size-figure.js';
import { chatLineRows } from './chat-line-figure.js';
import { commandCostRows } from './command-cost-figure.js';
import { adapterExtensionsIn } from './extension-paths.js';
import { formatReport } from './report.js';
import { restoreRows } from './restore-figure.js';
import { resumeRows } from './resume-figure.js';
import { ADAPTER_COMMANDS, NEWEST_LINE, startupRows, type StartVariant } from './startup-figure.js';
import { DEFAULT_TIMING } from './timing.js';

// `pnpm bench`: every figure beside its floor or anchor from the same run, printed as one markdown
// table on stdout. Progress goes to stderr so the table can be pasted as it is.

/** BENCH_ONLY=<name>,<name>: run only these figures (names as printed on stderr), e.g. `start-up,chat line`. */
function chosenFigures(): ReadonlySet<string> | undefined {
  const only = process.env['BENCH_ONLY'];
  if (only === undefined || only === '') return undefined;
  return new Set(only.split(',').map((name) => name.trim()));
}

const CHOSEN = chosenFigures();
const skippedFigures: string[] = [];

async function figure<T>(name: string, measure: () => Promise<T[]> | T[]): Promise<T[]> {
  if (CHOSEN !== undefined && !CHOSEN.has(name)) {
    skippedFigures.push(name);
    return [];
  }
  const start = Date.now();
  process.stderr.write(`bench: ${name}...`);
  const rows = await measure();
  process.stderr.write(` ${((Date.now() - start) / 1_000).toFixed(1)} s\n`);
  return rows;
}

/** BENCH_COMPARE_CHECKOUT=<dir> [BENCH_COMPARE_LABEL=<text>]: start-up also with that checkout's build of both adapters. */
function comparedBuilds(): StartVariant[] {
  const checkout = process.env['BENCH_COMPARE_CHECKOUT'];
  if (checkout === undefined || checkout === '') return [];
  const label = process.env['BENCH_COMPARE_LABEL'] ?? checkout;
  return [{ label: `both adapters loaded from ${label}`, extensions: adapterExtensionsIn(checkout), loadedCommands: ADAPTER_COMMANDS }];
}

/** The newest line, where the start-up goal is; without a Node 22 for it, the oldest, which runs on the bench's own Node. */
function realPiTarget(notes: string[]): PiTarget {
  const newest = piTarget(NEWEST_LINE);
  if (!('problem' in newest)) return newest;
  notes.push(`Pi ${NEWEST_LINE} skipped: ${newest.problem}`);
  const oldest = piTarget('0.73.1');
  if ('problem' in oldest) throw new Error(`no Pi release can run on this machine (${oldest.problem})`);
  return oldest;
}

/** One line about the machine a run came from, and its load at the moment asked. */
function describeMachine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${availableParallelism().toString()} cores (${model}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory`;
}

function describeLoad(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = describeLoad();
  const notes: string[] = [];
  const target = realPiTarget(notes);
  const rows = [
    ...(await figure('restore', restoreRows)),
    ...(await figure('resume', () => resumeRows(target))),
    ...(await figure('bytes per change', appendSizeRows)),
    ...(await figure('start-up', () => startupRows(target, comparedBuilds()))),
    ...(await figure('command cost', () => commandCostRows(target))),
    ...(await figure('chat line', chatLineRows)),
  ];
  const report = formatReport({
    title: 'Benchmarks',
    context: [
      `${new Date().toISOString()}; ${describeMachine()}; bench process Node ${process.version}`,
      `real-Pi figures (4 and 5): Pi ${target.version.label} on Node ${target.nodeVersion}`,
      `load average (1/5/15 min) ${loadBefore} at start, ${describeLoad()} at end; ${((Date.now() - started) / 1_000).toFixed(0)} s in all`,
      `in-process times: median of ${DEFAULT_TIMING.batches.toString()} interleaved batches of about ${DEFAULT_TIMING.batchMilliseconds.toString()} ms each, after ${DEFAULT_TIMING.warmupBatches.toString()} warm-up batches, unless a row says otherwise`,
    ],
    rows,
    notes: [...notes, ...(skippedFigures.length > 0 ? [`not run (BENCH_ONLY): ${skippedFigures.join(', ')}`] : [])],
  });
  process.stdout.write(report);
}

// A failed figure may leave a Pi process or a scripted model behind: runPiProgram stops them.
process.exitCode = await runPiProgram(main, (message) => `\nbench failed: ${message}`);
