import { afterAll, describe } from 'vitest';
import { piMatrix, type PiMatrixEntry } from './pi-matrix.js';
import type { PiVersion } from './pi-versions.js';
import { disposeAll } from './process-registry.js';

/** Bound for hooks and tests that start or drive a real Pi (start-up alone takes 0.5-2 s). */
export const PI_E2E_TIMEOUT_MS = 60_000;

/** The version a suite runs against; `nodePath` throws inside a skipped suite, whose hooks never run. */
export interface PiTarget {
  readonly version: PiVersion;
  readonly nodePath: string;
}

function targetOf(entry: PiMatrixEntry): PiTarget {
  const { nodePath, skipReason } = entry;
  return {
    version: entry.version,
    get nodePath(): string {
      if (nodePath === null) throw new Error(`Pi ${entry.version.label} suite is skipped: ${skipReason}`);
      return nodePath;
    },
  };
}

/** The suite title, carrying the skip reason so a skipped run says how to enable it. */
function suiteTitle(title: string, entry: PiMatrixEntry): string {
  const base = `${title} (Pi ${entry.version.label})`;
  return entry.skipReason === null ? base : `${base} skipped: ${entry.skipReason}`;
}

/**
 * Registers the same scenarios once per Pi version of the matrix. A version without a suitable Node
 * becomes a skipped suite whose title (also printed as a warning) says how to enable it.
 * Leftover drivers, models and sandboxes are disposed after each suite.
 */
export function describeEachPi(title: string, scenarios: (target: PiTarget) => void): void {
  for (const entry of piMatrix()) {
    // Vitest's default reporter only counts skipped tests; this line makes the remedy visible.
    if (entry.skipReason !== null) console.warn(`[pi-testkit] ${suiteTitle(title, entry)}`);
    describe.skipIf(entry.skipReason !== null)(suiteTitle(title, entry), { timeout: PI_E2E_TIMEOUT_MS }, () => {
      afterAll(disposeAll, PI_E2E_TIMEOUT_MS);
      scenarios(targetOf(entry));
    });
  }
}
