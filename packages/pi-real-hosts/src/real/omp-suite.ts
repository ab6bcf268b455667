import { afterAll, describe, it } from 'vitest';
import { findBunBinary, type BunChoice } from './bun-binary.js';
import { hostLabel } from './host-launch.js';
import { OMP_VERSION } from './omp-host.js';
import { planPiSuite, type PiMatrixEntry } from './pi-matrix.js';
import { disposeAll } from './process-registry.js';
import { PI_E2E_TIMEOUT_MS, type PiTarget } from './vitest-matrix.js';

/** oh-my-pi under the pinned Bun: a target like describeEachPi's (its `runtimePath` is the Bun binary). */
function ompTarget(choice: BunChoice = findBunBinary()): PiTarget {
  return {
    version: OMP_VERSION,
    get runtimePath(): string {
      if (choice.bunPath === null) throw new Error(`${hostLabel(OMP_VERSION)} suite is skipped: ${choice.skipReason}`);
      return choice.bunPath;
    },
  };
}

/**
 * Registers scenarios on oh-my-pi, beside the Pi lines of describeEachPi. Without a Bun binary the
 * suite is skipped with the reason in its title, and fails under CI (which must run every host).
 */
export function describeOmp(title: string, scenarios: (target: PiTarget) => void): void {
  const choice = findBunBinary();
  const entry: PiMatrixEntry =
    choice.bunPath === null
      ? { version: OMP_VERSION, runtimePath: null, skipReason: choice.skipReason }
      : { version: OMP_VERSION, runtimePath: choice.bunPath, skipReason: null };
  const plan = planPiSuite(entry);
  const base = `${title} (${hostLabel(OMP_VERSION)})`;
  if (plan === 'fail') {
    describe(base, () => {
      it('has the Bun binary of pi-real-hosts (CI runs every host)', () => {
        throw new Error(`${hostLabel(OMP_VERSION)} cannot run under CI: ${String(choice.skipReason)}`);
      });
    });
    return;
  }
  const fullTitle = plan === 'skip' ? `${base} skipped: ${String(choice.skipReason)}` : base;
  if (plan === 'skip') console.warn(`[pi-real-hosts] ${fullTitle}`);
  describe.skipIf(plan === 'skip')(fullTitle, { timeout: PI_E2E_TIMEOUT_MS }, () => {
    afterAll(disposeAll, PI_E2E_TIMEOUT_MS);
    scenarios(ompTarget(choice));
  });
}
