import { createFakePiHost, type FakePiHost, type FakePiHostOptions, type Notification } from '@j1nn0/pi-testkit';
import { expect } from 'vitest';
import contextGuardExtension, { RECOVERY_MESSAGE_TYPE, STATE_ENTRY_TYPE } from '../src/extension.js';
import { compactionSummaryMessage, userMessage } from './messages.js';

// One place for the fake-host setup every host-level test shares.

/** A fake Pi host with the extension loaded and a session started, its startup notifications taken. */
export async function startGuardHost(options: FakePiHostOptions = {}): Promise<FakePiHost> {
  const host = createFakePiHost(options);
  await host.load(contextGuardExtension);
  await host.startSession('startup');
  host.takeNotifications();
  return host;
}

/** Runs `/context-guard <args>` and returns what it notified. */
export async function runGuard(host: FakePiHost, args: string): Promise<Notification[]> {
  await host.runCommand(`/context-guard ${args}`);
  return host.takeNotifications();
}

/** Runs several commands that must each succeed with one info notification. */
export async function recordAll(host: FakePiHost, commands: readonly string[]): Promise<void> {
  for (const args of commands) {
    const notifications = await runGuard(host, args);
    expect(notifications, args).toHaveLength(1);
    expect(notifications[0]?.type, `${args}: ${notifications[0]?.message ?? ''}`).toBe('info');
  }
}

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

/** Payloads of every saved state entry of the current session, all branches, in append order. */
export function savedPayloads(host: FakePiHost): unknown[] {
  return host.session.customEntries(STATE_ENTRY_TYPE).map((entry) => entry.data);
}

/** The id of the newest entry of the session, to navigate or fork to. */
export function leafId(host: FakePiHost): string {
  const leaf = host.session.getLeafId();
  if (leaf === null) {
    throw new Error('the session has no entries');
  }
  return leaf;
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
  expect(host.extensionErrors).toEqual([]);
  expect(host.forbiddenCalls.filter((call) => call.method !== 'pi.sendMessage')).toEqual([]);
  for (const [message, options] of recoverySends(host)) {
    expect(message).toMatchObject({ customType: RECOVERY_MESSAGE_TYPE, display: false });
    expect(options).toEqual({ deliverAs: 'nextTurn' });
  }
}

/**
 * Pi's compaction as an extension sees it: `session_before_compact`, the compaction entry appended,
 * `session_compact`. Returns what the `session_before_compact` handlers returned.
 */
export async function compact(host: FakePiHost, summary = 'The user and the assistant worked on the report page.'): Promise<unknown[]> {
  const firstKeptEntryId = host.session.getLeafId() ?? 'none';
  const preparation = {
    firstKeptEntryId,
    messagesToSummarize: [],
    turnPrefixMessages: [],
    isSplitTurn: false,
    tokensBefore: 12_345,
    fileOps: { read: new Set<string>(), written: new Set<string>(), edited: new Set<string>() },
    settings: { enabled: true, reserveTokens: 16_384, keepRecentTokens: 20_000 },
  };
  const before = await host.emit('session_before_compact', {
    type: 'session_before_compact',
    preparation,
    branchEntries: host.session.getBranch(),
    signal: new AbortController().signal,
    reason: 'manual',
    willRetry: false,
  });
  const compactionEntry = host.session.appendRaw({ type: 'compaction', summary, firstKeptEntryId, tokensBefore: 12_345 });
  await host.emit('session_compact', {
    type: 'session_compact',
    compactionEntry,
    fromExtension: false,
    reason: 'manual',
    willRetry: false,
  });
  return before;
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
