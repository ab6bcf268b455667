import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runPiCli } from '../src/real/pi-cli.js';
import { startPi } from '../src/real/pi-driver.js';
import { createPiSandbox, type PiSandbox } from '../src/real/sandbox.js';
import { describeEachPi } from '../src/real/vitest-matrix.js';
import { writeEchoPackage } from './support/echo-fixture.js';

describeEachPi('Pi CLI in a sandbox', (target) => {
  let sandbox: PiSandbox;

  beforeAll(async () => {
    sandbox = await createPiSandbox();
  });

  afterAll(async () => {
    await sandbox.dispose();
  });

  it('installs a local package into the project settings, and RPC mode loads it when approved', async () => {
    const packageDir = await writeEchoPackage(sandbox.root);

    const result = await runPiCli({ ...target, sandbox, args: ['install', packageDir, '-l'] });

    expect(result.code).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain(`Installed ${packageDir}`);
    const settings: unknown = JSON.parse(await readFile(join(sandbox.projectDir, '.pi', 'settings.json'), 'utf8'));
    expect(settings).toEqual({ packages: [relative(join(sandbox.projectDir, '.pi'), packageDir)] });
    const pi = await startPi({ ...target, sandbox, approveProjectPackages: true });
    expect((await pi.getCommands()).map((command) => command.name)).toContain('echo');
    await pi.dispose();
  });
});
