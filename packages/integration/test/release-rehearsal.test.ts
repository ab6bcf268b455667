import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { createPiSandbox, describeEachPi, startPi, type PiCliResult, type PiSandbox, type PiTarget } from '@j1nn0/pi-real-hosts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danglingMapSources, hostPackagesIn, shipsLicense } from '../src/package-checks.js';
import { SmokeChecks, runSmokeScenario } from '../src/smoke-scenario.js';
import { warningLines } from '../src/startup-warnings.js';
import { relativeLinks } from './support/markdown-links.js';
import {
  PI_PACKAGES,
  REHEARSAL_TIMEOUT_MS,
  changelogSection,
  fetchPublished,
  installedDir,
  npmEnvIn,
  piInstallFromRegistry,
  publishTargetSettings,
  rehearseRelease,
  runCommand,
  type PublishedPackage,
  type Rehearsal,
} from './support/release-rehearsal.js';

// The release steps of RELEASING.md, end to end, on a scratch clone of HEAD: a build, `changeset
// version`, `changeset publish` to a loopback registry without uplinks, the tarballs it published as a
// user gets them, then `pi install npm:` from it on the oldest and the newest Pi and the smoke run with
// what that installed. What the working tree has but HEAD does not is not part of a release, so it is
// not part of this either.

const INSTALL_TIMEOUT_MS = 120_000;
const PI_TIMEOUT_MS = 120_000;
const CLEANUP_TIMEOUT_MS = 120_000;
const ADAPTER_CORES = [
  ['@j1nn0/agent-state-pi', '@j1nn0/agent-state'],
  ['@j1nn0/agent-context-guard-pi', '@j1nn0/agent-context-guard'],
] as const;

let scratchDir: string | undefined;
let rehearsing: Promise<Rehearsal> | undefined;

/** One rehearsal for the whole file. */
function rehearsal(): Promise<Rehearsal> {
  rehearsing ??= (async () => {
    scratchDir = await mkdtemp(join(tmpdir(), 'release-rehearsal-'));
    return rehearseRelease(scratchDir);
  })();
  return rehearsing;
}

// The clone's node_modules links every Pi release line: removing it outlasts vitest's default hook bound.
afterAll(async () => {
  const done = await rehearsing?.catch(() => undefined);
  if (done !== undefined) {
    process.stdout.write(`release rehearsal: ${done.steps.map((step) => `${step.name} ${step.seconds.toFixed(1)} s`).join(', ')}\n`);
    await done.registry.dispose();
  }
  if (scratchDir !== undefined) await rm(scratchDir, { recursive: true, force: true, maxRetries: 3 });
}, CLEANUP_TIMEOUT_MS);

function scratchOf(): string {
  if (scratchDir === undefined) throw new Error('the rehearsal has not started');
  return scratchDir;
}

function plannedVersion(done: Rehearsal, name: string): string {
  const version = done.planned.get(name);
  if (version === undefined) throw new Error(`${name} is not a publishable package of the clone`);
  return version;
}

async function manifestAt(dir: string): Promise<{ name: string; version: string }> {
  return JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
}

function packageFolder(done: Rehearsal, name: string): string {
  return join(done.cloneDir, 'packages', name.slice(name.indexOf('/') + 1));
}

