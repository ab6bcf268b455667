import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OMP_HOST, OMP_LINE } from '@j1nn0/pi-testkit/host-facts';
import type { PiVersion } from './pi-versions.js';
import type { PiSandbox } from './sandbox.js';
import type { ScriptedModel } from './scripted-model.js';

/** The release the suite pins, installed as pi-real-hosts' dependency alias. */
const OMP_VERSION_LABEL = '18.2.3';
const OMP_PACKAGE_NAME = `omp-coding-agent-${OMP_VERSION_LABEL}`;

// src/real and dist/real both sit two levels below the package root, so one relative URL serves both.
const ompPackageDir = new URL(`../../node_modules/${OMP_PACKAGE_NAME}/`, import.meta.url);

/** Absolute path of omp's CLI (`bin.omp`, a Bun bundle). */
export const OMP_CLI_PATH = fileURLToPath(new URL('dist/cli.js', ompPackageDir));

/** `engines.bun` of the installed package, e.g. `>=1.3.14`. */
export function ompBunRange(): string {
  const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('package.json', ompPackageDir)), 'utf8')) as { engines?: { bun?: unknown } };
  return typeof manifest.engines?.bun === 'string' ? manifest.engines.bun : '';
}

/**
 * The installed omp as a version the driver and terminal harness start. `minimumRuntime` holds the Bun
 * lower bound here (the runtime is bun, see OMP_HOST.runtime); no Node ever runs it.
 */
export const OMP_VERSION: PiVersion = Object.freeze({
  ...OMP_LINE,
  label: OMP_VERSION_LABEL,
  scope: '@oh-my-pi',
  packageName: OMP_PACKAGE_NAME,
  cliPath: OMP_CLI_PATH,
  minimumRuntime: [1, 3, 14],
  host: OMP_HOST,
} satisfies PiVersion);

/**
 * omp's config.yml for tests: setupVersion 2 skips the first-start wizard of the terminal UI; no
 * update check (omp asks the registry at every terminal start, PI_OFFLINE does not stop it) and no
 * welcome screen; a keepRecentTokens of 1 lets a three-turn session compact; no retries, so a
 * failing script fails fast.
 */
const DEFAULT_OMP_CONFIG: Readonly<Record<string, unknown>> = Object.freeze({
  setupVersion: 2,
  startup: { checkUpdate: false, quiet: true },
  compaction: { keepRecentTokens: 1 },
  retry: { enabled: false, maxRetries: 0 },
});

/**
 * Writes `<agent>/models.yml` (the scripted model's provider) and `<agent>/config.yml`.
 * Both are JSON text: YAML 1.2 reads JSON as it is, and omp parses them as YAML.
 */
export async function writeOmpAgentConfig(sandbox: PiSandbox, model: ScriptedModel, config: Readonly<Record<string, unknown>> = {}): Promise<void> {
  await sandbox.writeAgentJson('models.yml', model.modelsJson());
  await sandbox.writeAgentJson('config.yml', { ...DEFAULT_OMP_CONFIG, ...config });
}
