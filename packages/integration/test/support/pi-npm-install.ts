import { join } from 'node:path';
import { runPiCli, type PiCliResult, type PiSandbox, type PiTarget } from '@j1nn0/pi-real-hosts';

// `pi install npm:<name>` against a local registry: the npm settings Pi's npm runs with, and where
// each Pi version puts what it installed. Shared by the registry-install test and the release rehearsal.

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
