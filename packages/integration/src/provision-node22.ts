import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// src/ and dist/ both sit one level below the package, three below the repository root.
const PROVISION_SCRIPT = fileURLToPath(new URL('../../../scripts/provision-node22.sh', import.meta.url));
const PROVISION_TIMEOUT_MS = 300_000;

/** Runs scripts/provision-node22.sh (Node 22 from the npm registry); its last stdout line is the Node path. */
export function provisionNode22(): { nodePath: string } | { problem: string } {
  const result = spawnSync('bash', [PROVISION_SCRIPT], { encoding: 'utf8', timeout: PROVISION_TIMEOUT_MS });
  if (result.error !== undefined) return { problem: `could not run provision-node22.sh (${result.error.message})` };
  const nodePath = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.status === 0 && nodePath !== '') return { nodePath };
  const stderrTail = result.stderr.trim().split('\n').slice(-3).join(' | ');
  return { problem: `provision-node22.sh exited ${String(result.status)}${stderrTail === '' ? '' : `: ${stderrTail}`}` };
}
