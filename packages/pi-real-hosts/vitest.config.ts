import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = {
  real: [
    // The host contract on every Pi line and oh-my-pi.
    'test/host-contract.test.ts',
    // Real Pi lines, through RPC, the CLI, Pi's own RpcClient and a pty.
    'test/real-pi-cli.test.ts',
    'test/real-pi-driver.test.ts',
    'test/real-pi-terminal-session.test.ts',
    'test/real-pi-terminal.test.ts',
    'test/real-rpc-client.test.ts',
    // Stand-in Pi CLIs and ACP agents: processes of their own, and a pty.
    'test/real-pi-driver-failures.test.ts',
    'test/terminal-failures.test.ts',
    'test/acp-client.test.ts',
  ],
  // Longest first (see TestTiers.slowest).
  slowest: [
    'test/host-contract.test.ts',
    'test/real-pi-terminal-session.test.ts',
    'test/real-pi-driver.test.ts',
  ],
};

export default tieredTestConfig(tiers);
