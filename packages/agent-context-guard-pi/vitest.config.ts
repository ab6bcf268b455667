import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = {
  real: ['test/e2e/**/*.test.ts'],
  // Seconds each takes alone, measured (see TestTiers.slowest).
  slowest: {
    'test/e2e/compaction-paths.test.ts': 15,
  },
};

export default tieredTestConfig(tiers);
