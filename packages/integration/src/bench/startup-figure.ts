import { createPiSandbox, startPi, startScriptedModel, type PiSandbox, type ScriptedModel } from '@j1nn0/pi-testkit/real';
import { AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION } from './extension-paths.js';
import type { PiTarget } from './pi-targets.js';
import { formatMilliseconds, verdictAtMost, type BenchRow } from './report.js';
import { lowerQuartile, median, timeAsync } from './timing.js';

// Figure 4: real Pi in RPC mode, spawn to the first get_state answer, bare and with both adapters.

const PAIRS = 20;
const OVERHEAD_GOAL = 1.05;
const BOTH_ADAPTERS = [AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION];

interface StartSetting {
  readonly target: PiTarget;
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
}

/** Milliseconds from spawn to the first get_state answer (startPi also writes the tiny models.json first). */
async function timeStart(setting: StartSetting, extensions: readonly string[]): Promise<number> {
  let stop: (() => Promise<void>) | undefined;
  const milliseconds = await timeAsync(async () => {
    const pi = await startPi({ ...setting.target, extensions, sandbox: setting.sandbox, model: setting.model });
    stop = () => pi.dispose();
  });
  await stop?.();
  return milliseconds;
}

async function timePairs(setting: StartSetting): Promise<{ bare: number[]; loaded: number[] }> {
  // One unmeasured start of each kind warms the file caches.
  await timeStart(setting, []);
  await timeStart(setting, BOTH_ADAPTERS);
  const bare: number[] = [];
  const loaded: number[] = [];
  for (let pair = 0; pair < PAIRS; pair += 1) {
    // Alternate which start goes first, so drift in the machine's load falls on both alike.
    if (pair % 2 === 0) {
      bare.push(await timeStart(setting, []));
      loaded.push(await timeStart(setting, BOTH_ADAPTERS));
    } else {
      loaded.push(await timeStart(setting, BOTH_ADAPTERS));
      bare.push(await timeStart(setting, []));
    }
  }
  return { bare, loaded };
}

function rowsFor(target: PiTarget, bare: readonly number[], loaded: readonly number[]): BenchRow[] {
  const where = `real Pi ${target.version.label} on Node ${target.nodeVersion}, RPC spawn to first get_state answer with both adapters loaded, ${PAIRS.toString()} alternated pairs`;
  const row = (statistic: string, pick: (values: readonly number[]) => number): BenchRow => {
    const ratio = pick(loaded) / pick(bare);
    return {
      figure: '4 Pi start-up',
      measure: `${where}: ${statistic}`,
      value: formatMilliseconds(pick(loaded)),
      anchor: `bare Pi, same statistic: ${formatMilliseconds(pick(bare))}`,
      ratio,
      goal: `<= ${OVERHEAD_GOAL.toString()}x`,
      verdict: verdictAtMost(ratio, OVERHEAD_GOAL),
    };
  };
  return [row('median', median), row('lower quartile (least disturbed by other load)', lowerQuartile)];
}

export async function startupRows(targets: readonly PiTarget[]): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const target of targets) {
    const sandbox = await createPiSandbox();
    const model = await startScriptedModel();
    try {
      const { bare, loaded } = await timePairs({ target, sandbox, model });
      rows.push(...rowsFor(target, bare, loaded));
    } finally {
      await model.dispose();
      await sandbox.dispose();
    }
  }
  return rows;
}
