import { spawnSync } from 'node:child_process';
import { PI_ANCHORS, findNodeFor, type PiVersion } from '@j1nn0/pi-real-hosts';
import { provisionNode22 } from './provision-node22.js';

/** The Pi version the adapter's docs/compatibility.md is documented against, and the one that runs on Node 20. */
export const DOCUMENTED_PI = '0.84.2';
export const FALLBACK_PI = '0.73.1';

export interface SmokeTarget {
  readonly version: PiVersion;
  readonly runtimePath: string;
  /** Where the Node binary came from, for the transcript. */
  readonly origin: string;
  /** Why the documented Pi could not run, when this is the fallback. */
  readonly fallbackReason?: string;
}

function piVersion(label: string): PiVersion {
  const version = PI_ANCHORS.find((candidate) => candidate.label === label);
  if (version === undefined) throw new Error(`Pi ${label} is not installed in pi-real-hosts`);
  return version;
}

function nodeVersionOf(nodePath: string): string {
  return spawnSync(nodePath, ['--version'], { encoding: 'utf8', timeout: 10_000 }).stdout.trim();
}

/**
 * The documented Pi on a Node >= 22.19 (the current one, PI_E2E_NODE, or one provisioned from the
 * npm registry); if none can be had, Pi 0.73.1 on the current Node, saying why.
 */
export function chooseSmokeTarget(log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): SmokeTarget {
  const documented = piVersion(DOCUMENTED_PI);
  const found = findNodeFor(documented, env);
  if (found.runtimePath !== null) {
    const origin = found.runtimePath === process.execPath ? 'the current Node' : 'PI_E2E_NODE';
    return { version: documented, runtimePath: found.runtimePath, origin: `${origin}, ${nodeVersionOf(found.runtimePath)}` };
  }
  log(`No Node >= 22.19 for Pi ${DOCUMENTED_PI} here: fetching one with scripts/provision-node22.sh (about a minute the first time)`);
  const provisioned = provisionNode22();
  if ('nodePath' in provisioned) {
    const checked = findNodeFor(documented, { ...env, PI_E2E_NODE: provisioned.nodePath });
    if (checked.runtimePath !== null) {
      const origin = `provisioned by scripts/provision-node22.sh, ${nodeVersionOf(checked.runtimePath)}`;
      return { version: documented, runtimePath: checked.runtimePath, origin };
    }
  }
  const why = 'problem' in provisioned ? provisioned.problem : 'the provisioned Node does not run';
  return {
    version: piVersion(FALLBACK_PI),
    runtimePath: process.execPath,
    origin: `the current Node, ${process.version}`,
    fallbackReason: `no Node >= 22.19 for Pi ${DOCUMENTED_PI}: ${why}`,
  };
}
