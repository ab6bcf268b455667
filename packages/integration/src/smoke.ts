// `pnpm smoke`: the adapter README's first smoke run in the real Pi, offline, with a scripted model,
// then a resume and a new session. Prints a transcript and ends with `smoke: N checks passed`.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPi } from '@j1nn0/pi-real-hosts';
import { piTarget, runPiProgram } from './pi-program.js';
import { SmokeChecks, failedLine, note, passedLine, runSmokeScenario } from './smoke-scenario.js';

// The built extension a user loads with `pi -e`, and the package folder whose README documents the run.
const EXTENSION_PATH = fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi'));
const ADAPTER_DIR = dirname(fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi/package.json')));

/** The Pi version the adapter's docs/compatibility.md is documented against, and the one that runs on Node 20. */
const DOCUMENTED_PI = '0.84.2';
const FALLBACK_PI = '0.73.1';

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

const checks = new SmokeChecks();

async function smoke(): Promise<void> {
  // The documented Pi on a Node >= 22.19; if none can be had, Pi 0.73.1 on the current Node, saying why.
  const documented = piTarget(DOCUMENTED_PI, print);
  const target = 'problem' in documented ? piTarget(FALLBACK_PI) : documented;
  if ('problem' in target) throw new Error(target.problem);
  print(`Agent State smoke run in the real Pi ${target.version.label}, offline, with a scripted model`);
  if ('problem' in documented) print(note(`FALLBACK to Pi ${target.version.label}, not the documented ${DOCUMENTED_PI} (${documented.problem})`));
  print(note(`Node: ${target.origin}, ${target.nodeVersion}`));
  print(note(`extension: ${EXTENSION_PATH}`));
  const pi = await startPi({ ...target, extensions: [EXTENSION_PATH] });
  await runSmokeScenario({ pi, checks, print, agentStateDir: ADAPTER_DIR });
  print('');
  print(passedLine(checks.passed));
}

process.exitCode = await runPiProgram(smoke, (message) => `\n${failedLine(`after ${checks.passed} passed checks: ${message}`)}`);
