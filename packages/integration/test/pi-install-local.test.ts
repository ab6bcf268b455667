import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PI_E2E_TIMEOUT_MS,
  createPiSandbox,
  describeEachPi,
  runPiCli,
  startPi,
  startScriptedModel,
  type PiCliResult,
  type PiSandbox,
  type PiTarget,
} from '@j1nn0/pi-real-hosts';
import { beforeAll, expect, it } from 'vitest';
import { warningLines } from '../src/startup-warnings.js';
import { AGENT_STATE_COMMAND, CONTEXT_GUARD_COMMAND, EMPTY_AGENT_STATE, EMPTY_CONTEXT_GUARD_LIST } from './support/adapter-names.js';
import { readCommand } from './support/real-pi-with-both-adapters.js';

// The seed's way of installing: `pi install <package folder> -l` for each adapter, into one project.
const ADAPTER_DIRS = ['@j1nn0/agent-state-pi', '@j1nn0/agent-context-guard-pi'].map((name) =>
  dirname(fileURLToPath(import.meta.resolve(`${name}/package.json`))),
);

// Startup messages on: quietStartup would hide what a person sees at start.
const LOUD_STARTUP = { quietStartup: false };

function output(result: PiCliResult): string {
  return `${result.stdout}\n${result.stderr}`;
}

/** Installs both adapters; on 0.84+ the second project install is refused without `--approve`. */
async function installBoth(target: PiTarget, sandbox: PiSandbox): Promise<PiCliResult[]> {
  const results: PiCliResult[] = [];
  for (const [index, dir] of ADAPTER_DIRS.entries()) {
    const approve = index > 0 && target.version.projectPackagesNeedApprove ? ['--approve'] : [];
    results.push(await runPiCli({ ...target, sandbox, args: ['install', dir, '-l', ...approve] }));
  }
  return results;
}

describeEachPi('both adapters installed with pi install -l into one project', (target) => {
  let sandbox: PiSandbox;
  let installs: PiCliResult[];

  beforeAll(async () => {
    sandbox = await createPiSandbox({ settings: LOUD_STARTUP });
    installs = await installBoth(target, sandbox);
  }, PI_E2E_TIMEOUT_MS);

  it('installs each adapter without a warning', () => {
    expect(installs.map((result) => result.code)).toEqual([0, 0]);
    expect(installs.flatMap((result) => warningLines(output(result)))).toEqual([]);
  });

  it('starts in RPC mode with no warning and both commands registered under their own names', async () => {
    const pi = await startPi({ ...target, sandbox, approveProjectPackages: true });

    const names = (await pi.getCommands()).map((command) => command.name);
    expect(names).toContain(AGENT_STATE_COMMAND);
    expect(names).toContain(CONTEXT_GUARD_COMMAND);
    expect(names.filter((name) => /^(?:agent-state|context-guard):\d+$/u.test(name))).toEqual([]);
    expect(await readCommand(pi, '/agent-state status')).toBe(EMPTY_AGENT_STATE);
    expect(await readCommand(pi, '/context-guard list')).toBe(EMPTY_CONTEXT_GUARD_LIST);
    expect(warningLines(pi.stderr())).toEqual([]);
    expect(pi.extensionErrors()).toEqual([]);
    await pi.dispose();
  });

  it('prints no startup warning in print mode, where both commands run without reaching the model', async () => {
    const model = await startScriptedModel();
    await sandbox.writeAgentJson('models.json', model.modelsJson());
    const approve = target.version.projectPackagesNeedApprove ? ['--approve'] : [];
    const args = [...model.cliArgs, '--session-dir', sandbox.sessionDir, ...approve, '-p', '/agent-state status', '/context-guard list'];

    const result = await runPiCli({ ...target, sandbox, args });

    expect(warningLines(output(result))).toEqual([]);
    // An adapter that failed to load would leave its command line to the model as a prompt.
    expect(model.chatRequests()).toEqual([]);
    expect(result.code).toBe(0);
    await model.dispose();
  });
});
