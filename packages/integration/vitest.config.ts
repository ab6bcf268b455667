import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = {
  real: [
    // Both adapters on every Pi line and oh-my-pi.
    'test/both-adapters-on-every-host.test.ts',
    // Both adapters on each surface: oh-my-pi's RPC mode, Pi's RpcClient, `pi -p` and JSON mode, codemode,
    // ACP clients and pictures of the terminal.
    'test/omp-rpc.test.ts',
    'test/rpc-client.test.ts',
    'test/print-mode.test.ts',
    'test/codemode.test.ts',
    'test/acp-clients.test.ts',
    'test/demo-pictures.test.ts',
    // Each provider wire format Pi speaks, against a scripted provider that refuses what it would refuse.
    'test/provider-apis.test.ts',
    // The READMEs' code: the quick starts run in node, as a user pastes them.
    'test/readme-code.test.ts',
    // A release rehearsed: built, versioned, published to a local registry and installed as a user gets it.
    'test/release-rehearsal.test.ts',
  ],
  // Seconds each takes alone, measured (see TestTiers.slowest).
  slowest: {
    'test/both-adapters-on-every-host.test.ts': 125,
    'test/release-rehearsal.test.ts': 74,
    'test/provider-apis.test.ts': 55,
    'test/acp-clients.test.ts': 32,
    'test/demo-pictures.test.ts': 25,
    'test/print-mode.test.ts': 23,
  },
};

export default tieredTestConfig(tiers);
