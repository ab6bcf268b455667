import { describeHostContract } from '@j1nn0/pi-testkit/host-contract';
import { startContractHost } from '../src/real/contract-host.js';
import { describeOmp } from '../src/real/omp-suite.js';
import { describeEachPi } from '../src/real/vitest-matrix.js';

// The host contract on every Pi release line and on oh-my-pi: the suite the fake host passes with the
// facts of the line it mirrors (pi-testkit/test/host-contract.test.ts), each host with its own facts.
// On Pi the probe is installed as a project package; oh-my-pi loads it with -e.
describeEachPi('the host contract', (target) => {
  describeHostContract(`on Pi ${target.version.label}`, { runsModel: true, writesFiles: true, installsProjectPackages: true }, () => startContractHost(target));
}, { lines: 'all' });

describeOmp('the host contract', (target) => {
  describeHostContract('on oh-my-pi', { runsModel: true, writesFiles: true, installsProjectPackages: false }, () => startContractHost(target));
});
