import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PiVersion } from '@j1nn0/pi-real-hosts';

/** Compiled adapter entry points, as `pi -e` loads them (their package's `pi.extensions`). */
export const AGENT_STATE_EXTENSION = fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi'));
export const CONTEXT_GUARD_EXTENSION = fileURLToPath(import.meta.resolve('@j1nn0/agent-context-guard-pi'));

/** The compiled test-only extension that registers nothing (the start-up floor), next to this file in dist/bench. */
export const EMPTY_EXTENSION = fileURLToPath(new URL('./empty-extension.js', import.meta.url));

/** Both adapters registered but given none of Pi's events (test-only, next to this file in dist/bench). */
export const ADAPTERS_WITHOUT_EVENTS = fileURLToPath(new URL('./adapters-without-events.js', import.meta.url));

/** @juicesharp/rpiv-todo's package dir (a figure-4 peer): `pi -e <dir>` reads its `pi.extensions`, `./index.ts`. */
export const RPIV_TODO_PACKAGE = dirname(fileURLToPath(import.meta.resolve('@juicesharp/rpiv-todo/package.json')));

/** The `version` of the package in `packageDir`. */
export function packageVersion(packageDir: string): string {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version?: string };
  if (manifest.version === undefined) throw new Error(`${packageDir}/package.json has no version`);
  return manifest.version;
}

/** Pi's own example `todo` extension (a .ts file Pi loads through jiti) from the release under test. */
export function piTodoExample(version: PiVersion): string {
  // Every release keeps its CLI under <package>/dist/, and its examples under <package>/examples/.
  const packageRoot = version.cliPath.slice(0, version.cliPath.lastIndexOf('/dist/'));
  return `${packageRoot}/examples/extensions/todo.ts`;
}

/** Both adapters' entry points in another checkout's build (its package.json `pi.extensions`), for a before/after start-up. */
export function adapterExtensionsIn(checkout: string): string[] {
  return ['agent-state-pi', 'agent-context-guard-pi'].map((name) => {
    const packageDir = join(checkout, 'packages', name);
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { pi?: { extensions?: string[] } };
    const [entry] = manifest.pi?.extensions ?? [];
    if (entry === undefined) throw new Error(`${packageDir} declares no pi.extensions`);
    return join(packageDir, entry);
  });
}
