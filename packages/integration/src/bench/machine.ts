import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

/** One line about the machine a run came from, and its load at the moment asked. */
export function describeMachine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = (totalmem() / 1024 ** 3).toFixed(1);
  return `${availableParallelism().toString()} cores (${model}), ${memory} GiB memory`;
}

export function describeLoad(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}
