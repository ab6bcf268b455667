import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseChangeset, plannedVersions, type Changeset } from './changeset-plan.js';
import { LocalRegistry } from './local-registry.js';
import { scratchEnv, workspacePackages, type PackageManifest } from './packed-packages.js';
import { runCommand } from './run-command.js';

// A release as RELEASING.md describes it, in a scratch clone of the committed HEAD: a frozen install,
// `changeset version`, a build of what is published, and `changeset publish` into a verdaccio on
// 127.0.0.1 that has no uplink. The clone has no remote, and every npm/pnpm setting the publish can
// read names that verdaccio: nothing can be pushed or published anywhere else.

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const GIT_TIMEOUT_MS = 60_000;
const INSTALL_TIMEOUT_MS = 240_000;
const VERSION_TIMEOUT_MS = 120_000;
const BUILD_TIMEOUT_MS = 480_000;
const PUBLISH_TIMEOUT_MS = 240_000;

/** Upper bound of the whole rehearsal; each step is bounded on its own as well. */
export const REHEARSAL_TIMEOUT_MS = GIT_TIMEOUT_MS * 3 + INSTALL_TIMEOUT_MS + VERSION_TIMEOUT_MS + BUILD_TIMEOUT_MS + PUBLISH_TIMEOUT_MS + 60_000;

export interface RehearsalStep {
  readonly name: string;
  readonly seconds: number;
}

export interface Rehearsal {
  /** The scratch clone, after `changeset version` and `changeset publish`. */
  readonly cloneDir: string;
  /** The commit the clone was made from (this repository's HEAD). */
  readonly commit: string;
  /** The changesets pending before `changeset version`. */
  readonly changesets: readonly Changeset[];
  /** What those changesets promise: each publishable package's version after `changeset version`. */
  readonly planned: ReadonlyMap<string, string>;
  readonly registry: LocalRegistry;
  /** How long each step took, for the report of what a release costs. */
  readonly steps: readonly RehearsalStep[];
}

const PUBLISH_TARGET_SETTING = /(^|[:\s])(registry|_auth|_authToken|_password|username|email)\s*=|^\/\//u;

async function readText(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  });
}

/**
 * Settings in the clone that could send a publish elsewhere or carry a token: registry, scope-registry
 * and auth lines of any `.npmrc`, and `publishConfig` registries. The rehearsal refuses to publish if any exist.
 */
export async function publishTargetSettings(cloneDir: string, manifests: readonly PackageManifest[]): Promise<string[]> {
  const folders = ['.', ...(await readdir(join(cloneDir, 'packages'))).map((folder) => join('packages', folder))];
  const found: string[] = [];
  for (const folder of folders) {
    const npmrc = await readText(join(cloneDir, folder, '.npmrc'));
    for (const line of (npmrc ?? '').split('\n').map((text) => text.trim())) {
      if (!line.startsWith('#') && !line.startsWith(';') && PUBLISH_TARGET_SETTING.test(line)) found.push(`${folder}/.npmrc: ${line}`);
    }
  }
  const workspace = (await readText(join(cloneDir, 'pnpm-workspace.yaml'))) ?? '';
  for (const line of workspace.split('\n').filter((text) => /registr|auth/iu.test(text))) found.push(`pnpm-workspace.yaml: ${line.trim()}`);
  for (const manifest of manifests) {
    for (const key of Object.keys(manifest.publishConfig ?? {}).filter((name) => /registry/u.test(name))) {
      found.push(`${manifest.name} publishConfig.${key}`);
    }
  }
  return found;
}

async function readChangesets(cloneDir: string): Promise<Changeset[]> {
  const dir = join(cloneDir, '.changeset');
  const files = (await readdir(dir)).filter((file) => file.endsWith('.md') && file !== 'README.md').sort();
  if (files.length === 0) return [];
  if ((await readText(join(dir, 'pre.json'))) !== undefined) throw new Error('.changeset/pre.json: pre-release mode is not rehearsed');
  return Promise.all(files.map(async (file) => parseChangeset(file, await readFile(join(dir, file), 'utf8'))));
}

