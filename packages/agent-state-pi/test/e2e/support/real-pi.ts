import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  customEntries,
  parseSessionJsonl,
  useSharedPi,
  type PiDriver,
  type PiNotification,
  type PiTarget,
  type SessionFileEntry,
} from '@j1nn0/pi-real-hosts';
import { expect } from 'vitest';
import { STATE_ENTRY_TYPE } from '../../../src/persistence.js';
import { withoutTimes } from '../../snapshots.js';

// One place for the real-Pi setup every e2e file shares.

/** The BUILT extension, as a user loads it with `pi -e` (run `pnpm build` first). */
export const EXTENSION_PATH = fileURLToPath(new URL('../../../dist/extension.js', import.meta.url));

/** The package folder, as a user passes it to `pi install <dir> -l`. */
export const PACKAGE_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/** Test-only extension: `/e2e-navigate <entryId>` (Pi's own tree navigation) and `/e2e-session-starts`. */
export const PI_PROBE_PATH = fileURLToPath(new URL('../fixtures/pi-probe.ts', import.meta.url));

/** One Pi per version for the whole file, a fresh session per test (see useSharedPi). */
export function useAgentStatePi(target: PiTarget, extraExtensions: readonly string[] = []): () => PiDriver {
  return useSharedPi(target, [EXTENSION_PATH, ...extraExtensions]);
}

/** Runs `/agent-state <args>` and returns what it notified. */
export async function runAgentState(pi: PiDriver, args: string): Promise<readonly PiNotification[]> {
  return (await pi.prompt(`/agent-state ${args}`)).notifications;
}

/** Runs commands that must each succeed with exactly one info notification. */
export async function recordAll(pi: PiDriver, commands: readonly string[]): Promise<void> {
  for (const args of commands) {
    const notifications = await runAgentState(pi, args);
    expect(notifications.map((notification) => notification.notifyType), args).toEqual(['info']);
  }
}

/**
 * The text of `/agent-state status`, which must be a single info notification, its times left out
 * (see withoutTimes; the since scenario checks them).
 */
export async function statusOf(pi: PiDriver): Promise<string> {
  return withoutTimes(await timedStatusOf(pi));
}

/** `/agent-state status` as Pi shows it, since when each unfinished item has had its status included. */
export async function timedStatusOf(pi: PiDriver): Promise<string> {
  const notifications = await runAgentState(pi, 'status');
  expect(notifications).toHaveLength(1);
  expect(notifications[0]?.notifyType).toBe('info');
  return notifications[0]?.message ?? '';
}

/** Sends `text` as a user message and waits for the model turn, after which Pi has written the session file. */
export async function completeModelTurn(pi: PiDriver, text = 'Carry on.'): Promise<void> {
  const result = await pi.prompt(text);
  expect(result.startedRun).toBe(true);
}

/** Notifications Pi showed after the first `count` ones (take `pi.notifications().length` as the mark). */
export function notificationsAfter(pi: PiDriver, count: number): PiNotification[] {
  return pi.notifications().slice(count);
}

export function sessionFileOf(pi: PiDriver): string {
  const file = pi.sessionFile;
  if (file === undefined) throw new Error('Pi reported no session file');
  return file;
}

export function stateEntries(entries: readonly SessionFileEntry[]): SessionFileEntry[] {
  return customEntries(entries, STATE_ENTRY_TYPE);
}

/** Ids from the last entry of the file back to the root: the branch Pi opens when it loads the file. */
export function branchOfLastEntry(entries: readonly SessionFileEntry[]): Set<string> {
  const parentOf = new Map(entries.map((entry) => [entry['id'], entry['parentId']]));
  const branch = new Set<string>();
  let id = entries.at(-1)?.['id'];
  while (typeof id === 'string' && !branch.has(id)) {
    branch.add(id);
    id = parentOf.get(id);
  }
  return branch;
}

/**
 * Hand-edits the newest `agent-state-state` line of a saved session file, as a corrupted or
 * future-version file would look; `edit` receives and returns the whole entry. Returns the new text.
 */
export async function editNewestStateEntry(
  file: string,
  edit: (entry: Record<string, unknown>) => Record<string, unknown>,
): Promise<string> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const isStateLine = (line: string): boolean => line !== '' && stateEntries(parseSessionJsonl(line)).length === 1;
  const index = lines.map(isStateLine).lastIndexOf(true);
  if (index < 0) throw new Error('the session file has no agent-state-state entry');
  lines[index] = JSON.stringify(edit(JSON.parse(lines[index] ?? '') as Record<string, unknown>));
  const text = lines.join('\n');
  await writeFile(file, text);
  return text;
}
