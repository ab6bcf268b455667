import { findNodeFor, type NodeChoice } from './node-binary.js';
import { PI_VERSIONS, type PiVersion } from './pi-versions.js';

/** One Pi version with the Node binary that runs it here, or the reason its suites skip. */
export type PiMatrixEntry = { readonly version: PiVersion } & NodeChoice;

/** Every Pi version of the matrix paired with its Node binary on this machine. */
export function piMatrix(env: NodeJS.ProcessEnv = process.env): PiMatrixEntry[] {
  return PI_VERSIONS.map((version) => ({ version, ...findNodeFor(version, env) }));
}
