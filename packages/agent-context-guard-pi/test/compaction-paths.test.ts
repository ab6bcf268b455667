import { createFakePiHost, type FakeExtensionApi, type FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import { CHECK_ENTRY_TYPE } from '../src/check-entry.js';
import contextGuardExtension, { RECOVERY_MESSAGE_TYPE } from '../src/extension.js';
import { formatCheckNotice, formatCompactionFailed, formatRecoveryContent } from '../src/format.js';
import {
  compactAtTurnEnd,
  compactionIds,
  contextRequest,
  expectCleanRun,
  expectedStatus,
  readStatus,
  recordAll,
  recoveryMessagesIn,
  recoverySends,
  requestAfterCompaction,
  runGuard,
  savedChecks,
  startGuardHost,
  startGuardHostWithCompactor,
  takeCheckNotices,
} from './context-guard-host.js';
import { verifiedCheck } from './expected-messages.js';
import { assistantMessage, customMessage, userMessage } from './messages.js';

// Every path that appends a compaction, and a restart or a /tree move before or after its check: the newest
// compaction on the branch is checked once, at the next model request, against the items protected when it was
// appended; its recovery goes right after its summary until Pi has stored it.

const SHIP = { id: 'ship', kind: 'goal', content: 'Add CSV export to the report page', critical: true } as const;
const SETUP = [`add ship goal --critical ${SHIP.content}`, 'add no-deps constraint Add no new runtime dependencies', 'recovery critical'];
const SUMMARY = 'The work so far: Add no new runtime dependencies.';
const RECOVERY = formatRecoveryContent([SHIP]);
const SHIP_LOST_AND_RESTORED = verifiedCheck({ preserved: 1, lost: [{ id: 'ship', critical: true }], restored: 1, restoredIds: ['ship'] });
const LOST_SHIP_NOTICE = { message: formatCheckNotice(SHIP_LOST_AND_RESTORED), type: 'warning' };

/** The saved checks: the first compaction's, lost ship and restored it. */
function shipLostAndRestored(host: FakePiHost): unknown[] {
  const [compactionId = ''] = compactionIds(host);
  return [{ ...SHIP_LOST_AND_RESTORED, compactionId }];
}

/** One request after the compaction; returns the recoveries it carries and where the first one stands. */
async function requestRecoveries(host: FakePiHost, messages: readonly unknown[] = requestAfterCompaction(SUMMARY)) {
  const returned = (await contextRequest(host, messages)) ?? [...messages];
  return { recoveries: recoveryMessagesIn(returned), at: returned.findIndex((message) => recoveryMessagesIn([message]).length > 0) };
}

/** Pi stores the queued recovery with the next user prompt: a custom message entry in the session. */
function piStoresRecovery(host: FakePiHost): void {
  host.session.appendRaw({ type: 'custom_message', customType: RECOVERY_MESSAGE_TYPE, content: RECOVERY, display: false });
}

describe('a compaction another extension appends at a turn boundary (no compaction event)', () => {
  it('is checked once at the next request, names the lost ids and puts the recovery right after its summary', async () => {
    const host = await startGuardHostWithCompactor();
    await recordAll(host, SETUP);
    host.takeNotifications();

    await compactAtTurnEnd(host, SUMMARY);
    expect(host.takeNotifications()).toEqual([]);
    expect(await readStatus(host)).toBe(await expectedStatus(host, { verificationPending: true }));

    const first = await requestRecoveries(host);
    expect(first).toEqual({ recoveries: [expect.objectContaining({ content: RECOVERY }) as unknown], at: 1 });
    expect(takeCheckNotices(host)).toEqual([LOST_SHIP_NOTICE]);
    expect(savedChecks(host)).toEqual(shipLostAndRestored(host));
    // The next request of the same turn: the recovery again, no second check, no second hand-over.
    const toolTurn = [...requestAfterCompaction(SUMMARY), assistantMessage('Listing.')];
    expect(await requestRecoveries(host, toolTurn)).toEqual({ recoveries: [expect.anything() as unknown], at: 1 });
    expect(takeCheckNotices(host)).toEqual([]);
    expect(recoverySends(host)).toHaveLength(1);
    expectCleanRun(host);
  });

  it('is checked against the items protected when it was appended, and restores only what a person still holds critical', async () => {
    const host = await startGuardHostWithCompactor();
    await recordAll(host, [...SETUP, 'add quote decision --critical Quote every field']);
    await compactAtTurnEnd(host, SUMMARY);
    await recordAll(host, ['critical quote off', 'add late fact Late']);
    host.takeNotifications();

    const { recoveries } = await requestRecoveries(host);

    expect(recoveries.map((message) => message['content'])).toEqual([RECOVERY]);
    expect(takeCheckNotices(host)).toEqual([
      {
        message: formatCheckNotice(
          verifiedCheck({
            preserved: 1,
            lost: [
              { id: 'ship', critical: true },
              { id: 'quote', critical: true },
            ],
            restored: 1,
            restoredIds: ['ship'],
          }),
        ),
        type: 'warning',
      },
    ]);
  });
});

describe('a compaction an extension provides from session_before_compact', () => {
  it('is announced and checked like Pi\'s own', async () => {
    const host = createFakePiHost({ mode: 'rpc', cwd: '/project' });
    await host.load(contextGuardExtension);
    await host.load((pi: FakeExtensionApi) => {
      pi.on('session_before_compact', (event) => ({
        compaction: { summary: SUMMARY, firstKeptEntryId: event.preparation.firstKeptEntryId, tokensBefore: 1 },
      }));
    });
    await host.startSession();
    await recordAll(host, SETUP);
    host.session.appendMessage(userMessage('hello'));

    const result = await host.compact({ summary: 'Pi would have summarised differently.' });

    expect(result.entry).toMatchObject({ summary: SUMMARY, fromHook: true });
    expect(takeCheckNotices(host)).toEqual([]);
    await requestRecoveries(host);
    expect(takeCheckNotices(host)).toEqual([LOST_SHIP_NOTICE]);
  });
});

describe('a restart between a compaction and the next request', () => {
  it('checks the compaction once after the restart and recovers; a second restart checks nothing new', async () => {
    const host = await startGuardHost();
    await recordAll(host, SETUP);
    await host.compact({ summary: SUMMARY });
    host.takeNotifications();

    await host.restart();
    expect(await readStatus(host)).toBe(await expectedStatus(host, { verificationPending: true }));
    expect((await requestRecoveries(host)).recoveries).toHaveLength(1);
    expect(takeCheckNotices(host)).toEqual([LOST_SHIP_NOTICE]);

    await host.restart();
    expect(await readStatus(host)).toBe(await expectedStatus(host));
    await requestRecoveries(host);
    expect(takeCheckNotices(host)).toEqual([]);
    expect(savedChecks(host)).toEqual(shipLostAndRestored(host));
  });

  it('restates the recovery after a restart until Pi has stored it, handing it over once per run', async () => {
    const host = await startGuardHost();
    await recordAll(host, SETUP);
    await host.compact({ summary: SUMMARY });
    await requestRecoveries(host);
    expect(takeCheckNotices(host)).toEqual([LOST_SHIP_NOTICE]);
    expect(recoverySends(host)).toHaveLength(1);

    // Pi's queue died with the old run: the new run hands it over again, once.
    await host.restart();
    expect(await requestRecoveries(host)).toEqual({ recoveries: [expect.objectContaining({ content: RECOVERY }) as unknown], at: 1 });
    await requestRecoveries(host);
    expect(recoverySends(host)).toHaveLength(2);

    piStoresRecovery(host);
    await host.restart();
    const stored = [...requestAfterCompaction(SUMMARY), customMessage(RECOVERY_MESSAGE_TYPE, RECOVERY, false)];
    expect(await contextRequest(host, stored)).toBeUndefined();
    expect(recoverySends(host)).toHaveLength(2);
    expect(takeCheckNotices(host)).toEqual([]);
  });
});

describe('a /tree move after the check', () => {
  it('never checks the compaction again, and restates its recovery on a branch that lacks it', async () => {
    const host = await startGuardHost();
    await recordAll(host, SETUP);
    await host.compact({ summary: SUMMARY });
    host.session.appendMessage(userMessage('Continue.'));
    const prompt = host.session.getLeafId();
    await requestRecoveries(host);
    takeCheckNotices(host);
    piStoresRecovery(host);
    host.session.appendMessage(assistantMessage('Done.'));
    if (prompt === null) throw new Error('no prompt entry');

    // Re-editing the first prompt after the compaction: the new branch forks between the compaction and its check.
    await host.navigateTree(prompt);
    expect(host.session.getBranch().some((entry) => entry.type === 'custom' && entry.customType === CHECK_ENTRY_TYPE)).toBe(false);

    // The check saved on the other branch is still the check of this compaction.
    expect(await readStatus(host)).toBe(await expectedStatus(host, { lastCheck: savedChecks(host)[0] }));
    expect((await requestRecoveries(host)).recoveries).toHaveLength(1);
    expect(takeCheckNotices(host)).toEqual([]);
    expect(savedChecks(host)).toEqual(shipLostAndRestored(host));
  });
});

describe('a failed compaction (Pi 0.84.3 and later)', () => {
  it.each([
    ['error' as const, { message: formatCompactionFailed(false), type: 'warning' }],
    ['abort' as const, { message: formatCompactionFailed(true), type: 'info' }],
  ])('says so in one line (%s) and saves no check', async (fail, notice) => {
    const host = await startGuardHost();
    await recordAll(host, SETUP);
    expect((await host.compact({ fail })).entry).toBeUndefined();
    expect(host.takeNotifications()).toEqual([notice]);
    await requestRecoveries(host);
    expect(takeCheckNotices(host)).toEqual([]);
    expect(savedChecks(host)).toEqual([]);
    expect(await readStatus(host)).toBe(await expectedStatus(host));
  });

  it('says nothing while nothing is protected', async () => {
    const host = await startGuardHost();
    await host.compact({ fail: 'error' });
    expect(host.takeNotifications()).toEqual([]);
  });

  it('leaves an earlier compaction that was not checked yet to be checked', async () => {
    const host = await startGuardHost();
    await recordAll(host, SETUP);
    await host.compact({ summary: SUMMARY });
    await host.compact({ fail: 'error' });
    host.takeNotifications();
    await requestRecoveries(host);
    expect(takeCheckNotices(host)).toEqual([LOST_SHIP_NOTICE]);
  });
});

describe('the check of a compaction with nothing protected when it was appended', () => {
  it('says nothing and saves nothing, though items were protected afterwards', async () => {
    const host = await startGuardHost();
    await host.compact({ summary: SUMMARY });
    await runGuard(host, `add ship goal --critical ${SHIP.content}`);
    host.takeNotifications();
    expect(await contextRequest(host, requestAfterCompaction(SUMMARY))).toBeUndefined();
    expect(takeCheckNotices(host)).toEqual([]);
    expect(savedChecks(host)).toEqual([]);
  });
});