async function git(args: readonly string[], cwd: string, env: Readonly<Record<string, string>>): Promise<string> {
  return (await runCommand('git', args, { cwd, env, timeoutMs: GIT_TIMEOUT_MS })).stdout.trim();
}

/** The pnpm store of this checkout's own install, so the clone installs offline from it. */
async function pnpmStoreDir(): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return (await runCommand('pnpm', ['store', 'path'], { cwd: REPO_ROOT, env, timeoutMs: GIT_TIMEOUT_MS })).stdout.trim();
}

/** Runs the whole rehearsal under `scratchDir`; the caller disposes `registry` and removes the folder. */
export async function rehearseRelease(scratchDir: string): Promise<Rehearsal> {
  const steps: RehearsalStep[] = [];
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await step();
    steps.push({ name, seconds: Math.round((Date.now() - started) / 100) / 10 });
    return result;
  };
  const cloneDir = join(scratchDir, 'repo');
  // changeset publish makes annotated tags; git needs a name for them, never the machine's own.
  const env = scratchEnv(scratchDir, {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Release Rehearsal',
    GIT_AUTHOR_EMAIL: 'rehearsal@localhost',
    GIT_COMMITTER_NAME: 'Release Rehearsal',
    GIT_COMMITTER_EMAIL: 'rehearsal@localhost',
  });
  await mkdir(join(scratchDir, 'home'), { recursive: true });

  const commit = await git(['rev-parse', 'HEAD'], REPO_ROOT, env);
  await timed('clone HEAD', async () => {
    await git(['clone', '-q', '--no-checkout', REPO_ROOT, cloneDir], scratchDir, env);
    await git(['checkout', '-q', '--detach', commit], cloneDir, env);
    await git(['remote', 'remove', 'origin'], cloneDir, env);
  });
  const manifests = (await workspacePackages(cloneDir)).map((pkg) => pkg.manifest);
  const foreign = await publishTargetSettings(cloneDir, manifests);
  if (foreign.length > 0) throw new Error(`the clone names a registry or a token; the rehearsal will not publish:\n${foreign.join('\n')}`);
  const changesets = await readChangesets(cloneDir);
  const planned = plannedVersions(manifests, changesets);

  const storeDir = await pnpmStoreDir();
  await timed('pnpm install --frozen-lockfile --offline', () =>
    runCommand('pnpm', ['install', '--frozen-lockfile', '--offline', '--store-dir', storeDir], { cwd: cloneDir, env, timeoutMs: INSTALL_TIMEOUT_MS }),
  );
  await timed('pnpm changeset version', () => runCommand('pnpm', ['changeset', 'version'], { cwd: cloneDir, env, timeoutMs: VERSION_TIMEOUT_MS }));
  // pnpm runs the builds in dependency order: each core is built before its adapter bundles against it.
  const filters = [...planned.keys()].flatMap((name) => ['--filter', name]);
  await timed('build the publishable packages', () =>
    runCommand('pnpm', [...filters, 'run', 'build'], { cwd: cloneDir, env, timeoutMs: BUILD_TIMEOUT_MS }),
  );

  const registry = await timed('start the local registry', () => LocalRegistry.start(join(scratchDir, 'registry')));
  try {
    const host = new URL(registry.url).host;
    const userconfig = join(scratchDir, 'publish-npmrc');
    const globalconfig = join(scratchDir, 'publish-global-npmrc');
    // npm will not publish without a token; verdaccio takes an anonymous publish of our scope.
    await writeFile(userconfig, `registry=${registry.url}\n//${host}/:_authToken=local-rehearsal\n`);
    await writeFile(globalconfig, '');
    const publishEnv = {
      ...env,
      npm_config_registry: registry.url,
      'npm_config_@j1nn0:registry': registry.url,
      npm_config_userconfig: userconfig,
      npm_config_globalconfig: globalconfig,
    };
    await timed('pnpm changeset publish', () => runCommand('pnpm', ['changeset', 'publish'], { cwd: cloneDir, env: publishEnv, timeoutMs: PUBLISH_TIMEOUT_MS }));
  } catch (error) {
    await registry.dispose();
    throw error;
  }
  return { cloneDir, commit, changesets, planned, registry, steps };
}
