import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = {
  real: [
    // The host contract on every Pi line and oh-my-pi.
    'test/host-contract.test.ts',
    // The harness's own failure modes, against stand-in CLIs and ACP agents and the Pi lines they concern.
    'test/pi-terminal.test.ts',
    'test/rpc-client.test.ts',
    'test/pi-driver.test.ts',
    'test/acp-client.test.ts',
  ],
  // Seconds each takes alone, measured (see TestTiers.slowest).
  slowest: {
    'test/host-contract.test.ts': 140,
    'test/pi-terminal.test.ts': 15,
  },
};

export default tieredTestConfig(tiers);
