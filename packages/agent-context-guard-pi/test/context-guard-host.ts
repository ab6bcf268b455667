import { createFakePiHost, type FakeExtensionApi, type FakePiHost } from '@j1nn0/pi-testkit';
import { createCommandHarness, expectCleanRun as expectNoFailures, leafId, type PersistedAdapter } from '@j1nn0/pi-testkit/adapter-suites';
import { expect } from 'vitest';
import { CHECK_ENTRY_TYPE, readCheckPayload, restoreCheckFromBranch, type CompactionCheck } from '../src/check-entry.js';
import contextGuardExtension, { RECOVERY_MESSAGE_TYPE, STATE_ENTRY_TYPE } from '../src/extension.js';
import { formatPendingCheck, formatStatus, type GuardStatus } from '../src/format.js';
import { MAX_ITEMS } from '../src/limits.js';
import type { ContextGuardOutput } from '../src/structured-output.js';
import type { ContextGuardTool } from '../src/tools.js';
import { formatFooter } from '../src/ui/footer.js';
import { guardState } from './expected-messages.js';
import { compactionSummaryMessage, userMessage } from './messages.js';

// One place for the fake-host setup every host-level test shares.

// Host-level tests read every answer as a notification, as an RPC client does. In the terminal UI
// (mode `tui`) a saved change is shown as a chat line instead; test/ui/ covers that split.
const harness = createCommandHarness({
  extension: contextGuardExtension,
  command: 'context-guard',
  entryType: STATE_ENTRY_TYPE,
  hostDefaults: { mode: 'rpc' },
});

export const { start: startGuardHost, run: runGuard, recordAll, savedPayloads } = harness;
export { leafId };

/** The text of a tool result's content parts. */
export function resultText(content: readonly { type: string; text?: string }[]): string {
  return content.map((part) => part.text ?? '').join('');
}

/** The list tool's text, so it also works without a UI. */
export async function readList(host: FakePiHost): Promise<string> {
  const result = await host.executeTool('context_guard_list', {});
  return resultText(result.content);
}

/** The `status` text. */
export async function readStatus(host: FakePiHost): Promise<string> {
  const [notification] = await runGuard(host, 'status');
  return notification?.message ?? '';
}

/**
 * The `pi.sendMessage` calls the extension made. The fake host records sendMessage as a call an
 * adapter must not make, without performing it; for this adapter it is the recovery mechanism.
 */
export function recoverySends(host: FakePiHost): (readonly unknown[])[] {
  return host.forbiddenCalls.filter((call) => call.method === 'pi.sendMessage').map((call) => call.args);
}

/** Nothing failed inside the extension and no API outside the port was used (recovery sends aside). */
export function expectCleanRun(host: FakePiHost): void {
  expectNoFailures(host, ['pi.sendMessage']);
  for (const [message, options] of recoverySends(host)) {
    expect(message).toMatchObject({ customType: RECOVERY_MESSAGE_TYPE, display: false });
    expect(options).toEqual({ deliverAs: 'nextTurn' });
  }
}

/**
 * What `context_guard_list` gives a program, as Pi 1.6 runs it (the fake host mirrors 0.84.2, which drops
 * `structuredContent`, so the registered tool's execute is called with a context on the host's session).
 */
export async function readGuard(host: FakePiHost): Promise<ContextGuardOutput> {
  const tool = host.tools.get('context_guard_list') as unknown as ContextGuardTool | undefined;
  if (tool === undefined) throw new Error('context_guard_list is not registered');
  const ignore = (): undefined => undefined;
  const ctx = { hasUI: false, ui: { notify: ignore, setStatus: ignore, setWidget: ignore }, sessionManager: host.session };
  const result = await tool.execute('read-guard', {}, undefined, undefined, ctx);
  return result.structuredContent as ContextGuardOutput;
}

/**
 * What `status` must answer, drawn by the formatter from the state read as structure: by default nothing
 * discarded, no check pending and, as the last check, the newest one saved on the branch.
 */
export async function expectedStatus(host: FakePiHost, status: Partial<Omit<GuardStatus, 'state'>> = {}): Promise<string> {
  return formatStatus({
    state: await readGuard(host),
    discarded: false,
    verificationPending: false,
    lastCheck: restoreCheckFromBranch(host.session.getBranch()),
    ...status,
  });
}

/** The footer's words for the recorded state, as footer.ts draws them (an RPC client gets them bare). */
export async function expectedFooter(host: FakePiHost, checkPending = false): Promise<string | undefined> {
  return formatFooter(await readGuard(host), checkPending);
}

/** Every check saved in the session (all branches, in append order), read by check-entry.ts's reader. */
export function savedChecks(host: FakePiHost): CompactionCheck[] {
  return host.session.customEntries(CHECK_ENTRY_TYPE).flatMap((entry) => {
    const read = readCheckPayload(entry.data);
    return read.ok ? [read.value] : [];
  });
}

