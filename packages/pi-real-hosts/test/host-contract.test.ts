import { describeHostContract } from '@j1nn0/pi-testkit/host-contract';
import { PI_RELEASE_LINES } from '@j1nn0/pi-testkit/host-facts';
import { startContractHost } from '../src/real/contract-host.js';
import { describeOmp } from '../src/real/omp-suite.js';
import { describeEachPi } from '../src/real/vitest-matrix.js';

// The host contract on every Pi release line and on oh-my-pi: the suite the fake host passes with the
// facts of the line it mirrors (pi-testkit/test/host-contract.test.ts), each host with its own facts.
// The probe is loaded with -e, one Pi process and one restart a host. It is installed as a project
// package (`pi install <folder> -l`, a start without --approve, and one with it where the line asks for
// trust) where that path's fact says lines differ: the oldest line, the lines on both sides of each
// change of `projectPackagesNeedApprove`, the newest line, and a release that is not listed
// (PI_E2E_ONLY=<package dir>). The anchors also install both adapters so in
// integration/test/both-adapters-on-every-host.test.ts.
const INSTALL_LINES: ReadonlySet<string> = new Set(
  PI_RELEASE_LINES.flatMap((line, index) => {
    const previous = PI_RELEASE_LINES[index - 1];
    const next = PI_RELEASE_LINES[index + 1];
    const changes = (other: typeof line | undefined): boolean => other === undefined || other.projectPackagesNeedApprove !== line.projectPackagesNeedApprove;
    return changes(previous) || changes(next) ? [line.version] : [];
  }),
);
const LISTED = new Set(PI_RELEASE_LINES.map((line) => line.version));

describeEachPi(
  'the host contract',
  (target) => {
    const projectPackage = INSTALL_LINES.has(target.version.label) || !LISTED.has(target.version.label);
    const can = { runsModel: true, writesFiles: true, installsProjectPackages: projectPackage };
    describeHostContract(`on Pi ${target.version.label}`, can, () => startContractHost(target, { projectPackage }));
  },
  { lines: 'all' },
);

describeOmp('the host contract', (target) => {
  describeHostContract('on oh-my-pi', { runsModel: true, writesFiles: true, installsProjectPackages: false }, () => startContractHost(target, { projectPackage: false }));
});
