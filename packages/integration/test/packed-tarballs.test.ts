import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { describeEachPi, startPi } from '@j1nn0/pi-real-hosts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danglingMapSources, hostPackagesIn, shipsLicense } from '../src/package-checks.js';
import { SmokeChecks } from '../src/smoke-checks.js';
import { runSmokeScenario } from '../src/smoke-scenario.js';
import { packAll, publishablePackages, type PackedPackage } from './support/packed-packages.js';
import { relativeLinks } from './support/markdown-links.js';
import { installedPackageDir, npmInstallTarballs } from './support/tarball-install.js';

const PACKING_TIMEOUT_MS = 120_000;
const INSTALL_TIMEOUT_MS = 180_000;

const ADAPTER_CORES: Readonly<Record<string, string>> = {
  '@j1nn0/agent-state-pi': '@j1nn0/agent-state',
  '@j1nn0/agent-context-guard-pi': '@j1nn0/agent-context-guard',
};

let scratchDir: string | undefined;
let packing: Promise<PackedPackage[]> | undefined;
let installing: Promise<string> | undefined;

async function scratch(): Promise<string> {
  scratchDir ??= await mkdtemp(join(tmpdir(), 'packed-tarballs-'));
  return scratchDir;
}

/** Packs once for the whole file: the checks and the install share the same tarballs. */
function packed(): Promise<PackedPackage[]> {
  packing ??= (async () => packAll(await publishablePackages(), await scratch()))();
  return packing;
}

function installedProject(): Promise<string> {
  installing ??= (async () => npmInstallTarballs(await packed(), await scratch()))();
  return installing;
}

function packedManifest(all: readonly PackedPackage[], name: string): PackedPackage['manifest'] {
  const found = all.find((pkg) => pkg.name === name);
  if (found === undefined) throw new Error(`${name} was not packed`);
  return found.manifest;
}

afterAll(async () => {
  if (scratchDir !== undefined) await rm(scratchDir, { recursive: true, force: true, maxRetries: 3 });
});

describe('every publishable package, as pnpm packs it', () => {
  let all: PackedPackage[];

  beforeAll(async () => {
    all = await packed();
  }, PACKING_TIMEOUT_MS);

  it('packs the two cores and the two adapters, and nothing else', () => {
    expect(all.map((pkg) => pkg.name).sort()).toEqual([
      '@j1nn0/agent-context-guard',
      '@j1nn0/agent-context-guard-pi',
      '@j1nn0/agent-state',
      '@j1nn0/agent-state-pi',
    ]);
  });

  it('ships a LICENSE file in every tarball', () => {
    expect(all.filter((pkg) => !shipsLicense(pkg.files)).map((pkg) => pkg.name)).toEqual([]);
  });

  it('ships no source or declaration map that points at a file missing from the tarball', async () => {
    const dangling = [];
    for (const pkg of all) {
      for (const map of pkg.files.filter((file) => file.endsWith('.map'))) {
        const text = await readFile(join(pkg.unpackedDir, map), 'utf8');
        dangling.push(...danglingMapSources(map, text, pkg.files).map((found) => `${pkg.name}/${found.map} -> ${found.source}`));
      }
    }
    expect(dangling).toEqual([]);
  });

  // A README read from node_modules (or an editor's hover) follows its links into the package:
  // every page of the package that a shipped page links to ships with it.
  it('ships every Markdown page of the package that a shipped Markdown page links to', async () => {
    const missing = [];
    for (const pkg of all) {
      for (const page of pkg.files.filter((file) => file.endsWith('.md'))) {
        for (const { path } of relativeLinks(await readFile(join(pkg.unpackedDir, page), 'utf8'))) {
          const target = posix.normalize(posix.join(posix.dirname(page), path));
          if (path.endsWith('.md') && !target.startsWith('../') && !pkg.files.includes(target)) missing.push(`${pkg.name}/${page} -> ${target}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares no Pi host package as a dependency of any package', () => {
    expect(all.flatMap((pkg) => hostPackagesIn(pkg.manifest.dependencies).map((name) => `${pkg.name}: ${name}`))).toEqual([]);
  });

  it('gives each adapter exactly its core, at the packed version, and each core no dependency', () => {
    for (const [adapter, core] of Object.entries(ADAPTER_CORES)) {
      const coreVersion = packedManifest(all, core).version;
      expect(packedManifest(all, adapter).dependencies, adapter).toEqual({ [core]: coreVersion });
      expect(Object.keys(packedManifest(all, core).dependencies ?? {}), core).toEqual([]);
    }
  });

  it('installs all tarballs with npm alone, fetching nothing from a registry', async () => {
    const project = await installedProject();

    for (const pkg of all) {
      const installed = JSON.parse(await readFile(join(installedPackageDir(project, pkg.name), 'package.json'), 'utf8')) as unknown;
      expect(installed, pkg.name).toMatchObject({ name: pkg.name, version: pkg.manifest.version });
    }
  }, INSTALL_TIMEOUT_MS);
});

describeEachPi(
  'the npm-installed tarballs in real Pi',
  (target) => {
    it('run the smoke with both adapters loaded from node_modules: commands, a tool call, a resume, Context Guard, no warning', async () => {
      const project = await installedProject();
      const agentStateDir = installedPackageDir(project, '@j1nn0/agent-state-pi');
      const contextGuardDir = installedPackageDir(project, '@j1nn0/agent-context-guard-pi');
      const pi = await startPi({ ...target, extensions: [agentStateDir, contextGuardDir] });
      const transcript: string[] = [];
      const checks = new SmokeChecks();

      await runSmokeScenario({ pi, checks, print: (line) => transcript.push(line), agentStateDir, contextGuardDir });

      expect(transcript.join('\n')).toContain('== 3. Resume');
      expect(pi.extensionErrors()).toEqual([]);
      await pi.dispose();
    }, INSTALL_TIMEOUT_MS);
  },
  { versions: ['0.73.1', '1.6.0'] },
);
