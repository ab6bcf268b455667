import { findNodeFor, type NodeChoice } from './node-binary.js';
import { PI_VERSIONS, type PiVersion } from './pi-versions.js';

/** One Pi version with the Node binary that runs it here, or the reason its suites skip. */
export type PiMatrixEntry = { readonly version: PiVersion } & NodeChoice;

/** Every Pi version of the matrix paired with its Node binary on this machine. */
export function piMatrix(env: NodeJS.ProcessEnv = process.env, versions: readonly PiVersion[] = PI_VERSIONS): PiMatrixEntry[] {
  return versions.map((version) => ({ version, ...findNodeFor(version, env) }));
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

/** What a suite does with one matrix entry: run it, skip it, or fail it because CI must run the whole matrix. */
export type PiSuitePlan = 'run' | 'skip' | 'fail';

/** Under CI (`CI` set, not `false` or `0`) a version without a suitable Node fails instead of skipping. */
export function planPiSuite(entry: PiMatrixEntry, env: NodeJS.ProcessEnv = process.env): PiSuitePlan {
  if (entry.skipReason === null) return 'run';
  const ci = env['CI'];
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0' ? 'fail' : 'skip';
}
