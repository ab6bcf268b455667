/** Repeated, interleaved timing of in-process work: the floor or anchor runs in the same loop as the subject. */

export interface TimingOptions {
  /** Measured batches per subject; the result is the median (or `statistic`) of the per-batch means. */
  readonly batches: number;
  /** Each subject's batch is sized to last about this long, so cheap and costly work get equal weight. */
  readonly batchMilliseconds: number;
  /** Unmeasured batches per subject first, so the JIT has settled. */
  readonly warmupBatches: number;
  /** How the per-batch means become one figure; the median unless told. */
  readonly statistic?: (perBatch: readonly number[]) => number;
}

export const DEFAULT_TIMING: TimingOptions = { batches: 21, batchMilliseconds: 4, warmupBatches: 10 };

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/** The value a quarter of the way up a non-empty list: contention only ever adds time, so it shows the cost with little of it. */
export function lowerQuartile(values: readonly number[]): number {
  if (values.length === 0) throw new Error('quartile of an empty list');
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor((sorted.length - 1) / 4)] ?? 0;
}

/** Bounds that hold the true median with at least 95 % confidence, whatever the distribution. */
export interface MedianInterval {
  readonly low: number;
  readonly high: number;
}

/**
 * The classic order-statistic interval: with n values, the k-th smallest and the k-th largest, where k is
 * the largest count for which P(Binomial(n, 1/2) < k) stays within 2.5 %. Undefined below 6 values.
 */
export function medianInterval(values: readonly number[]): MedianInterval | undefined {
  const sorted = [...values].sort((left, right) => left - right);
  const count = sorted.length;
  let probability = 0.5 ** count;
  let cumulative = 0;
  let outside = 0;
  for (let below = 0; below < count; below += 1) {
    cumulative += probability;
    if (cumulative > 0.025) break;
    outside = below + 1;
    probability = (probability * (count - below)) / (below + 1);
  }
  const low = sorted[outside - 1];
  const high = sorted[count - outside];
  return outside === 0 || low === undefined || high === undefined ? undefined : { low, high };
}

function elapsedNanoseconds(work: () => unknown, iterations: number): number {
  const start = process.hrtime.bigint();
  for (let iteration = 0; iteration < iterations; iteration += 1) work();
  return Number(process.hrtime.bigint() - start);
}

/** Doubles the iteration count until one batch lasts the target time. */
function calibrate(work: () => unknown, targetNanoseconds: number): number {
  let iterations = 1;
  while (iterations < 1_000_000 && elapsedNanoseconds(work, iterations) < targetNanoseconds) iterations *= 2;
  return iterations;
}

/**
 * Times every subject in alternating batches (subject A, subject B, A, B, ...) so that load from
 * other processes hits all of them alike, and returns each one's median nanoseconds per call.
 */
export function timeInterleaved(subjects: readonly (() => unknown)[], options: TimingOptions = DEFAULT_TIMING): number[] {
  const targetNanoseconds = options.batchMilliseconds * 1_000_000;
  const iterations = subjects.map((work) => calibrate(work, targetNanoseconds));
  const perCall: number[][] = subjects.map(() => []);
  for (let batch = 0; batch < options.warmupBatches + options.batches; batch += 1) {
    subjects.forEach((work, index) => {
      const count = iterations[index] ?? 1;
      const nanoseconds = elapsedNanoseconds(work, count);
      if (batch >= options.warmupBatches) perCall[index]?.push(nanoseconds / count);
    });
  }
  return perCall.map(options.statistic ?? median);
}

/**
 * Runs `measure` on every variant once a round, each round rotating which goes first so that load drift
 * falls on all alike, after one unmeasured run of each (it warms the file caches). Index i of each
 * variant's list is round i.
 */
export async function inRotatingRounds<V, T>(variants: readonly V[], rounds: number, measure: (variant: V) => Promise<T>): Promise<T[][]> {
  for (const variant of variants) await measure(variant);
  const results = variants.map((): T[] => []);
  for (let round = 0; round < rounds; round += 1) {
    for (let step = 0; step < variants.length; step += 1) {
      const index = (round + step) % variants.length;
      const variant = variants[index];
      if (variant !== undefined) results[index]?.push(await measure(variant));
    }
  }
  return results;
}

/** Wall time of one async action in milliseconds, with what it resolved to. */
export async function timeAsyncValue<T>(action: () => Promise<T>): Promise<{ readonly milliseconds: number; readonly value: T }> {
  const start = process.hrtime.bigint();
  const value = await action();
  return { milliseconds: Number(process.hrtime.bigint() - start) / 1_000_000, value };
}
