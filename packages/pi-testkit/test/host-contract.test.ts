import { createFakeContractHost, describeHostContract } from '../src/host-contract/index.js';

// The fake host against the host contract, with the facts of the line it mirrors; the same suite runs on
// every real line and oh-my-pi (pi-real-hosts/test/host-contract.test.ts).
describeHostContract('the host contract on the fake host', { runsModel: false, writesFiles: false, installsProjectPackages: false }, createFakeContractHost);
