import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = {
  real: [
    // Both adapters on every Pi line and oh-my-pi, then through ACP clients and in pictures of the terminal.
    'test/both-adapters-on-every-host.test.ts',
    'test/acp-omp.test.ts',
    'test/acp-pi-acp.test.ts',
    'test/demo-pictures.test.ts',
    'test/endurance.test.ts',
    // Each provider wire format Pi speaks, against a scripted provider that refuses what it would refuse.
    'test/provider-apis.test.ts',
    // The READMEs' code: the quick starts run in node, as a user pastes them.
    'test/readme-code.test.ts',
    // Packed, published and installed as a user gets them.
    'test/packed-tarballs.test.ts',
    'test/registry-install.test.ts',
    'test/release-rehearsal.test.ts',
  ],
  // Longest first (see TestTiers.slowest).
  slowest: [
    'test/both-adapters-on-every-host.test.ts',
    'test/release-rehearsal.test.ts',
    'test/endurance.test.ts',
    'test/registry-install.test.ts',
  ],
};

export default tieredTestConfig(tiers);
