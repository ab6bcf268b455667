import { createFakePiHost, toolResultText, type FakePiHost } from '@j1nn0/pi-testkit';
import { createCommandHarness, expectCleanRun, type PersistedAdapter } from '@j1nn0/pi-testkit/adapter-suites';
import { expect } from 'vitest';
import { CHECK_ENTRY_TYPE, readCheckPayload, type CompactionCheck } from '../src/check-entry.js';
import contextGuardExtension, { RECOVERY_MESSAGE_TYPE, STATE_ENTRY_TYPE } from '../src/extension.js';
import type { ContextGuardOutput } from '../src/structured-output.js';
import type { ContextGuardTool } from '../src/tools.js';
import boundaryCompactor from './e2e/fixtures/boundary-compactor.js';
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
export { expectCleanRun };

/** The list tool's text, so it also works without a UI. */
export async function readList(host: FakePiHost): Promise<string> {
  const result = await host.executeTool('context_guard_list', {});
  return toolResultText(result.content);
}

/** The `status` text. */
export async function readStatus(host: FakePiHost): Promise<string> {
  const [notification] = await runGuard(host, 'status');
  return notification?.message ?? '';
}

/**
 * The `pi.sendMessage` calls the extension made: none is expected (the recovery is placed in each
 * request instead). The fake host records such a call as one an adapter must not make, without performing it.
 */
export function recoverySends(host: FakePiHost): (readonly unknown[])[] {
  return host.forbiddenCalls.filter((call) => call.method === 'pi.sendMessage').map((call) => call.args);
}


/**
 * What `context_guard_list` gives a program, as Pi 1.6 runs it (the fake host mirrors 0.84.2, which drops
 * `structuredContent`, so the registered tool's execute is called with a context on the host's session,
 * without a UI, as a codemode call in print mode would have).
 */
export function listResult(host: FakePiHost): ReturnType<ContextGuardTool['execute']> {
  const tool = host.tools.get('context_guard_list') as unknown as ContextGuardTool | undefined;
  if (tool === undefined) throw new Error('context_guard_list is not registered');
  const ignore = (): undefined => undefined;
  const ctx = { hasUI: false, ui: { notify: ignore, setStatus: ignore, setWidget: ignore }, sessionManager: host.session };
  return tool.execute('read-guard', {}, undefined, undefined, ctx);
}

/** The protected set and the recovery mode, as `context_guard_list` gives them to a program. */
export async function readGuard(host: FakePiHost): Promise<ContextGuardOutput> {
  return (await listResult(host)).structuredContent as ContextGuardOutput;
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
 * Pi's compaction as an extension sees it: `session_before_compact`, the compaction entry appended,
 * `session_compact` (the fake host does it as Pi does). Returns what the `session_before_compact`
 * handlers returned.
 */
export async function compact(host: FakePiHost, summary = 'The user and the assistant worked on the report page.'): Promise<readonly unknown[]> {
  return (await host.compact({ summary })).beforeResults;
}

/**
 * The guard and another extension that compacts the way Pi 0.87+ lets it, in one fake Pi, a session
 * started: the e2e fixture (e2e/fixtures/boundary-compactor.ts), which returns a compaction draft from
 * `turn_end` that Pi appends with no compaction event.
 */
export async function startGuardHostWithCompactor(): Promise<FakePiHost> {
  const host = createFakePiHost({ mode: 'rpc', cwd: '/project' });
  await host.load(contextGuardExtension);
  // Pi 0.84's typings predate boundary drafts; the fake host runs them as Pi 0.87+ does.
  await host.load(boundaryCompactor as never);
  await host.startSession();
  return host;
}

/** Compacts at the next turn boundary through the compactor, as another extension would. */
export async function compactAtTurnEnd(host: FakePiHost, summary: string): Promise<void> {
  await host.runCommand(`/e2e-compact-at-turn-end ${summary}`);
  expect(host.takeNotifications()).toEqual([{ message: 'armed', type: 'info' }]);
  await host.emitBoundary('turn_end');
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
