import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand } from './run-command.js';

// Packing and unpacking what a release would publish: every non-private package of the workspace.

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PACK_TIMEOUT_MS = 60_000;

export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly publishConfig?: Readonly<Record<string, unknown>>;
}

export interface WorkspacePackage {
  readonly dir: string;
  readonly manifest: PackageManifest;
}

/** A packed package: its tarball, the files in it and its packed manifest. */
export interface PackedPackage {
  readonly name: string;
  readonly tarball: string;
  /** Where the tarball was unpacked (its `package/` folder). */
  readonly unpackedDir: string;
  /** Package-relative POSIX paths of every file in the tarball. */
  readonly files: readonly string[];
  readonly manifest: PackageManifest;
}

async function readManifest(dir: string): Promise<PackageManifest> {
  return JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as PackageManifest;
}

/** Every workspace package under `root` (this checkout unless given), in folder order. */
export async function workspacePackages(root: string = REPO_ROOT): Promise<WorkspacePackage[]> {
  const packagesDir = join(root, 'packages');
  const folders = (await readdir(packagesDir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  return Promise.all(
    folders.map(async (folder) => {
      const dir = join(packagesDir, folder.name);
      return { dir, manifest: await readManifest(dir) };
    }),
  );
}

/** The workspace packages a release publishes (not `private`), in folder order. */
export async function publishablePackages(): Promise<WorkspacePackage[]> {
  return (await workspacePackages()).filter((workspacePackage) => workspacePackage.manifest.private !== true);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
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

/** `pnpm pack` of each package into `scratchDir/tarballs`, each unpacked beside it. */
export async function packAll(packages: readonly WorkspacePackage[], scratchDir: string): Promise<PackedPackage[]> {
  const tarballDir = join(scratchDir, 'tarballs');
  await mkdir(tarballDir, { recursive: true });
  const env = scratchEnv(scratchDir);
  const packed: PackedPackage[] = [];
  // One at a time: the machine is shared, and pnpm pack is quick.
  for (const { dir, manifest } of packages) {
    const before = new Set(await readdir(tarballDir));
    await runCommand('pnpm', ['pack', '--pack-destination', tarballDir], { cwd: dir, env, timeoutMs: PACK_TIMEOUT_MS });
    const created = (await readdir(tarballDir)).filter((name) => !before.has(name));
    if (created.length !== 1) throw new Error(`pnpm pack of ${manifest.name} made ${created.length} files: ${created.join(', ')}`);
    const tarball = join(tarballDir, created[0] ?? '');
    const unpackRoot = join(scratchDir, 'unpacked', manifest.name);
    await mkdir(unpackRoot, { recursive: true });
    await runCommand('tar', ['-xzf', tarball, '-C', unpackRoot], { cwd: scratchDir, env, timeoutMs: PACK_TIMEOUT_MS });
    const unpackedDir = join(unpackRoot, 'package');
    packed.push({
      name: manifest.name,
      tarball,
      unpackedDir,
      files: await filesUnder(unpackedDir),
      manifest: await readManifest(unpackedDir),
    });
  }
  return packed;
}
