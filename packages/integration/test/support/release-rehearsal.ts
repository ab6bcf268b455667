import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPiCli, type PiCliResult, type PiSandbox, type PiTarget } from '@j1nn0/pi-real-hosts';
import { LocalRegistry } from './local-registry.js';

// A release as RELEASING.md describes it, in a scratch clone of the committed HEAD: a frozen install,
// a build of what is published, `changeset version`, and `changeset publish` into a verdaccio on
// 127.0.0.1 that has no uplink. The clone has no remote, and every npm/pnpm setting the publish can
// read names that verdaccio: nothing can be pushed or published anywhere else.
//
// The build is `pnpm build`'s (turbo), reading but never writing this checkout's turbo cache: a package
// whose sources are the same as a build here restores that build's output instead of building again
// (in CI, a clean clone of HEAD built just before, that is every package). Turbo counts the manifest's
// version among a build's inputs, so the build runs before `changeset version`; no output holds a version.

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
  /** The changesets pending before `changeset version`, as `changeset status` read them. */
  readonly changesets: readonly PendingChangeset[];
  /** Each publishable package's version after the release: what `changeset status` announced, else its version as it is. */
  readonly planned: ReadonlyMap<string, string>;
  /** The version of each publishable package before the release. */
  readonly before: ReadonlyMap<string, string>;
  readonly registry: LocalRegistry;
  /** How long each step took, for the report of what a release costs. */
  readonly steps: readonly RehearsalStep[];
}

/** A changeset as `changeset status --output` writes it. */
export interface PendingChangeset {
  readonly id: string;
  readonly summary: string;
  readonly releases: readonly { readonly name: string; readonly type: string }[];
}

/** What `changeset status --output` writes: the changesets, and each release they make. */
interface ReleasePlan {
  readonly changesets: readonly PendingChangeset[];
  readonly releases: readonly { readonly name: string; readonly type: string; readonly newVersion: string }[];
}

/** The body of a changelog's `## <version>` section, up to the next `## ` heading; undefined when absent. */
export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.split(/\r?\n/u);
  const start = lines.findIndex((line) => line.trim() === `## ${version}`);
  if (start === -1) return undefined;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  return (end === -1 ? rest : rest.slice(0, end)).join('\n');
}

interface RunCommandOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
}

/**
 * Runs one bounded command (npm, pnpm, tar) with exactly `env`; rejects with the command line and
 * the end of its output when it fails or outlives `timeoutMs` (then it is killed).
 */
export function runCommand(command: string, args: readonly string[], options: RunCommandOptions): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: options.cwd, env: options.env, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve({ stdout, stderr });
          return;
        }
        const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-15).join('\n');
        reject(new Error(`${command} ${args.join(' ')} failed (${error.message.split('\n')[0] ?? ''}):\n${tail}`));
      },
    );
  });
}

// What a release publishes: the workspace's packages as their manifests say, and a published tarball
// fetched back from the registry and unpacked, as npm gives it to a user.

const UNPACK_TIMEOUT_MS = 60_000;

interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly publishConfig?: Readonly<Record<string, unknown>>;
}

/** A published package: the files of its tarball, unpacked, and its published manifest. */
export interface PublishedPackage {
  readonly name: string;
  /** Where the tarball was unpacked (its `package/` folder). */
  readonly unpackedDir: string;
  /** Package-relative POSIX paths of every file in the tarball. */
  readonly files: readonly string[];
  readonly manifest: PackageManifest;
}

async function readManifest(dir: string): Promise<PackageManifest> {
  return JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as PackageManifest;
}

