import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalRegistry } from './local-registry.js';
import { runCommand } from './run-command.js';

// What a release publishes: the workspace's packages as their manifests say, and a published tarball
// fetched back from the registry and unpacked, as npm gives it to a user.

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const UNPACK_TIMEOUT_MS = 60_000;

export interface PackageManifest {
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

/** The manifest of every workspace package under `root` (this checkout unless given), in folder order. */
export async function workspaceManifests(root: string = REPO_ROOT): Promise<PackageManifest[]> {
  const packagesDir = join(root, 'packages');
  const folders = (await readdir(packagesDir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  return Promise.all(folders.map((folder) => readManifest(join(packagesDir, folder.name))));
}

/** Commands' environment: PATH only, plus a HOME and caches inside `scratchDir`. */
export function scratchEnv(scratchDir: string, more: Readonly<Record<string, string>> = {}): Record<string, string> {
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
