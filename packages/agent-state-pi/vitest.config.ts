import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = {
  real: ['test/e2e/**/*.test.ts'],
  // Longest first (see TestTiers.slowest).
  slowest: [
    'test/e2e/every-line-1.test.ts',
    'test/e2e/every-line-2.test.ts',
    'test/e2e/every-line-3.test.ts',
    'test/e2e/faults.test.ts',
    'test/e2e/pi-install.test.ts',
    'test/e2e/print-mode.test.ts',
  ],
};

export default tieredTestConfig(tiers);
