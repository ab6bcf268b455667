import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PI_ANCHORS, disposeAll, findNodeFor, type PiVersion } from '@j1nn0/pi-real-hosts';

// What `pnpm smoke`, `pnpm demo` and `pnpm bench` share: the Node that runs a Pi release here, and a
// main that always stops every Pi it started.

// src/ and dist/ both sit one level below the package, three below the repository root.
const PROVISION_SCRIPT = fileURLToPath(new URL('../../../scripts/provision-node22.sh', import.meta.url));
const PROVISION_TIMEOUT_MS = 300_000;

/** A Pi release with the Node binary that runs it here. */
export interface PiTarget {
  readonly version: PiVersion;
  readonly runtimePath: string;
  /** `--version` of that binary, e.g. `v22.23.3`. */
  readonly nodeVersion: string;
  /** Where that binary came from: the current Node, PI_E2E_NODE, or provision-node22.sh. */
  readonly origin: string;
}

function nodeVersionOf(nodePath: string): string {
  return spawnSync(nodePath, ['--version'], { encoding: 'utf8', timeout: 10_000 }).stdout.trim();
}

/** Runs scripts/provision-node22.sh (Node 22 from the npm registry); its last stdout line is the Node path. */
function provisionNode22(): { nodePath: string } | { problem: string } {
  const result = spawnSync('bash', [PROVISION_SCRIPT], { encoding: 'utf8', timeout: PROVISION_TIMEOUT_MS });
  if (result.error !== undefined) return { problem: `could not run provision-node22.sh (${result.error.message})` };
  const nodePath = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.status === 0 && nodePath !== '') return { nodePath };
  const stderrTail = result.stderr.trim().split('\n').slice(-3).join(' | ');
  return { problem: `provision-node22.sh exited ${String(result.status)}${stderrTail === '' ? '' : `: ${stderrTail}`}` };
}

/**
 * Pi `label` on a Node that runs it: the current one, PI_E2E_NODE, or else the Node 22 that
 * scripts/provision-node22.sh fetches (saying so through `log` first); or why none can be had.
 */
export function piTarget(label: string, log: (line: string) => void = () => undefined): PiTarget | { readonly problem: string } {
  const version = PI_ANCHORS.find((candidate) => candidate.label === label);
  if (version === undefined) throw new Error(`Pi ${label} is not installed in pi-real-hosts`);
  const found = findNodeFor(version);
  if (found.runtimePath !== null) {
    const origin = found.runtimePath === process.execPath ? 'the current Node' : 'PI_E2E_NODE';
    return { version, runtimePath: found.runtimePath, nodeVersion: nodeVersionOf(found.runtimePath), origin };
  }
  log(`No Node >= 22.19 for Pi ${label} here: fetching one with scripts/provision-node22.sh (about a minute the first time)`);
  const provisioned = provisionNode22();
  if ('problem' in provisioned) return { problem: `no Node >= 22.19 for Pi ${label}: ${provisioned.problem}` };
  const checked = findNodeFor(version, { ...process.env, PI_E2E_NODE: provisioned.nodePath });
  if (checked.runtimePath === null) return { problem: `no Node >= 22.19 for Pi ${label}: ${checked.skipReason}` };
  return { version, runtimePath: checked.runtimePath, nodeVersion: nodeVersionOf(checked.runtimePath), origin: 'provisioned by scripts/provision-node22.sh' };
}

/**
 * Runs a program's `body`; Ctrl-C and its end, whatever happened, stop every Pi and scripted model it
 * started and remove their temp dirs. A failure is written to stderr as `failed` words it; resolves
 * to the exit code.
 */
export async function runPiProgram(body: () => Promise<void>, failed: (message: string) => string): Promise<number> {
  process.once('SIGINT', () => {
    void disposeAll().finally(() => process.exit(130));
  });
  let failure: unknown;
  try {
    await body();
  } catch (error) {
    failure = error;
  }
  try {
    await disposeAll();
  } catch (error) {
    failure ??= error;
  }
  if (failure === undefined) return 0;
  process.stderr.write(`${failed(failure instanceof Error ? failure.message : 'a non-Error value was thrown')}\n`);
  return 1;
}
