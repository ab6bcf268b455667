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

export interface PiTargets {
  /** The release the real-Pi figures use: 0.84.2 on Node 22, else 0.73.1. */
  readonly primary: PiTarget;
  /** Every release that can run here, among 0.73.1, 0.84.2 and 1.6.0 (oldest first), for the start-up figure. */
  readonly startup: readonly PiTarget[];
  /** The oldest and the newest line (0.73.1, 1.6.0) where they can run, for the real-Pi restore figure. */
  readonly lines: readonly PiTarget[];
  /** Why a wanted release could not run, for the report's notes. */
  readonly notes: readonly string[];
}

// src/bench and dist/bench are both three levels below the repository root.
const PROVISION_SCRIPT = fileURLToPath(new URL('../../../../scripts/provision-node22.sh', import.meta.url));
const PROVISION_TIMEOUT_MS = 120_000;

// The oldest and the newest release line the adapters support (pi-real-hosts' anchors).
const OLDEST_LINE = '0.73.1';
const NEWEST_LINE = '1.6.0';

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

export function choosePiTargets(): PiTargets {
  const environment = node22Environment();
  const notes: string[] = [];
  const targets: PiTarget[] = [];
  for (const label of [OLDEST_LINE, '0.84.2', NEWEST_LINE]) {
    const version = versionLabelled(label);
    const choice = findNodeFor(version, environment);
    if (choice.runtimePath === null) notes.push(`Pi ${label} skipped: ${choice.skipReason}`);
    else targets.push({ version, runtimePath: choice.runtimePath, nodeVersion: nodeVersionOf(choice.runtimePath) });
  }
  const primary = targets.find((target) => target.version.label === '0.84.2') ?? targets[0];
  if (primary === undefined) throw new Error('no Pi release can run on this machine');
  const lines = targets.filter((target) => target.version.label !== '0.84.2');
  return { primary, startup: targets, lines, notes };
}
