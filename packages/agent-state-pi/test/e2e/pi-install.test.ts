import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { PI_E2E_TIMEOUT_MS, createPiSandbox, describeEachPi, runPiCli, startPi, type PiCliResult, type PiSandbox } from '@j1nn0/pi-real-hosts';
import { beforeAll, expect, it } from 'vitest';
import { EMPTY_STATUS } from '../snapshots.js';
import { PACKAGE_DIR, runAgentState } from './support/real-pi.js';

describeEachPi('agent-state-pi installed with `pi install -l` in the real Pi', (target) => {
  // One project with the package installed; each test starts its own Pi in it.
  let sandbox: PiSandbox;
  let install: PiCliResult;

  beforeAll(async () => {
    sandbox = await createPiSandbox();
    install = await runPiCli({ ...target, sandbox, args: ['install', PACKAGE_DIR, '-l'] });
    // A real `pi install`: on a loaded machine it outlasts vitest's default 10 s hook bound.
  }, PI_E2E_TIMEOUT_MS);

  it('installs the package folder into the project and loads it from .pi/settings.json', async () => {
    expect(install.code).toBe(0);
    const settings: unknown = JSON.parse(await readFile(join(sandbox.projectDir, '.pi', 'settings.json'), 'utf8'));
    expect(settings).toEqual({ packages: [relative(join(sandbox.projectDir, '.pi'), PACKAGE_DIR)] });

    const pi = await startPi({ ...target, sandbox, approveProjectPackages: true });

    expect(await runAgentState(pi, 'status')).toEqual([{ message: EMPTY_STATUS, notifyType: 'info' }]);
    expect(pi.extensionErrors()).toEqual([]);
  });

  // Pi's behaviour, not the extension's: 0.84 and later skip project packages in rpc mode unless
  // the run passes --approve; 0.73.1 always loads them.
  it('documents Pi: without --approve the package loads only on versions that do not ask for trust', async () => {
    const pi = await startPi({ ...target, sandbox });

    const loaded = (await pi.getCommands()).some((command) => command.name === 'agent-state');
    expect(loaded).toBe(!target.version.projectPackagesNeedApprove);
  });
}, { lines: 'all' });
