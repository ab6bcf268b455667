import { fileURLToPath } from 'node:url';
import type { ModelRequest, PiDriver } from '@j1nn0/pi-real-hosts';
import { expect } from 'vitest';

// One place for the real-Pi setup of the coexistence tests: both BUILT adapters loaded with `-e`.

/** The built extensions, as a user passes them to `pi -e` (run the build first). */
export const BOTH_EXTENSIONS: readonly string[] = [
  fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi')),
  fileURLToPath(import.meta.resolve('@j1nn0/agent-context-guard-pi')),
];

/** Runs a slash command that must answer with exactly one info notification, and returns its text. */
export async function readCommand(pi: PiDriver, commandLine: string): Promise<string> {
  const { notifications } = await pi.prompt(commandLine);
  expect(notifications.map((notification) => notification.notifyType), commandLine).toEqual(['info']);
  return notifications[0]?.message ?? '';
}

export async function recordAll(pi: PiDriver, commandLines: readonly string[]): Promise<void> {
  for (const commandLine of commandLines) {
    await readCommand(pi, commandLine);
  }
}

/**
 * How often `text` appears across every message of one request body: content, tool calls and tool
 * results alike. `text` must contain no character JSON escapes.
 */
export function occurrencesInRequest(request: ModelRequest, text: string): number {
  if (JSON.stringify(text) !== `"${text}"`) throw new Error('the searched text has characters JSON escapes');
  return JSON.stringify(request.messages).split(text).length - 1;
}
