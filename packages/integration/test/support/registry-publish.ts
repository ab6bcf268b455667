import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchEnv } from './packed-packages.js';
import { runCommand } from './run-command.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PUBLISH_TIMEOUT_MS = 180_000;

/**
 * Publishes every non-private workspace package to `registryUrl` as a release does: `pnpm -r publish`,
 * which packs each package (workspace:* becoming the real version) and hands it to npm publish. The
 * token is a placeholder: npm will not publish without one, and the registry accepts anonymous publish.
 */
export async function publishWorkspace(registryUrl: string, scratchDir: string): Promise<string> {
  const userconfig = join(scratchDir, 'npmrc');
  const host = new URL(registryUrl).host;
  await writeFile(userconfig, `registry=${registryUrl}\n//${host}/:_authToken=anonymous-local-test\n`);
  const env = scratchEnv(scratchDir, { npm_config_registry: registryUrl, npm_config_userconfig: userconfig });
  const { stdout, stderr } = await runCommand('pnpm', ['-r', 'publish', '--no-git-checks'], {
    cwd: REPO_ROOT,
    env,
    timeoutMs: PUBLISH_TIMEOUT_MS,
  });
  return `${stdout}\n${stderr}`;
}

/** The registry's document of one package (its versions and their manifests). */
export async function registryDocument(registryUrl: string, name: string): Promise<unknown> {
  const response = await fetch(new URL(name.replace('/', '%2f'), registryUrl), { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${name}: the registry answered ${response.status}`);
  return response.json();
}