/** The folder Node would load `name` from when imported by the package in `fromDir`. */
function resolvedFrom(fromDir: string, name: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not resolvable from ${fromDir}`);
  }
}

describe('the guard before the rehearsal publishes', () => {
  it('names every .npmrc line and publishConfig entry that could send a publish elsewhere or carry a token', async () => {
    const root = await mkdtemp(join(tmpdir(), 'publish-guard-'));
    try {
      await mkdir(join(root, 'packages', 'core'), { recursive: true });
      await writeFile(join(root, '.npmrc'), 'engine-strict=false\n# registry=commented\n@j1nn0:registry=https://example.invalid/\n');
      await writeFile(join(root, 'packages', 'core', '.npmrc'), '//example.invalid/:_authToken=secret\n');
      await writeFile(join(root, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
      const manifests = [{ name: '@j1nn0/core', version: '1.0.0', publishConfig: { registry: 'https://example.invalid/', access: 'public' } }];
      expect(await publishTargetSettings(root, manifests)).toEqual([
        './.npmrc: @j1nn0:registry=https://example.invalid/',
        'packages/core/.npmrc: //example.invalid/:_authToken=secret',
        '@j1nn0/core publishConfig.registry',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the release rehearsal on a clone of HEAD', () => {
  let done: Rehearsal;

  beforeAll(async () => {
    done = await rehearsal();
  }, REHEARSAL_TIMEOUT_MS);

  it('versions each publishable package as `changeset status` announced, an adapter at least a patch when its core is released, and consumes the changesets', async () => {
    for (const [name, version] of done.planned) expect((await manifestAt(packageFolder(done, name))).version, name).toBe(version);
    const released = (name: string): boolean => done.planned.get(name) !== done.before.get(name);
    for (const [adapter, core] of ADAPTER_CORES) expect(!released(core) || released(adapter), adapter).toBe(true);
    const left = (await readdir(join(done.cloneDir, '.changeset'))).filter((file) => file.endsWith('.md') && file !== 'README.md');
    expect(left).toEqual([]);
  });

  it("writes every changeset's text into the CHANGELOG.md of each package it names, under the new version", async () => {
    const missing: string[] = [];
    for (const changeset of done.changesets) {
      for (const { name } of changeset.releases) {
        const changelog = await readFile(join(packageFolder(done, name), 'CHANGELOG.md'), 'utf8');
        expect(changelog.startsWith(`# ${name}\n`), name).toBe(true);
        const section = changelogSection(changelog, plannedVersion(done, name)) ?? '';
        for (const line of changeset.summary.split('\n').map((text) => text.trim()).filter((text) => text !== '')) {
          if (!section.includes(line)) missing.push(`${name} ${plannedVersion(done, name)} lacks ${changeset.id}: ${line.slice(0, 60)}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('publishes the two cores and the two adapters at their new versions, each adapter depending on exactly its released core, each core on nothing', async () => {
    expect([...done.planned.keys()].sort()).toEqual(['@j1nn0/agent-context-guard', '@j1nn0/agent-context-guard-pi', '@j1nn0/agent-state', '@j1nn0/agent-state-pi']);
    for (const [name, version] of done.planned) {
      expect((await done.registry.document(name))['dist-tags']['latest'], name).toBe(version);
    }
    const dependenciesOf = async (name: string): Promise<unknown> => (await done.registry.document(name)).versions[plannedVersion(done, name)]?.dependencies ?? {};
    for (const [adapter, core] of ADAPTER_CORES) {
      expect(await dependenciesOf(adapter), adapter).toEqual({ [core]: plannedVersion(done, core) });
      expect(await dependenciesOf(core), core).toEqual({});
    }
  });

  it('tags the released versions in the clone only: the clone has no remote to push to', async () => {
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', HOME: done.cloneDir };
    const git = async (...args: string[]): Promise<string> => (await runCommand('git', args, { cwd: done.cloneDir, env, timeoutMs: 30_000 })).stdout.trim();
    expect(await git('rev-parse', 'HEAD')).toBe(done.commit);
    expect((await git('tag', '--list')).split('\n').sort()).toEqual([...done.planned].map(([name, version]) => `${name}@${version}`).sort());
    expect(await git('remote')).toBe('');
  });
});

describe('the published tarballs, as the registry serves them', () => {
  let all: PublishedPackage[];

  beforeAll(async () => {
    const done = await rehearsal();
    all = await Promise.all([...done.planned].map(([name, version]) => fetchPublished(done.registry, name, version, scratchOf())));
  }, REHEARSAL_TIMEOUT_MS);

  it('ship a LICENSE file in every tarball', () => {
    expect(all.filter((pkg) => !shipsLicense(pkg.files)).map((pkg) => pkg.name)).toEqual([]);
  });

  it('ship no source or declaration map that points at a file missing from the tarball', async () => {
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
  it('ship every Markdown page of the package that a shipped Markdown page links to', async () => {
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

  it('declare no Pi host package as a dependency', () => {
    expect(all.flatMap((pkg) => hostPackagesIn(pkg.manifest.dependencies).map((name) => `${pkg.name}: ${name}`))).toEqual([]);
  });
});

// The registry has no uplink: an install that needed any package but ours would fail.
describeEachPi(
  'pi install npm: of the rehearsed release',
  (target: PiTarget) => {
    let done: Rehearsal;
    let sandbox: PiSandbox;
    let npmRoot: string;
    let installs: PiCliResult[];

    beforeAll(async () => {
      done = await rehearsal();
      npmRoot = join(scratchOf(), `npm-${target.version.label}`);
      sandbox = await createPiSandbox({ env: npmEnvIn(npmRoot, done.registry.url) });
      installs = await piInstallFromRegistry(target, sandbox, PI_PACKAGES, INSTALL_TIMEOUT_MS);
    }, REHEARSAL_TIMEOUT_MS + 2 * INSTALL_TIMEOUT_MS);

    const installed = (name: string): string => installedDir(target, sandbox, npmRoot, name);

    it('installs both adapters at their released versions, with their released cores and changelogs, without a warning', async () => {
      expect(installs.flatMap((result) => warningLines(`${result.stdout}\n${result.stderr}`))).toEqual([]);
      for (const [adapter, core] of ADAPTER_CORES) {
        expect(await manifestAt(installed(adapter))).toMatchObject({ name: adapter, version: plannedVersion(done, adapter) });
        expect(await manifestAt(resolvedFrom(installed(adapter), core))).toMatchObject({ name: core, version: plannedVersion(done, core) });
        // Pi 1.6 shows the sections newer than the last seen version after an update.
        const changelog = await readFile(join(installed(adapter), 'CHANGELOG.md'), 'utf8');
        expect(changelogSection(changelog, plannedVersion(done, adapter)), adapter).toBeDefined();
      }
    });

    it('runs the smoke with the installed adapters: commands, a tool call, a resume, Context Guard, no warning', async () => {
      const pi = await startPi({ ...target, sandbox });
      const dirs = { agentStateDir: installed('@j1nn0/agent-state-pi'), contextGuardDir: installed('@j1nn0/agent-context-guard-pi') };
      await runSmokeScenario({ pi, checks: new SmokeChecks(), print: () => undefined, ...dirs });
      expect(pi.extensionErrors()).toEqual([]);
      await pi.dispose();
    }, PI_TIMEOUT_MS);
  },
  { versions: ['0.73.1', '1.6.0'] },
);
