import { spawnSync } from 'node:child_process';

import type { RuntimeVersion } from '@j1nn0/pi-testkit/host-facts';

/** The exact instruction a skipped e2e suite prints. */
export const ENABLE_NODE22_HINT =
  'set PI_E2E_NODE to a Node >= 22.19 binary; `bash scripts/provision-node22.sh` prints one';

/** The result of choosing a Node binary for one Pi version: a path, or why there is none. */
export type NodeChoice =
  | { readonly runtimePath: string; readonly skipReason: null }
  | { readonly runtimePath: null; readonly skipReason: string };

/** Parses `v22.19.0` or `22.19.0`; undefined for anything else. */
export function parseNodeVersion(text: string): RuntimeVersion | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)\s*$/.exec(text.trim());
  if (match === null) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function isAtLeast(version: RuntimeVersion, minimum: RuntimeVersion): boolean {
  for (let index = 0; index < 3; index++) {
    const difference = (version[index] ?? 0) - (minimum[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

function formatNodeVersion(version: RuntimeVersion): string {
  return version.join('.');
}

/** What choosing a Node binary needs to know of a Pi version (a PiVersion is one). */
export interface NodeRequirement {
  readonly label: string;
  readonly minimumRuntime: RuntimeVersion;
}

/** What `chooseNodeBinary` needs to know about the machine; all of it injectable for tests. */
export interface NodeCandidates {
  readonly currentPath: string;
  readonly currentVersion: RuntimeVersion;
  /** The value of PI_E2E_NODE, if set. */
  readonly overridePath: string | undefined;
  /** Runs `<path> --version`; undefined when the binary does not run. */
  readonly probeVersion: (path: string) => RuntimeVersion | undefined;
}

/** The current node when new enough, else PI_E2E_NODE when it is, else a skip reason saying how to enable. */
export function chooseNodeBinary(version: NodeRequirement, candidates: NodeCandidates): NodeChoice {
  const minimum = version.minimumRuntime;
  if (isAtLeast(candidates.currentVersion, minimum)) {
    return { runtimePath: candidates.currentPath, skipReason: null };
  }
  const needs = `Pi ${version.label} needs Node >= ${formatNodeVersion(minimum)}`;
  const current = `this is Node ${formatNodeVersion(candidates.currentVersion)}`;
  if (candidates.overridePath === undefined || candidates.overridePath === '') {
    return { runtimePath: null, skipReason: `${needs} (${current}): ${ENABLE_NODE22_HINT}` };
  }
  const overrideVersion = candidates.probeVersion(candidates.overridePath);
  if (overrideVersion === undefined) {
    return { runtimePath: null, skipReason: `${needs}; PI_E2E_NODE does not run: ${ENABLE_NODE22_HINT}` };
  }
  if (!isAtLeast(overrideVersion, minimum)) {
    const found = `PI_E2E_NODE is Node ${formatNodeVersion(overrideVersion)}`;
    return { runtimePath: null, skipReason: `${needs}; ${found}: ${ENABLE_NODE22_HINT}` };
  }
  return { runtimePath: candidates.overridePath, skipReason: null };
}

function probeNodeVersion(path: string): RuntimeVersion | undefined {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.status !== 0) return undefined;
  return parseNodeVersion(result.stdout);
}

/** Chooses the Node binary for `version` on this machine (reads PI_E2E_NODE and probes it). */
export function findNodeFor(version: NodeRequirement, env: NodeJS.ProcessEnv = process.env): NodeChoice {
  const currentVersion = parseNodeVersion(process.versions.node) ?? [0, 0, 0];
  return chooseNodeBinary(version, {
    currentPath: process.execPath,
    currentVersion,
    overridePath: env['PI_E2E_NODE'],
    probeVersion: probeNodeVersion,
  });
}