/** The ids of the session's compaction entries, in append order. */
export function compactionIds(host: FakePiHost): string[] {
  return host.session.getEntries().flatMap((entry) => (entry.type === 'compaction' ? [entry.id] : []));
}

/** The adapter as the shared session suites drive it: its state is the protected set and the recovery mode. */
export const persistedGuard: PersistedAdapter = { ...harness, readState: readGuard, expectCleanRun };

/**
 * The word at `session_compact` when a snapshot awaits the next request, for every count of items and
 * of critical ones the limits allow, as the formatter writes it.
 */
const PENDING_CHECK_NOTICES: ReadonlySet<string> = new Set(
  Array.from({ length: MAX_ITEMS + 1 }, (_, total) =>
    Array.from({ length: total + 1 }, (_, critical) =>
      formatPendingCheck(guardState(Array.from({ length: total }, (_, index) => [`i${index}`, 'fact', 'F', index < critical] as const)).items),
    ),
  ).flat(),
);

/**
 * Pi's compaction as an extension sees it: `session_before_compact`, the compaction entry appended,
 * `session_compact` (the fake host does it as Pi does). Returns what the `session_before_compact`
 * handlers returned.
 */
export async function compact(host: FakePiHost, summary = 'The user and the assistant worked on the report page.'): Promise<readonly unknown[]> {
  return (await host.compact({ summary })).beforeResults;
}

/** The armed summary of `boundaryCompactor`, per host. */
const armedSummaries = new WeakMap<object, string>();

/**
 * Another extension that compacts the way Pi 0.87+ lets it: it returns a compaction draft from
 * `turn_end`, which Pi appends with no compaction event. `/compact-at-turn-end <summary>` arms it once.
 */
function boundaryCompactor(pi: FakeExtensionApi): void {
  pi.registerCommand('compact-at-turn-end', {
    handler: (args) => {
      armedSummaries.set(pi, args);
      return Promise.resolve();
    },
  });
  // Pi 0.84's typings predate boundary drafts; the fake host runs them as Pi 0.87+ does.
  const proposeCompaction = (event: { entries: unknown[] }): unknown => {
    const summary = armedSummaries.get(pi);
    armedSummaries.delete(pi);
    return summary === undefined ? undefined : { entries: [...event.entries, { type: 'compaction', summary }] };
  };
  pi.on('turn_end', proposeCompaction as never);
}

/** The guard and `boundaryCompactor` in one fake Pi, a session started. */
export async function startGuardHostWithCompactor(): Promise<FakePiHost> {
  const host = createFakePiHost({ mode: 'rpc', cwd: '/project' });
  await host.load(contextGuardExtension);
  await host.load(boundaryCompactor);
  await host.startSession();
  return host;
}

/** Compacts at the next turn boundary through `boundaryCompactor`, as another extension would. */
export async function compactAtTurnEnd(host: FakePiHost, summary: string): Promise<void> {
  await host.runCommand(`/compact-at-turn-end ${summary}`);
  await host.emitBoundary('turn_end');
}

/**
 * The notifications so far without the pending-check notices of compactions, each checked to be an
 * `info` of that exact form: for tests about the check itself (one test pins the notice word for word).
 */
export function takeCheckNotices(host: FakePiHost): ReturnType<FakePiHost['takeNotifications']> {
  return host.takeNotifications().filter((notification) => {
    if (!PENDING_CHECK_NOTICES.has(notification.message)) {
      return true;
    }
    expect(notification.type).toBe('info');
    return false;
  });
}

/** Emits one `context` event with these messages and returns the messages the extension answered with, if any. */
export async function contextRequest(host: FakePiHost, messages: readonly unknown[]): Promise<unknown[] | undefined> {
  const [result] = await host.emit('context', { type: 'context', messages: [...messages] });
  if (result === undefined) {
    return undefined;
  }
  return (result as { messages: unknown[] }).messages;
}

/** A request right after compaction: the summary first, then a new user prompt. */
export function requestAfterCompaction(summary: string, prompt = 'Please continue.'): unknown[] {
  return [compactionSummaryMessage(summary), userMessage(prompt)];
}

/** The hidden recovery messages in a request. */
export function recoveryMessagesIn(messages: readonly unknown[]): Record<string, unknown>[] {
  return messages.filter(
    (message): message is Record<string, unknown> =>
      typeof message === 'object' && message !== null && (message as Record<string, unknown>)['customType'] === RECOVERY_MESSAGE_TYPE,
  );
}

/** Two items: a critical goal and a non-critical constraint, used by the compaction scenarios. */
export const PROTECT_TWO = ['add ship goal --critical Add CSV export to the report page', 'add no-deps constraint Add no new runtime dependencies'];
