import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = {
  real: ['test/e2e/**/*.test.ts'],
  // Seconds each takes alone, measured (see TestTiers.slowest).
  slowest: {
    'test/e2e/terminal-ui.test.ts': 60,
    'test/e2e/faults.test.ts': 44,
  },
};

export default tieredTestConfig(tiers);
