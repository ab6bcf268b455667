import { fileURLToPath } from 'node:url';
import type { PiVersion } from '@j1nn0/pi-testkit/real';

/** Compiled adapter entry points, as `pi -e` loads them (their package's `pi.extensions`). */
export const AGENT_STATE_EXTENSION = fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi'));
export const CONTEXT_GUARD_EXTENSION = fileURLToPath(import.meta.resolve('@j1nn0/agent-context-guard-pi'));

/** Pi's own example `todo` extension (a .ts file Pi loads through jiti) from the release under test. */
export function piTodoExample(version: PiVersion): string {
  // Every release keeps its CLI under <package>/dist/, and its examples under <package>/examples/.
  const packageRoot = version.cliPath.slice(0, version.cliPath.lastIndexOf('/dist/'));
  return `${packageRoot}/examples/extensions/todo.ts`;
}
