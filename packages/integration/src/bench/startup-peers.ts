import { piTodoExample, RPIV_TODO_PACKAGE, packageVersion } from './extension-paths.js';
import type { PiTarget } from './pi-targets.js';
import type { StartVariant } from './startup-figure.js';

// Figure 4's peers on Pi 1.6.0: other todo extensions, started in the same rounds as the adapters,
// so the adapters' cost over the floor reads beside what a comparable extension costs.

/** rpiv-todo from the registry, loaded as a user would: its package dir, whose `pi.extensions` is a .ts file Pi loads through jiti. */
export function rpivTodoVariant(): StartVariant {
  return {
    label: `@juicesharp/rpiv-todo ${packageVersion(RPIV_TODO_PACKAGE)} loaded (a peer: its package dir, .ts through Pi's jiti)`,
    extensions: [RPIV_TODO_PACKAGE],
    loadedCommands: ['todos'],
  };
}

/** Pi's own example todo extension, from the release under test. */
export function piTodoExampleVariant(target: PiTarget): StartVariant {
  return {
    label: `Pi's example todo.ts loaded (a peer: examples/extensions/todo.ts of Pi ${target.version.label})`,
    extensions: [piTodoExample(target.version)],
    loadedCommands: ['todos'],
  };
}
