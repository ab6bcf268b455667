import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PI_E2E_TIMEOUT_MS,
  createPiSandbox,
  describeEachPi,
  describeOmp,
  runPiCli,
  startPi,
  useSharedPi,
  type PiCliResult,
  type PiDriver,
} from '@j1nn0/pi-real-hosts';
import { PI_RELEASE_LINES } from '@j1nn0/pi-testkit/host-facts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { warningLines } from '../src/startup-warnings.js';
import { bothAdaptersRun } from './support/both-adapters-run.js';
import { BOTH_EXTENSIONS } from './support/real-pi-with-both-adapters.js';

// Both adapters on every Pi line and on oh-my-pi: one run each of what a person does in a day (see
// both-adapters-run.ts), two host starts a line (the run's restart is the second). On the oldest and the
// newest line, the two sides of Pi's project trust (and of its scope change), they are installed as the
// README says (`pi install <folder> -l`, one after the other, into one project); elsewhere loaded with
// `-e`. The host contract (pi-real-hosts/test/host-contract.test.ts) installs a package folder on every
// line and shows where it loads without `--approve`; the rules are each adapter's fast tier.

const INSTALLED_ON = ['0.73.1', '1.6.0'];

const ADAPTER_DIRS = ['@j1nn0/agent-state-pi', '@j1nn0/agent-context-guard-pi'].map((name) =>
  dirname(fileURLToPath(import.meta.resolve(`${name}/package.json`))),
);

// Startup messages on: quietStartup would hide what a person sees at start.
const LOUD_STARTUP = { quietStartup: false };

function output(result: PiCliResult): string {
  return `${result.stdout}\n${result.stderr}`;
}

describeEachPi(
  'both adapters loaded with -e',
  (target) => {
    bothAdaptersRun(useSharedPi(target, BOTH_EXTENSIONS));
  },
  { lines: 'all', versions: PI_RELEASE_LINES.map((line) => line.version).filter((version) => !INSTALLED_ON.includes(version)) },
);

describeEachPi(
  'both adapters installed into one project',
  (target) => {
    const installs: PiCliResult[] = [];
    let pi: PiDriver | undefined;

    beforeAll(async () => {
      const sandbox = await createPiSandbox({ settings: LOUD_STARTUP });
      for (const [index, dir] of ADAPTER_DIRS.entries()) {
        // Pi 0.79+ refuse a second project install without --approve (older lines do not know the flag).
        const approve = index > 0 && target.version.projectPackagesNeedApprove ? ['--approve'] : [];
        installs.push(await runPiCli({ ...target, sandbox, args: ['install', dir, '-l', ...approve] }));
      }
      pi = await startPi({ ...target, sandbox, approveProjectPackages: true });
    }, PI_E2E_TIMEOUT_MS);
    afterAll(async () => {
      await pi?.dispose();
    }, PI_E2E_TIMEOUT_MS);

    it('installs each adapter without a warning', () => {
      expect(installs.map((result) => result.code)).toEqual([0, 0]);
      expect(installs.flatMap((result) => warningLines(output(result)))).toEqual([]);
    });

    bothAdaptersRun(() => {
      if (pi === undefined) throw new Error('Pi has not started');
      return pi;
    });
  },
  { versions: INSTALLED_ON },
);

describeOmp('both adapters loaded with -e', (target) => {
  bothAdaptersRun(useSharedPi(target, BOTH_EXTENSIONS));
});
