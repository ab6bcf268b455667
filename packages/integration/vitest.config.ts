import { tieredTestConfig } from '../../vitest.tiers.js';

export default tieredTestConfig({
  real: [
    // Both adapters in real Pi lines and oh-my-pi: RPC, terminal, ACP.
    'test/acp-omp.test.ts',
    'test/acp-pi-acp.test.ts',
    'test/coexistence-real-pi.test.ts',
    'test/demo-pictures.test.ts',
    'test/endurance.test.ts',
    'test/omp-coexistence.test.ts',
    // Packed, published and installed as a user gets them.
    'test/packed-tarballs.test.ts',
    'test/pi-install-local.test.ts',
    'test/registry-install.test.ts',
    'test/release-rehearsal.test.ts',
  ],
});
