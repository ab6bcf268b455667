import { fileURLToPath } from 'node:url';

// The host contract: what the adapters rely on from a host, one suite run against the fake host, every
// Pi line and oh-my-pi, each behind the ContractHost port, with the contract probe loaded.
export { describeHostContract, type ContractCapabilities } from './host-contract.js';
export type { ClientUi, ContractHost, ContractNotice, ContractToolCall, OfferedTool, ProjectPackageLoad, SessionHandle } from './contract-host.js';
export { createFakeContractHost, FAKE_HOST_LINE } from './fake-contract-host.js';
export { PROBE_COMMAND, PROBE_ENTRY_TYPE, PROBE_TOOL, type ProbeEntry, type ProbeRecord } from './contract-probe.js';

/** The built probe, for a real host to load with `-e`: plain JavaScript without imports, as every host loads it. */
export const CONTRACT_PROBE_PATH = fileURLToPath(new URL('./contract-probe.js', import.meta.url));
