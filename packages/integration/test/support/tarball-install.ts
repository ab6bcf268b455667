import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PackedPackage } from './packed-packages.js';
import { scratchEnv } from './packed-packages.js';
import { runCommand } from './run-command.js';

// npm alone installs the packed tarballs into an empty project. Its registry is a loopback port
// nobody listens on: any package npm would fetch fails the install instead of reaching the internet.
const UNREACHABLE_REGISTRY = 'http://127.0.0.1:9/';
const INSTALL_TIMEOUT_MS = 120_000;

/** Installs every tarball with one `npm install` into `scratchDir/project`; returns that project folder. */
export async function npmInstallTarballs(packed: readonly PackedPackage[], scratchDir: string): Promise<string> {
  const projectDir = join(scratchDir, 'project');
  await mkdir(projectDir, { recursive: true });
  await writeFile(join(projectDir, 'package.json'), `${JSON.stringify({ name: 'tarball-install', private: true }, null, 2)}\n`);
  const env = scratchEnv(scratchDir, { npm_config_registry: UNREACHABLE_REGISTRY, npm_config_fetch_retries: '0' });
  const args = ['install', '--no-audit', '--no-fund', ...packed.map((pkg) => pkg.tarball)];
  await runCommand('npm', args, { cwd: projectDir, env, timeoutMs: INSTALL_TIMEOUT_MS });
  return projectDir;
}

/** The folder npm installed a package into. */
export function installedPackageDir(projectDir: string, name: string): string {
  return join(projectDir, 'node_modules', ...name.split('/'));
}
