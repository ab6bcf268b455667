import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PI_ANCHORS, findNodeFor, type PiVersion } from '@j1nn0/pi-real-hosts';

/** A Pi release with the Node binary that runs it here. */
export interface PiTarget {
  readonly version: PiVersion;
  readonly runtimePath: string;
  /** `--version` of that binary, e.g. `v22.23.3`. */
  readonly nodeVersion: string;
}

export interface PiTargetChoice {
  /** The release every real-Pi figure uses. */
  readonly target: PiTarget;
  /** Why a wanted release could not run, for the report's notes. */
  readonly notes: readonly string[];
}

// src/bench and dist/bench are both three levels below the repository root.
const PROVISION_SCRIPT = fileURLToPath(new URL('../../../../scripts/provision-node22.sh', import.meta.url));
const PROVISION_TIMEOUT_MS = 120_000;

// The newest line the adapters support, where the start-up goal is; without Node 22 the oldest,
// which runs on the bench's own Node (pi-real-hosts' anchors).
export const NEWEST_LINE = '1.6.0';
const OLDEST_LINE = '0.73.1';

function versionLabelled(label: string): PiVersion {
  const version = PI_ANCHORS.find((candidate) => candidate.label === label);
  if (version === undefined) throw new Error(`Pi ${label} is not installed in pi-real-hosts`);
  return version;
}

/** PI_E2E_NODE when set, else the repository's cached Node 22 (fetched from the npm registry once). */
function node22Environment(): NodeJS.ProcessEnv {
  if (process.env['PI_E2E_NODE'] !== undefined && process.env['PI_E2E_NODE'] !== '') return process.env;
  const provisioned = spawnSync('bash', [PROVISION_SCRIPT], { encoding: 'utf8', timeout: PROVISION_TIMEOUT_MS });
  const nodePath = provisioned.status === 0 ? provisioned.stdout.trim() : '';
  return nodePath === '' ? process.env : { ...process.env, PI_E2E_NODE: nodePath };
}

function nodeVersionOf(nodePath: string): string {
  return spawnSync(nodePath, ['--version'], { encoding: 'utf8', timeout: 10_000 }).stdout.trim();
}

export function choosePiTarget(): PiTargetChoice {
  const environment = node22Environment();
  const notes: string[] = [];
  for (const label of [NEWEST_LINE, OLDEST_LINE]) {
    const version = versionLabelled(label);
    const choice = findNodeFor(version, environment);
    if (choice.runtimePath !== null) return { target: { version, runtimePath: choice.runtimePath, nodeVersion: nodeVersionOf(choice.runtimePath) }, notes };
    notes.push(`Pi ${label} skipped: ${choice.skipReason}`);
  }
  throw new Error(`no Pi release can run on this machine (${notes.join('; ')})`);
}
