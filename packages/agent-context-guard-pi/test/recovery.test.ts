import type { FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import { RECOVERY_MESSAGE_TYPE } from '../src/extension.js';
import { formatCheckNotice, formatRecoveryContent } from '../src/format.js';
import {
  compact,
  compactionIds,
  contextRequest,
  expectCleanRun,
  expectedStatus,
  readGuard,
  readStatus,
  recordAll,
  recoveryMessagesIn,
  recoverySends,
  requestAfterCompaction,
  savedChecks,
  startGuardHost,
  takeCheckNotices,
} from './context-guard-host.js';
import { guardState, verifiedCheck } from './expected-messages.js';
import { assistantMessage, customMessage, toolResultMessage, userMessage, type TestMessage } from './messages.js';

const SHIP = { id: 'ship', kind: 'goal', content: 'Add CSV export to the report page', critical: true } as const;
const QUOTE = { id: 'quote', kind: 'decision', content: 'Quote every field', critical: true } as const;
const RECOVERED = formatRecoveryContent([SHIP, QUOTE]);
/** A compaction summary that kept only the critical `kept` item. */
const PARTIAL = 'Reports are UTF-8. Nothing else was kept.';
/** The check of the newest compaction when only the plain `no-deps` was lost: nothing to restore. */
const NO_DEPS_LOST = verifiedCheck({ preserved: 3, lost: [{ id: 'no-deps', critical: false }] });

/** The checks saved for the newest compaction (one at most), read by check-entry.ts's reader. */
function newestChecks(host: FakePiHost): unknown[] {
  const newest = compactionIds(host).at(-1);
  return savedChecks(host).filter((check) => check.compactionId === newest);
}

/** Critical `ship` and `quote`, critical `kept`, plain `no-deps`; recovery critical; one compaction done. */
async function compactedWithRecovery(): Promise<FakePiHost> {
  const host = await startGuardHost();
  await recordAll(host, [
    `add ship goal --critical ${SHIP.content}`,
    'add no-deps constraint Add no new runtime dependencies',
    'add kept fact --critical Reports are UTF-8',
    `add quote decision --critical ${QUOTE.content}`,
    'recovery critical',
  ]);
  await compact(host);
  return host;
}

/** Pi persisted the queued recovery with the next user prompt: it now sits in the context as a custom message. */
function persistedRecovery(content: string): TestMessage {
  return customMessage(RECOVERY_MESSAGE_TYPE, content, false);
}

describe('recovery of lost critical items', () => {
  it('adds exactly one hidden custom message with the lost critical items, right after the compaction summary', async () => {
    const host = await compactedWithRecovery();
    const request = requestAfterCompaction(PARTIAL);
    const messages = await contextRequest(host, request);
    expect(messages).toHaveLength(request.length + 1);
    expect([messages?.[0], ...(messages?.slice(2) ?? [])]).toEqual(request);
    expect(messages?.[1]).toEqual({
      role: 'custom',
      customType: RECOVERY_MESSAGE_TYPE,
      content: RECOVERED,
      display: false,
      timestamp: expect.any(Number) as unknown,
    });
    expect(takeCheckNotices(host)).toEqual([
      {
        message: formatCheckNotice(
          verifiedCheck({
            preserved: 1,
            lost: [
              { id: 'ship', critical: true },
              { id: 'no-deps', critical: false },
              { id: 'quote', critical: true },
            ],
            restored: 2,
            restoredIds: ['ship', 'quote'],
          }),
        ),
        type: 'warning',
      },
    ]);
    expectCleanRun(host);
  });

  it('reaches the model request exactly once through the whole context chain', async () => {
    const host = await compactedWithRecovery();
    const final = await host.emitContext(requestAfterCompaction(PARTIAL));
    expect(recoveryMessagesIn(final)).toHaveLength(1);
  });

  it('hands the message to Pi once, for the next user prompt, without starting a turn', async () => {
    const host = await compactedWithRecovery();
    await contextRequest(host, requestAfterCompaction(PARTIAL));
    expect(recoverySends(host)).toEqual([
      [{ customType: RECOVERY_MESSAGE_TYPE, content: RECOVERED, display: false }, { deliverAs: 'nextTurn' }],
    ]);
  });

  it('adds nothing more once Pi carries the persisted message, and does not hand it over again', async () => {
    const host = await compactedWithRecovery();
    await contextRequest(host, requestAfterCompaction(PARTIAL));
    const nextPrompt = [...requestAfterCompaction(PARTIAL), userMessage('next prompt'), persistedRecovery(RECOVERED)];
    expect(await contextRequest(host, nextPrompt)).toBeUndefined();
    expect(recoveryMessagesIn(await host.emitContext(nextPrompt))).toHaveLength(1);
    expect(recoverySends(host)).toHaveLength(1);
    expect(takeCheckNotices(host)).toHaveLength(1);
  });

  it('repeats it once per request until Pi has persisted it, e.g. after a tool call in the same run', async () => {
    const host = await compactedWithRecovery();
    const first = requestAfterCompaction(PARTIAL);
    await contextRequest(host, first);
    const afterToolCall = await contextRequest(host, [...first, assistantMessage('listing now'), toolResultMessage('listing')]);
    expect(recoveryMessagesIn(afterToolCall ?? [])).toHaveLength(1);
    // Still right after the summary: never after the turn's assistant message or tool result.
    expect(recoveryMessagesIn(afterToolCall?.slice(1, 2) ?? [])).toHaveLength(1);
    expect(afterToolCall?.slice(2)).toEqual(first.slice(1).concat([assistantMessage('listing now'), toolResultMessage('listing')]));
    expect(recoverySends(host)).toHaveLength(1);
    expect(takeCheckNotices(host)).toHaveLength(1);
  });

  it('recovers nothing when every critical item was preserved', async () => {
    const host = await compactedWithRecovery();
    const summary = `${SHIP.content}. ${QUOTE.content}. Reports are UTF-8.`;
    expect(await contextRequest(host, requestAfterCompaction(summary))).toBeUndefined();
    expect(recoverySends(host)).toEqual([]);
    expect(newestChecks(host)).toEqual([{ ...NO_DEPS_LOST, compactionId: compactionIds(host).at(-1) }]);
  });

  it('finds a persisted recovery at the next compaction, so it is not restored twice', async () => {
    const host = await compactedWithRecovery();
    await contextRequest(host, requestAfterCompaction(PARTIAL));
    takeCheckNotices(host);
    await compact(host);
    const kept = [...requestAfterCompaction(PARTIAL), persistedRecovery(RECOVERED)];
    expect(await contextRequest(host, kept)).toBeUndefined();
    expect(recoverySends(host)).toHaveLength(1);
    expect(newestChecks(host)).toEqual([{ ...NO_DEPS_LOST, compactionId: compactionIds(host).at(-1) }]);
  });

  it('hands the same recovery over once when a second compaction loses the same items before Pi stored the first', async () => {
    const host = await compactedWithRecovery();
    await contextRequest(host, requestAfterCompaction(PARTIAL));
    await compact(host);
    const messages = await contextRequest(host, requestAfterCompaction(PARTIAL));
    expect(recoveryMessagesIn(messages ?? [])).toHaveLength(1);
    expect(recoverySends(host)).toHaveLength(1);
  });

  it('records the restored count in status', async () => {
    const host = await compactedWithRecovery();
    await contextRequest(host, requestAfterCompaction('nothing kept'));
    takeCheckNotices(host);
    const items = guardState(
      [
        ['ship', 'goal', SHIP.content, true],
        ['no-deps', 'constraint', 'Add no new runtime dependencies'],
        ['kept', 'fact', 'Reports are UTF-8', true],
        ['quote', 'decision', QUOTE.content, true],
      ],
      'critical',
    );
    const lost = items.items.map(({ id, critical }) => ({ id, critical }));
    const [compactionId = ''] = compactionIds(host);
    expect(savedChecks(host)).toEqual([verifiedCheck({ compactionId, lost, restored: 3, restoredIds: ['ship', 'kept', 'quote'] })]);
    expect(await readGuard(host)).toEqual(items);
    expect(await readStatus(host)).toBe(await expectedStatus(host));
  });
});

describe('privacy', () => {
  it('never puts item content in a notification, the footer or a rejection', async () => {
    const secret = 'Sapphire-Otter-4471';
    const host = await startGuardHost();
    await recordAll(host, [`add s goal --critical ${secret}`, 'recovery critical']);
    await host.executeTool('context_guard_protect', { id: 's', kind: 'fact', content: secret });
    await host.emit('session_compact', { type: 'session_compact' });
    await compact(host);
    await contextRequest(host, requestAfterCompaction('nothing kept'));
    await host.runCommand('/context-guard add s fact again');
    await host.runCommand('/context-guard status');
    await host.runCommand('/context-guard clear');
    await host.runCommand('/context-guard clear --yes');
    expect(host.notifications.length).toBeGreaterThanOrEqual(6);
    for (const notification of host.notifications) {
      expect(notification.message).not.toContain(secret);
    }
    expect(recoverySends(host)).toHaveLength(1);
    expectCleanRun(host);
  });
});
