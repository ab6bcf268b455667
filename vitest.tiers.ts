// The test tiers every package's vitest config is built from: `fast` (unit, property, fake host and
// type tests, all in-process) and `real` (files that start a real host or another process: Pi lines,
// oh-my-pi, a pty, an ACP bridge, npm pack, a registry, a stand-in CLI). `vitest run` runs both;
// `vitest run --project fast` (root: `pnpm test:fast`) is the loop to run after each change.
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Real-host files mostly wait on the processes they start (a Pi start is 0.5-2 s of one core, a turn
 * a few ms of it), so more files than cores overlap that waiting; past three on 2 cores, Pi start-ups
 * contend for the CPU and bounds tuned for one loaded machine get close.
 */
const REAL_TIER_WORKERS = 3;

export interface TestTiers {
  /** Globs (relative to the package) of the files that start a real host or another process. */
  readonly real: readonly string[];
}

/** A package's vitest config: the `fast` project over every test file but `real`, and the `real` project over those. */
export function tieredTestConfig(tiers: TestTiers): ViteUserConfig {
  const include = ['test/**/*.test.ts'];
  return defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'fast',
            include,
            exclude: [...configDefaults.exclude, ...tiers.real],
            // In-process work only: one worker per core.
            maxWorkers: availableParallelism(),
            sequence: { groupOrder: 0 },
            typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
          },
        },
        ...(tiers.real.length === 0
          ? []
          : [
              {
                extends: true as const,
                test: {
                  name: 'real',
                  include: [...tiers.real],
                  maxWorkers: REAL_TIER_WORKERS,
                  sequence: { groupOrder: 1 },
                },
              },
            ]),
      ],
    },
  });
}
