import { afterAll, describe, it } from 'vitest';
import { piMatrix, planPiSuite, type PiLineSelection, type PiMatrixEntry, type PiSuitePlan } from './pi-matrix.js';
import type { PiVersion } from './pi-versions.js';
import { disposeAll } from './process-registry.js';

/** Bound for hooks and tests that start or drive a real Pi (start-up alone takes 0.5-2 s). */
export const PI_E2E_TIMEOUT_MS = 60_000;

/** The version a suite runs against; `runtimePath` throws inside a skipped suite, whose hooks never run. */
export interface PiTarget {
  readonly version: PiVersion;
  readonly runtimePath: string;
}

function targetOf(entry: PiMatrixEntry): PiTarget {
  const { runtimePath, skipReason } = entry;
  return {
    version: entry.version,
    get runtimePath(): string {
      if (runtimePath === null) throw new Error(`Pi ${entry.version.label} suite is skipped: ${skipReason}`);
      return runtimePath;
    },
  };
}

/** The suite title, carrying the skip reason so a skipped run says how to enable it. */
function suiteTitle(title: string, entry: PiMatrixEntry, plan: PiSuitePlan): string {
  const base = `${title} (Pi ${entry.version.label})`;
  return plan === 'skip' ? `${base} skipped: ${String(entry.skipReason)}` : base;
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
 * Registers the same scenarios once per Pi version of the matrix (see `options.lines`; PI_E2E_ONLY overrides it). A version without a suitable Node
 * becomes a skipped suite whose title (also printed as a warning) says how to enable it; under CI it
 * becomes a failing one instead, so a CI run cannot pass on part of the matrix.
 * Leftover drivers, models and sandboxes are disposed after each suite.
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
  for (const entry of entries) {
    const plan = planPiSuite(entry);
    if (plan === 'fail') {
      describe(suiteTitle(title, entry, plan), () => {
        it('has a Node binary for this Pi version (CI runs the whole matrix)', () => {
          throw new Error(`Pi ${entry.version.label} cannot run under CI: ${String(entry.skipReason)}`);
        });
      });
      continue;
    }
    // Vitest's default reporter only counts skipped tests; this line makes the remedy visible.
    if (plan === 'skip') console.warn(`[pi-real-hosts] ${suiteTitle(title, entry, plan)}`);
    describe.skipIf(plan === 'skip')(suiteTitle(title, entry, plan), { timeout: PI_E2E_TIMEOUT_MS }, () => {
      afterAll(disposeAll, PI_E2E_TIMEOUT_MS);
      scenarios(targetOf(entry));
    });
  }
}
