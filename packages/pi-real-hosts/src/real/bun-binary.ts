import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The Bun binary oh-my-pi runs under: a path, or why there is none on this machine. */
export type BunChoice =
  | { readonly bunPath: string; readonly skipReason: null }
  | { readonly bunPath: null; readonly skipReason: string };

/**
 * npm `bun` ships the real binary in a per-platform optional dependency (`@oven/bun-linux-x64`, ...);
 * its postinstall, which would link `bun/bin/bun`, does not run under pnpm here.
 */
export function bunPlatformPackage(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  const cpu = arch === 'arm64' ? 'aarch64' : arch;
  const os = platform === 'win32' ? 'windows' : platform;
  return `@oven/bun-${os}-${cpu}`;
}

const packageRequire = createRequire(import.meta.url);

/** Resolves the Bun binary from pi-real-hosts' `bun` dependency (never from PATH, so the pinned 1.4.5 runs). */
export function findBunBinary(): BunChoice {
  const platformPackage = bunPlatformPackage();
  let packageJson: string;
  try {
    const bunRequire = createRequire(packageRequire.resolve('bun/package.json'));
    packageJson = bunRequire.resolve(`${platformPackage}/package.json`);
  } catch {
    return { bunPath: null, skipReason: `${platformPackage} is not installed (pi-real-hosts' bun dependency): run pnpm install` };
  }
  const binary = join(dirname(packageJson), 'bin', process.platform === 'win32' ? 'bun.exe' : 'bun');
  if (!existsSync(binary)) return { bunPath: null, skipReason: `${binary} is missing: run pnpm install` };
  return { bunPath: binary, skipReason: null };
}
