import type { PiCommandInfo, PiExtensionError } from '@j1nn0/pi-real-hosts';

// Figure 4 times starts, so a start whose extension did not load would flatter it. Each start is
// therefore checked after its timing: every command the extension registers is listed, none failed.

/** Why this start did not load what it was given, or undefined when it did. */
export function loadProblem(expectedCommands: readonly string[], listed: readonly PiCommandInfo[], errors: readonly PiExtensionError[]): string | undefined {
  const fromExtensions = new Set(listed.filter((command) => command.source === 'extension').map((command) => command.name));
  const missing = expectedCommands.filter((name) => !fromExtensions.has(name));
  const problems = [
    ...(missing.length === 0 ? [] : [`get_commands lists no ${missing.map((name) => `/${name}`).join(', ')}`]),
    ...errors.map((error) => `extension error in ${error.event} of ${error.extensionPath}: ${error.error}`),
  ];
  return problems.length === 0 ? undefined : problems.join('; ');
}
