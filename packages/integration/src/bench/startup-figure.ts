import { createPiSandbox, startPi, startScriptedModel, type PiSandbox, type ScriptedModel } from '@j1nn0/pi-testkit/real';
import { AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION } from './extension-paths.js';
import type { PiTarget } from './pi-targets.js';
import { formatMilliseconds, verdictAtMost, type BenchRow } from './report.js';
import { lowerQuartile, median, timeAsync } from './timing.js';

// Figure 4: real Pi in RPC mode, spawn to the first get_state answer, bare and with both adapters;
// optionally also with another build of both adapters (before/after), in the same rounds.

const ROUNDS = 20;
const OVERHEAD_GOAL = 1.05;
const BOTH_ADAPTERS = [AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION];

/** A set of extensions to start Pi with; `bare` is the anchor every other one is compared to. */
export interface StartVariant {
  readonly label: string;
  readonly extensions: readonly string[];
}

export const BARE: StartVariant = { label: 'bare Pi', extensions: [] };
export const THIS_BUILD: StartVariant = { label: 'both adapters loaded', extensions: BOTH_ADAPTERS };

export interface StartSetting {
  readonly target: PiTarget;
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
  /** Open this session file at each start (restore on start); default a new session. */
  readonly sessionFile?: string;
}

/** Milliseconds from spawn to the first get_state answer (startPi also writes the tiny models.json first). */
async function timeStart(setting: StartSetting, extensions: readonly string[]): Promise<number> {
  let stop: (() => Promise<void>) | undefined;
  const milliseconds = await timeAsync(async () => {
    const pi = await startPi({
      ...setting.target,
      extensions,
      sandbox: setting.sandbox,
      model: setting.model,
      ...(setting.sessionFile === undefined ? {} : { sessionFile: setting.sessionFile }),
    });
    stop = () => pi.dispose();
  });
  await stop?.();
  return milliseconds;
}

/** Start times per variant; each round rotates which variant starts first, so load drift falls on all alike. */
export async function timeRounds(setting: StartSetting, variants: readonly StartVariant[], rounds: number): Promise<number[][]> {
  // One unmeasured start of each kind warms the file caches.
  for (const variant of variants) await timeStart(setting, variant.extensions);
  const times = variants.map((): number[] => []);
  for (let round = 0; round < rounds; round += 1) {
    for (let step = 0; step < variants.length; step += 1) {
      const index = (round + step) % variants.length;
      times[index]?.push(await timeStart(setting, variants[index]?.extensions ?? []));
    }
  }
  return times;
}

/** Median and lower-quartile rows of `loaded` against `bare`. */
export function overheadRows(figure: string, where: string, loaded: readonly number[], bare: readonly number[], goal: number | undefined): BenchRow[] {
  const row = (statistic: string, pick: (values: readonly number[]) => number): BenchRow => {
    const ratio = pick(loaded) / pick(bare);
    return {
      figure,
      measure: `${where}: ${statistic}`,
      value: formatMilliseconds(pick(loaded)),
      anchor: `bare Pi, same statistic: ${formatMilliseconds(pick(bare))}`,
      ratio,
      goal: goal === undefined ? 'report' : `<= ${goal.toString()}x`,
      verdict: goal === undefined ? 'info' : verdictAtMost(ratio, goal),
    };
  };
  return [row('median', median), row('lower quartile (least disturbed by other load)', lowerQuartile)];
}

export async function startupRows(targets: readonly PiTarget[], compared: readonly StartVariant[] = []): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const variants = [BARE, THIS_BUILD, ...compared];
  for (const target of targets) {
    const sandbox = await createPiSandbox();
    const model = await startScriptedModel();
    try {
      const [bare = [], ...loaded] = await timeRounds({ target, sandbox, model }, variants, ROUNDS);
      variants.slice(1).forEach((variant, index) => {
        const where = `real Pi ${target.version.label} on Node ${target.nodeVersion}, RPC spawn to first get_state answer, ${variant.label}, ${ROUNDS.toString()} rounds of ${variants.length.toString()} alternated starts`;
        rows.push(...overheadRows('4 Pi start-up', where, loaded[index] ?? [], bare, OVERHEAD_GOAL));
      });
    } finally {
      await model.dispose();
      await sandbox.dispose();
    }
  }
  return rows;
}
