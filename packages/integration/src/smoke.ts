// `pnpm smoke`: the adapter README's first smoke run in the real Pi, offline, with a scripted model,
// then a resume and a new session. Prints a transcript and ends with `smoke: N checks passed`.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { disposeAll, startPi } from '@j1nn0/pi-real-hosts';
import { SmokeChecks } from './smoke-checks.js';
import { runSmokeScenario } from './smoke-scenario.js';
import { DOCUMENTED_PI, chooseSmokeTarget } from './smoke-target.js';
import { failedLine, note, passedLine } from './smoke-transcript.js';

// The built extension a user loads with `pi -e`, and the package folder whose README documents the run.
const EXTENSION_PATH = fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi'));
const ADAPTER_DIR = dirname(fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi/package.json')));

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function smoke(checks: SmokeChecks): Promise<void> {
  const target = chooseSmokeTarget(print);
  print(`Agent State smoke run in the real Pi ${target.version.label}, offline, with a scripted model`);
  if (target.fallbackReason !== undefined) {
    print(note(`FALLBACK to Pi ${target.version.label}, not the documented ${DOCUMENTED_PI} (${target.fallbackReason})`));
  }
  print(note(`Node: ${target.origin}`));
  print(note(`extension: ${EXTENSION_PATH}`));
  const pi = await startPi({ ...target, extensions: [EXTENSION_PATH] });
  await runSmokeScenario({ pi, checks, print, agentStateDir: ADAPTER_DIR });
}

async function main(): Promise<number> {
  // Ctrl-C still stops Pi and removes the temp dirs.
  process.once('SIGINT', () => {
    void disposeAll().finally(() => process.exit(130));
  });
  const checks = new SmokeChecks();
  let failure: unknown;
  try {
    await smoke(checks);
  } catch (error) {
    failure = error;
  }
  try {
    await disposeAll();
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined) {
    const message = failure instanceof Error ? failure.message : 'a non-Error value was thrown';
    process.stderr.write(`\n${failedLine(`after ${checks.passed} passed checks: ${message}`)}\n`);
    return 1;
  }
  print('');
  print(passedLine(checks.passed));
  return 0;
}

process.exitCode = await main();
