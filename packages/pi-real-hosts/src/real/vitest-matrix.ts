import { afterAll, describe, it } from 'vitest';
import { hostLabel } from './host-launch.js';
import { piMatrix, planPiSuite, type PiLineSelection, type PiMatrixEntry } from './pi-matrix.js';
import type { PiVersion } from './pi-versions.js';
import { disposeAll } from './process-registry.js';

/** Bound for hooks and tests that start or drive a real Pi (start-up alone takes 0.5-2 s). */
export const PI_E2E_TIMEOUT_MS = 60_000;

/** The version a suite runs against; `runtimePath` throws inside a skipped suite, whose hooks never run. */
export interface PiTarget {
  readonly version: PiVersion;
  readonly runtimePath: string;
}

/**
 * Registers `scenarios` on one host of the matrix as `<title> (<host>)`. Without its runtime the suite is
 * skipped with the reason in its title (also printed as a warning, since vitest's reporter only counts
 * skips); under CI it is one failing test named `missing` instead, so a CI run cannot pass on part of
 * the matrix. Leftover drivers, models and sandboxes are disposed after the suite.
 */
export function describeHost(title: string, entry: PiMatrixEntry, missing: string, scenarios: (target: PiTarget) => void): void {
  const plan = planPiSuite(entry);
  const base = `${title} (${hostLabel(entry.version)})`;
  if (plan === 'fail') {
    describe(base, () => {
      it(missing, () => {
        throw new Error(`${hostLabel(entry.version)} cannot run under CI: ${String(entry.skipReason)}`);
      });
    });
    return;
  }
  const fullTitle = plan === 'skip' ? `${base} skipped: ${String(entry.skipReason)}` : base;
  if (plan === 'skip') console.warn(`[pi-real-hosts] ${fullTitle}`);
  const { runtimePath, skipReason } = entry;
  const target: PiTarget = {
    version: entry.version,
    get runtimePath(): string {
      if (runtimePath === null) throw new Error(`${hostLabel(entry.version)} suite is skipped: ${skipReason}`);
      return runtimePath;
    },
  };
  describe.skipIf(plan === 'skip')(fullTitle, { timeout: PI_E2E_TIMEOUT_MS }, () => {
    afterAll(disposeAll, PI_E2E_TIMEOUT_MS);
    scenarios(target);
  });
}

export interface DescribeEachPiOptions {
  /** `'anchors'` (default: 0.73.1, 0.84.2, 1.6.0) keeps costly suites cheap; `'all'` runs every release line. */
  readonly lines?: PiLineSelection;
  /** Only these versions of the chosen lines (labels such as `1.6.0`); default all of them. */
  readonly versions?: readonly string[];
  /** The Pi release that added what the suite tests (e.g. `1.6.0`): older versions are left out, also under PI_E2E_ONLY. */
  readonly since?: string;
}

/**
 * Registers the same scenarios once per Pi version of the matrix (see `options.lines`; PI_E2E_ONLY
 * overrides it), each with the Node binary that runs it (see describeHost for a version without one).
 */
export function describeEachPi(title: string, scenarios: (target: PiTarget) => void, options: DescribeEachPiOptions = {}): void {
  const entries = piMatrix(process.env, options.lines ?? 'anchors', options.versions, options.since);
  if (entries.length === 0) {
    // Every selected release predates the feature (e.g. PI_E2E_ONLY=0.73.1): say so instead of an empty file.
    const why = `no selected Pi release is ${options.since ?? 'in the matrix'} or later`;
    describe.skip(`${title}: ${why}`, () => {
      it.skip(why, () => undefined);
    });
  }
  for (const entry of entries) describeHost(title, entry, 'has a Node binary for this Pi version (CI runs the whole matrix)', scenarios);
}
