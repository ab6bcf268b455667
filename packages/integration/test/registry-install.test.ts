import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PI_E2E_TIMEOUT_MS,
  createPiSandbox,
  describeEachPi,
  startPi,
  type PiCliResult,
  type PiSandbox,
  type PiTarget,
} from '@j1nn0/pi-real-hosts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmokeChecks } from '../src/smoke-checks.js';
import { runSmokeScenario } from '../src/smoke-scenario.js';
import { warningLines } from '../src/startup-warnings.js';
import { LocalRegistry } from './support/local-registry.js';
import { publishablePackages } from './support/packed-packages.js';
import { PI_PACKAGES as ADAPTERS, installedDir, npmEnvIn, piInstallFromRegistry } from './support/pi-npm-install.js';
import { publishWorkspace, registryDocument } from './support/registry-publish.js';

const PUBLISH_TIMEOUT_MS = 240_000;
const INSTALL_TIMEOUT_MS = 120_000;

let scratchDir: string | undefined;
let publishing: Promise<LocalRegistry> | undefined;

/** One registry for the whole file, with every publishable package published to it once. */
function publishedRegistry(): Promise<LocalRegistry> {
  publishing ??= (async () => {
    scratchDir = await mkdtemp(join(tmpdir(), 'local-registry-'));
    const registry = await LocalRegistry.start(join(scratchDir, 'registry'));
    await publishWorkspace(registry.url, scratchDir);
    return registry;
  })();
  return publishing;
}

afterAll(async () => {
  const registry = await publishing?.catch(() => undefined);
  await registry?.dispose();
  if (scratchDir !== undefined) await rm(scratchDir, { recursive: true, force: true, maxRetries: 3 });
}, PI_E2E_TIMEOUT_MS);

/** npm's own folders for one Pi version's sandbox, inside the file's scratch folder. */
function npmRootOf(target: PiTarget): string {
  if (scratchDir === undefined) throw new Error('the registry is not started');
  return join(scratchDir, `npm-${target.version.label}`);
}

function installedIn(target: PiTarget, sandbox: PiSandbox, name: string): string {
  return installedDir(target, sandbox, npmRootOf(target), name);
}

describe('the workspace published to a local registry', () => {
  it('holds every publishable package, each adapter depending on its core at the published version', async () => {
    const registry = await publishedRegistry();
    const names = (await publishablePackages()).map((pkg) => pkg.manifest.name);
    for (const name of names) {
      expect(await registryDocument(registry.url, name), name).toMatchObject({ name });
    }
    for (const [adapter, core] of [
      ['@j1nn0/agent-state-pi', '@j1nn0/agent-state'],
      ['@j1nn0/agent-context-guard-pi', '@j1nn0/agent-context-guard'],
    ] as const) {
      const document = (await registryDocument(registry.url, adapter)) as { 'dist-tags': { latest: string }; versions: Record<string, { dependencies?: unknown }> };
      const coreDocument = (await registryDocument(registry.url, core)) as { 'dist-tags': { latest: string } };
      const latest = document.versions[document['dist-tags'].latest];
      expect(latest?.dependencies, adapter).toEqual({ [core]: coreDocument['dist-tags'].latest });
    }
  }, PUBLISH_TIMEOUT_MS);
});

describeEachPi(
  'pi install npm: from the local registry',
  (target) => {
    let sandbox: PiSandbox;
    let installs: PiCliResult[];

    beforeAll(async () => {
      const registry = await publishedRegistry();
      sandbox = await createPiSandbox({ env: npmEnvIn(npmRootOf(target), registry.url) });
      installs = await piInstallFromRegistry(target, sandbox, ADAPTERS, INSTALL_TIMEOUT_MS);
    }, PUBLISH_TIMEOUT_MS + 2 * INSTALL_TIMEOUT_MS);

    it('installs both adapters from the registry with no warning, where this Pi keeps global npm packages in the sandbox', () => {
      expect(installs.map((result) => result.code)).toEqual([0, 0]);
      expect(installs.flatMap((result) => warningLines(`${result.stdout}\n${result.stderr}`))).toEqual([]);
      for (const name of ADAPTERS) expect(existsSync(join(installedIn(target, sandbox, name), 'package.json')), name).toBe(true);
    });

    it('runs the smoke with the installed adapters: commands, a tool call, a resume, Context Guard, no warning', async () => {
      const pi = await startPi({ ...target, sandbox });
      const checks = new SmokeChecks();
      const agentStateDir = installedIn(target, sandbox, '@j1nn0/agent-state-pi');

      await runSmokeScenario({ pi, checks, print: () => undefined, agentStateDir, contextGuardDir: installedIn(target, sandbox, '@j1nn0/agent-context-guard-pi') });

      expect(pi.extensionErrors()).toEqual([]);
      await pi.dispose();
    }, INSTALL_TIMEOUT_MS);
  },
  { versions: ['0.73.1', '1.6.0'] },
);
