import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = {
  real: [
    // Both adapters in real Pi lines and oh-my-pi: RPC, terminal, ACP.
    'test/acp-omp.test.ts',
    'test/acp-pi-acp.test.ts',
    'test/coexistence-real-pi.test.ts',
    'test/demo-pictures.test.ts',
    'test/endurance.test.ts',
    'test/omp-coexistence.test.ts',
    // Each provider wire format Pi speaks, against a scripted provider that refuses what it would refuse.
    'test/provider-apis.test.ts',
    // Packed, published and installed as a user gets them.
    'test/packed-tarballs.test.ts',
    'test/pi-install-local.test.ts',
    'test/registry-install.test.ts',
    'test/release-rehearsal.test.ts',
  ],
  // Longest first (see TestTiers.slowest).
  slowest: [
    'test/release-rehearsal.test.ts',
    'test/endurance.test.ts',
    'test/registry-install.test.ts',
  ],
};

export default tieredTestConfig(tiers);
