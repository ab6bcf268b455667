import { findBunBinary } from './bun-binary.js';
import { OMP_VERSION } from './omp-host.js';
import { describeHost, type PiTarget } from './vitest-matrix.js';

/**
 * Registers scenarios on oh-my-pi under the pinned Bun, beside the Pi lines of describeEachPi: its
 * target's `runtimePath` is the Bun binary. Without one the suite is skipped, and fails under CI.
 */
export function describeOmp(title: string, scenarios: (target: PiTarget) => void): void {
  const { bunPath, skipReason } = findBunBinary();
  const entry = bunPath === null ? { version: OMP_VERSION, runtimePath: null, skipReason } : { version: OMP_VERSION, runtimePath: bunPath, skipReason: null };
  describeHost(title, entry, 'has the Bun binary of pi-real-hosts (CI runs every host)', scenarios);
}
