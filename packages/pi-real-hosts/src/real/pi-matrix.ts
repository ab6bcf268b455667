import { isAbsolute } from 'node:path';
import { findNodeFor, isAtLeast, parseNodeVersion, type NodeChoice } from './node-binary.js';
import { versionFromPackageDir } from './pi-package-dir.js';
import { PI_VERSIONS, PI_ANCHORS, type PiVersion } from './pi-versions.js';

/** One Pi version with the Node binary that runs it here, or the reason its suites skip. */
export type PiMatrixEntry = { readonly version: PiVersion } & NodeChoice;

/** Which versions a suite runs on: every release line, or only the three anchors. */
export type PiLineSelection = 'all' | 'anchors';

/**
 * The versions a suite runs on. PI_E2E_ONLY overrides the selection: an absolute Pi package dir (how
 * `pnpm test:pi-latest` runs a release outside the list) or comma-separated listed versions.
 */
export function piVersionsFor(lines: PiLineSelection, env: NodeJS.ProcessEnv = process.env): readonly PiVersion[] {
  const only = env['PI_E2E_ONLY']?.trim();
  if (only === undefined || only === '') return lines === 'all' ? PI_VERSIONS : PI_ANCHORS;
  if (isAbsolute(only)) return [versionFromPackageDir(only)];
  return only.split(',').map((label) => {
    const version = PI_VERSIONS.find((candidate) => candidate.label === label.trim());
    if (version === undefined) {
      const known = PI_VERSIONS.map((candidate) => candidate.label).join(', ');
      throw new Error(`PI_E2E_ONLY names ${label.trim()}, which is not a listed Pi release line (${known}) nor an absolute package dir`);
    }
    return version;
  });
}

/**
 * The versions named by `labels`, in matrix order; all of them when `labels` is undefined. An
 * unknown label throws, so a suite cannot silently run on fewer versions than it names.
 */
export function selectPiVersions(versions: readonly PiVersion[], labels: readonly string[] | undefined): PiVersion[] {
  if (labels === undefined) return [...versions];
  const unknown = labels.filter((label) => !versions.some((version) => version.label === label));
  if (unknown.length > 0) throw new Error(`Pi versions not in the matrix: ${unknown.join(', ')}`);
  return versions.filter((version) => labels.includes(version.label));
}

/**
 * The versions of `lines` (default the anchors), narrowed to `labels` when given, each paired with the
 * Node binary that runs it on this machine. `since` leaves out releases older than it, also under
 * PI_E2E_ONLY: a suite about a feature Pi added in that release has nothing to test before it.
 */
export function piMatrix(
  env: NodeJS.ProcessEnv = process.env,
  lines: PiLineSelection = 'anchors',
  labels?: readonly string[],
  since?: string,
): PiMatrixEntry[] {
  // PI_E2E_ONLY already narrows the versions; a suite's own labels then apply only without it.
  const versions = env['PI_E2E_ONLY']?.trim() ? piVersionsFor(lines, env) : selectPiVersions(piVersionsFor(lines, env), labels);
  const first = since === undefined ? undefined : parseNodeVersion(since);
  if (since !== undefined && first === undefined) throw new Error(`since: ${since} is not a Pi release (x.y.z)`);
  return versions
    .filter((version) => first === undefined || isAtLeast(parseNodeVersion(version.label) ?? [0, 0, 0], first))
    .map((version) => ({ version, ...findNodeFor(version, env) }));
}

/** What a suite does with one matrix entry: run it, skip it, or fail it because CI must run the whole matrix. */
export type PiSuitePlan = 'run' | 'skip' | 'fail';

/** Under CI (`CI` set, not `false` or `0`) a version without a suitable Node fails instead of skipping. */
export function planPiSuite(entry: PiMatrixEntry, env: NodeJS.ProcessEnv = process.env): PiSuitePlan {
  if (entry.skipReason === null) return 'run';
  const ci = env['CI'];
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0' ? 'fail' : 'skip';
}
