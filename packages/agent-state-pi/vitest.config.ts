import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = {
  // The panel key's test reads every installed host's key code and starts Bun for oh-my-pi's.
  real: ['test/e2e/**/*.test.ts', 'test/ui/panel-key.test.ts'],
  // Seconds each takes alone, measured (see TestTiers.slowest).
  slowest: {
    'test/e2e/terminal-ui.test.ts': 60,
    'test/e2e/faults.test.ts': 44,
  },
};

export default tieredTestConfig(tiers);
