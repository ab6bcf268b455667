import { afterEach, beforeEach } from 'vitest';
import { runPiCli, type PiCliResult } from './pi-cli.js';
import { PiSandbox } from './sandbox.js';
import { ScriptedModel } from './scripted-model.js';
import { PI_E2E_TIMEOUT_MS, type PiTarget } from './vitest-matrix.js';

export interface CliRuns {
  /** One `pi` run (e.g. `['-p', '/cmd']`) in this test's sandbox, answered by its scripted model, loading the extensions. */
  run(args: readonly string[]): Promise<PiCliResult>;
  sandbox(): PiSandbox;
  model(): ScriptedModel;
}

/**
 * A fresh sandbox and scripted model for every test, for one-shot runs (`-p`, `--mode json`) whose
 * sessions a test continues with `-c` or `--session`; both are removed after the test.
 */
export function useCliRuns(target: PiTarget, extensions: readonly string[]): CliRuns {
  let sandbox: PiSandbox | undefined;
  let model: ScriptedModel | undefined;
  const current = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useCliRuns: used outside a test');
    return value;
  };
  beforeEach(async () => {
    sandbox = await PiSandbox.create();
    model = await ScriptedModel.start();
  }, PI_E2E_TIMEOUT_MS);
  afterEach(async () => {
    await model?.dispose();
    await sandbox?.dispose();
  }, PI_E2E_TIMEOUT_MS);
  return {
    run: (args) => runPiCli({ ...target, sandbox: current(sandbox), model: current(model), extensions, args }),
    sandbox: () => current(sandbox),
    model: () => current(model),
  };
}