/** The manifest of every workspace package under `root`, in folder order. */
async function workspaceManifests(root: string): Promise<PackageManifest[]> {
  const packagesDir = join(root, 'packages');
  const folders = (await readdir(packagesDir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  return Promise.all(folders.map((folder) => readManifest(join(packagesDir, folder.name))));
}

/** Commands' environment: PATH only, plus a HOME and caches inside `scratchDir`. */
function scratchEnv(scratchDir: string, more: Readonly<Record<string, string>> = {}): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: join(scratchDir, 'home'),
    XDG_CONFIG_HOME: join(scratchDir, 'home', '.config'),
    XDG_CACHE_HOME: join(scratchDir, 'home', '.cache'),
    XDG_DATA_HOME: join(scratchDir, 'home', '.local', 'share'),
    XDG_STATE_HOME: join(scratchDir, 'home', '.local', 'state'),
    npm_config_cache: join(scratchDir, 'npm-cache'),
    npm_config_userconfig: join(scratchDir, 'npmrc'),
    npm_config_update_notifier: 'false',
    ...more,
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Fetches the tarball the registry serves for `name@version` and unpacks it under `scratchDir/published`. */
export async function fetchPublished(registry: LocalRegistry, name: string, version: string, scratchDir: string): Promise<PublishedPackage> {
  const tarballUrl = (await registry.document(name)).versions[version]?.dist.tarball;
  if (tarballUrl === undefined) throw new Error(`the registry has no ${name}@${version}`);
  const response = await fetch(tarballUrl, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${tarballUrl}: the registry answered ${response.status}`);
  const unpackRoot = join(scratchDir, 'published', name);
  await mkdir(unpackRoot, { recursive: true });
  const tarball = join(unpackRoot, 'package.tgz');
  await writeFile(tarball, Buffer.from(await response.arrayBuffer()));
  await runCommand('tar', ['-xzf', tarball, '-C', unpackRoot], { cwd: unpackRoot, env: scratchEnv(scratchDir), timeoutMs: UNPACK_TIMEOUT_MS });
  const unpackedDir = join(unpackRoot, 'package');
  return { name, unpackedDir, files: await filesUnder(unpackedDir), manifest: await readManifest(unpackedDir) };
}

// `pi install npm:<name>` against a local registry: the npm settings Pi's npm runs with, and where
// each Pi version puts what it installed.

/** The two adapters a person installs with `pi install npm:`. */
export const PI_PACKAGES = ['@j1nn0/agent-state-pi', '@j1nn0/agent-context-guard-pi'] as const;

/** npm, as Pi runs it (with Pi's own environment), talks to `registryUrl` only and writes only under `root`. */
export function npmEnvIn(root: string, registryUrl: string): Record<string, string> {
  return {
    npm_config_registry: registryUrl,
    npm_config_cache: join(root, 'cache'),
    npm_config_prefix: join(root, 'global'),
    npm_config_userconfig: join(root, 'npmrc'),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    // A refused connection fails at once instead of after npm's back-off.
    npm_config_fetch_retries: '0',
  };
}

/**
 * Where `pi install npm:<name>` (global scope) puts a package: 0.73.1 runs `npm install -g`, into
 * npm's global prefix (`<npmRoot>/global`, see npmEnvIn); the @earendil-works scope (checked on
 * 0.84.2 and 1.6.0) runs `npm install --prefix <agent dir>/npm`.
 */
export function installedDir(target: PiTarget, sandbox: PiSandbox, npmRoot: string, name: string): string {
  return target.version.scope === '@earendil-works'
    ? join(sandbox.agentDir, 'npm', 'node_modules', name)
    : join(npmRoot, 'global', 'lib', 'node_modules', name);
}

/** `pi install npm:<name>` for each name in turn; throws with Pi's output when one exits non-zero. */
export async function piInstallFromRegistry(
  target: PiTarget,
  sandbox: PiSandbox,
  names: readonly string[],
  timeoutMs: number,
): Promise<PiCliResult[]> {
  const results: PiCliResult[] = [];
  for (const name of names) {
    const result = await runPiCli({ ...target, sandbox, args: ['install', `npm:${name}`], timeoutMs });
    if (result.code !== 0) throw new Error(`pi install npm:${name} exited ${String(result.code)}:\n${result.stdout}\n${result.stderr}`);
    results.push(result);
  }
  return results;
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
    TURBO_TELEMETRY_DISABLED: '1',
  });
  await mkdir(join(scratchDir, 'home'), { recursive: true });

  const commit = await git(['rev-parse', 'HEAD'], REPO_ROOT, env);
  await timed('clone HEAD', async () => {
    await git(['clone', '-q', '--no-checkout', REPO_ROOT, cloneDir], scratchDir, env);
    await git(['checkout', '-q', '--detach', commit], cloneDir, env);
    await git(['remote', 'remove', 'origin'], cloneDir, env);
  });
  const manifests = await workspaceManifests(cloneDir);
  const foreign = await publishTargetSettings(cloneDir, manifests);
  if (foreign.length > 0) throw new Error(`the clone names a registry or a token; the rehearsal will not publish:\n${foreign.join('\n')}`);
  // What a maintainer reviews before versioning (RELEASING.md, step 2), which the release is held to.
  const statusFile = join(scratchDir, 'changeset-status.json');
  await runCommand('pnpm', ['changeset', 'status', '--output', statusFile], { cwd: cloneDir, env, timeoutMs: VERSION_TIMEOUT_MS });
  const plan = JSON.parse(await readFile(statusFile, 'utf8')) as ReleasePlan;
  const publishable = manifests.filter((manifest) => manifest.private !== true);
  const before = new Map(publishable.map((manifest) => [manifest.name, manifest.version]));
  const announced = (name: string): string | undefined => plan.releases.find((release) => release.name === name && release.type !== 'none')?.newVersion;
  const planned = new Map(publishable.map((manifest) => [manifest.name, announced(manifest.name) ?? manifest.version]));

  const storeDir = await pnpmStoreDir();
  await timed('pnpm install --frozen-lockfile --offline', () =>
    runCommand('pnpm', ['install', '--frozen-lockfile', '--offline', '--store-dir', storeDir], { cwd: cloneDir, env, timeoutMs: INSTALL_TIMEOUT_MS }),
  );
  // Turbo builds each core before the adapter that bundles against it.
  const filters = [...planned.keys()].map((name) => `--filter=${name}`);
  const cache = [`--cache-dir=${join(REPO_ROOT, '.turbo', 'cache')}`, '--cache=local:r'];
  await timed('build the publishable packages', () =>
    runCommand('pnpm', ['exec', 'turbo', 'run', 'build', ...filters, ...cache, '--output-logs=errors-only'], { cwd: cloneDir, env, timeoutMs: BUILD_TIMEOUT_MS }),
  );
  await timed('pnpm changeset version', () => runCommand('pnpm', ['changeset', 'version'], { cwd: cloneDir, env, timeoutMs: VERSION_TIMEOUT_MS }));

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
  return { cloneDir, commit, changesets: plan.changesets, planned, before, registry, steps };
}
