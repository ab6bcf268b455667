import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  customEntries,
  useSharedPi,
  type PiDriver,
  type PiNotification,
  type PiTarget,
  type SessionFileEntry,
} from '@j1nn0/pi-real-hosts';
import { expect } from 'vitest';
import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { plainText } from '@j1nn0/pi-adapter-kit';
import { formatStatus } from '../../../src/format.js';
import { STATE_ENTRY_TYPE, restoreFromBranch } from '../../../src/persistence.js';
import { declaredOnBranch, sinceOnBranch, type DeclaredBy, type SinceTimes } from '../../../src/since.js';
import { formatFooter } from '../../../src/ui/footer.js';
import { panelLines } from '../../../src/ui/panel.js';

// One place for the real-Pi setup every e2e file shares.

/** The BUILT extension, as a user loads it with `pi -e` (run `pnpm build` first). */
export const EXTENSION_PATH = fileURLToPath(new URL('../../../dist/extension.js', import.meta.url));

/** One Pi per version for the whole file, a fresh session per test (see useSharedPi). */
export function useAgentStatePi(target: PiTarget): () => PiDriver {
  return useSharedPi(target, [EXTENSION_PATH]);
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

/** `/agent-state status` as Pi shows it: a single info notification. */
export async function statusReply(pi: PiDriver): Promise<string> {
  const notifications = await runAgentState(pi, 'status');
  expect(notifications.map((notification) => notification.notifyType)).toEqual(['info']);
  return notifications[0]?.message ?? '';
}

/** A session file as Pi opens it: its complete lines (a torn last line is skipped), the branch from its last entry back to the root. */
export function branchOfFile(text: string): SessionFileEntry[] {
  const entries = text.split('\n').flatMap((line): SessionFileEntry[] => {
    try {
      return [JSON.parse(line) as SessionFileEntry];
    } catch {
      return [];
    }
  });
  const branch = branchOfLastEntry(entries);
  return entries.filter((entry) => branch.has(String(entry['id'])));
}

/** What the adapter must show of a session: the newest saved state on the branch Pi opens, and the times its entries give. */
export interface SavedView {
  readonly state: AgentStateSnapshot;
  readonly since: SinceTimes;
  readonly declared: DeclaredBy;
}

/** The newest readable state on `branch` and its times, read by the adapter's own functions (empty when none is saved). */
export function savedView(branch: readonly SessionFileEntry[]): SavedView {
  const entries = branch as never;
  const restored = restoreFromBranch(entries);
  const state = restored.kind === 'restored' ? restored.value : { schemaVersion: 1 as const, workItems: [], decisions: [] };
  return { state, since: sinceOnBranch(entries, state), declared: declaredOnBranch(entries, state) };
}

/** `/agent-state status` for a saved view, as the formatter writes it. */
export function statusOf({ state, since, declared }: SavedView): string {
  return formatStatus(state, undefined, since, new Date(), declared);
}

/** The view after each saved state on `branch`, oldest first: what the adapter showed right after that save. */
export function viewsAfterEachSave(branch: readonly SessionFileEntry[]): SavedView[] {
  return branch.flatMap((entry, index) => (entry['customType'] === STATE_ENTRY_TYPE ? [savedView(branch.slice(0, index + 1))] : []));
}

/** What `/agent-state status` must say of the session file at `path`, as it is now. */
export async function statusOfFile(path: string): Promise<string> {
  return statusOf(savedView(branchOfFile(await readFile(path, 'utf8'))));
}

/** The footer and the panel's plain lines for a saved view, as the ui functions draw them. */
export function screenOf({ state, since, declared }: SavedView): { readonly footer: string | undefined; readonly panel: string[] } {
  return { footer: formatFooter(state), panel: panelLines(state, { since, declared }).map(plainText) };
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
function branchOfLastEntry(entries: readonly SessionFileEntry[]): Set<string> {
  const parentOf = new Map(entries.map((entry) => [entry['id'], entry['parentId']]));
  const branch = new Set<string>();
  let id = entries.at(-1)?.['id'];
  while (typeof id === 'string' && !branch.has(id)) {
    branch.add(id);
    id = parentOf.get(id);
  }
  return branch;
}
