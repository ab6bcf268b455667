import { createFakePiHost, type FakeExtensionApi, type FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import type { CompactionCheck } from '../src/check-entry.js';
import contextGuardExtension, { STATE_ENTRY_TYPE } from '../src/extension.js';
import { formatCheckNotice, formatPendingCheck, formatRestateReply, formatRestatementContent } from '../src/format.js';
import { RECOVERY_MESSAGE_TYPE } from '../src/recovery.js';
import { RESTATE_ENTRY_TYPE } from '../src/restate-entry.js';
import { FOOTER_CHECK_PENDING, formatFooter } from '../src/ui/footer.js';
import {
  compact,
  contextRequest,
  readGuard,
  expectCleanRun,
  recordAll,
  recoveryMessagesIn,
  recoverySends,
  requestAfterCompaction,
  runGuard,
  savedChecks,
  startGuardHost,
} from './context-guard-host.js';

// What session-properties.test.ts does not draw: a compaction another extension provides from
// session_before_compact, the footer from a compaction until its check (Pi's redraw wipes the word said
// at the compaction), and a person's `/context-guard restate`: one command, only a person's, saved
// before anything is sent, that gives the items a check found lost back to the model at once.

const CSV = { id: 'csv', kind: 'constraint', content: 'Export CSV with a header row', critical: true } as const;
const URL = { id: 'url', kind: 'fact', content: 'The report lives at /reports/7', critical: false } as const;
const SUMMARY = 'We worked on the report page.';

/** The person protects csv, critical; the model declares url, which only a person can make critical. */
async function protectBoth(host: FakePiHost): Promise<void> {
  await recordAll(host, [`add csv constraint --critical ${CSV.content}`]);
  await host.executeTool('context_guard_protect', { id: URL.id, kind: URL.kind, content: URL.content });
}

async function afterLossyCompaction(recovery: 'off' | 'critical' = 'off'): Promise<FakePiHost> {
  const host = await startGuardHost();
  await protectBoth(host);
  await recordAll(host, [`recovery ${recovery}`]);
  host.takeNotifications();
  await compact(host, SUMMARY);
  host.takeNotifications();
  return host;
}

const footer = (host: FakePiHost): string | undefined => host.statuses.get('context-guard');

/** The newest check saved in the session, read by check-entry.ts's reader. */
function newestCheck(host: FakePiHost): CompactionCheck {
  const check = savedChecks(host).at(-1);
  if (check === undefined) throw new Error('no check saved');
  return check;
}

/** The check notice the person got: the formatter's words for the check saved (format.test.ts has them). */
function expectNoticeOf(host: FakePiHost, check: CompactionCheck): void {
  expect(host.takeNotifications()).toEqual([{ message: formatCheckNotice(check), type: 'warning' }]);
}

async function restate(host: FakePiHost): Promise<string | undefined> {
  const [reply] = await runGuard(host, 'restate');
  expect(reply?.type).toBe('info');
  return reply?.message;
}

describe('a compaction an extension provides from session_before_compact', () => {
  it("is announced and checked like Pi's own", async () => {
    const host = createFakePiHost({ mode: 'rpc', cwd: '/project' });
    await host.load(contextGuardExtension);
    await host.load((pi: FakeExtensionApi) => {
      pi.on('session_before_compact', (event) => ({
        compaction: { summary: SUMMARY, firstKeptEntryId: event.preparation.firstKeptEntryId, tokensBefore: 1 },
      }));
    });
    await host.startSession();
    await protectBoth(host);
    host.takeNotifications();

    const result = await host.compact({ summary: 'Pi would have summarised differently.' });

    expect(result.entry).toMatchObject({ summary: SUMMARY, fromHook: true });
    expect(host.takeNotifications()).toEqual([{ message: formatPendingCheck([CSV, URL]), type: 'info' }]);
    await contextRequest(host, requestAfterCompaction(SUMMARY));
    expect(newestCheck(host)).toMatchObject({ lost: [{ id: 'csv', critical: true }, { id: 'url', critical: false }] });
    expectNoticeOf(host, newestCheck(host));
  });
});

describe('a compaction Pi could not make', () => {
  it('adds no word of its own when Pi found nothing to compact: Pi says so itself', async () => {
    const host = await startGuardHost();
    await protectBoth(host);
    host.takeNotifications();
    await host.compact({ fail: 'nothing' });
    expect(host.takeNotifications()).toEqual([]);
    expect(footer(host)).toBe(formatFooter(await readGuard(host)));
    // A failed summary request is told (session-properties.test.ts draws it among every other step).
    await host.compact({ fail: 'error' });
    expect(host.takeNotifications()).toHaveLength(1);
  });
});

describe('the footer from a compaction until its check', () => {
  it('says a check is pending, also after a restart, and shows the counts again once checked', async () => {
    const host = await afterLossyCompaction();
    expect(footer(host)).toBe(FOOTER_CHECK_PENDING);
    await host.restart();
    expect(footer(host)).toBe(FOOTER_CHECK_PENDING);

    await contextRequest(host, requestAfterCompaction(SUMMARY));

    expect(footer(host)).toBe(formatFooter({ recovery: 'off', items: [CSV, URL] }));
    expectCleanRun(host);
  });
});

describe('/context-guard restate', () => {
  it('is named by a check that lost critical items, and restates them once right after the summary in every request, never handed to Pi', async () => {
    const host = await afterLossyCompaction();
    expect(await restate(host)).toBe(formatRestateReply({ kind: 'pending' }));

    await contextRequest(host, requestAfterCompaction(SUMMARY));
    // Lost a critical item that recovery (off) did not restore: the notice names the restate command.
    const check = newestCheck(host);
    expect(check).toMatchObject({ lost: [{ id: 'csv', critical: true }, { id: 'url', critical: false }], restoredIds: [] });
    expectNoticeOf(host, check);

    expect(await restate(host)).toBe(formatRestateReply({ kind: 'restated', ids: ['csv'] }));
    expect(host.session.customEntries(RESTATE_ENTRY_TYPE).map((entry) => entry.data)).toEqual([
      { schemaVersion: 1, compactionId: expect.any(String) as unknown, ids: ['csv'] },
    ]);
    // The check and the restatement are saved as ids and counts, never content.
    const saved = host.session.getEntries().filter((entry) => entry.type === 'custom' && entry.customType !== STATE_ENTRY_TYPE);
    expect(saved).toHaveLength(2);
    expect(JSON.stringify(saved)).not.toContain(CSV.content);
    expect(await restate(host)).toBe(formatRestateReply({ kind: 'already', ids: ['csv'] }));

    // Every later request carries it right after the summary, and nothing is handed to Pi to store after a prompt.
    const content = formatRestatementContent([CSV]);
    for (let request = 0; request < 2; request += 1) {
      const returned = (await contextRequest(host, requestAfterCompaction(SUMMARY))) ?? [];
      expect(recoveryMessagesIn(returned).map((message) => message['content'])).toEqual([content]);
      expect(recoveryMessagesIn([returned[1]])).toHaveLength(1);
    }
    expect(recoverySends(host)).toEqual([]);
  });

  it('survives a restart, and a copy an earlier build had Pi store after a prompt gives way to the one in its place', async () => {
    const host = await afterLossyCompaction();
    await contextRequest(host, requestAfterCompaction(SUMMARY));
    host.takeNotifications();
    await restate(host);
    await host.restart();

    const content = formatRestatementContent([CSV]);
    const afterRestart = (await contextRequest(host, requestAfterCompaction(SUMMARY))) ?? [];
    expect(recoveryMessagesIn(afterRestart).map((message) => message['content'])).toEqual([content]);

    // An earlier build had Pi store it after the person's prompt: that copy goes, and the restatement stays right after the summary.
    const stored = { role: 'custom', customType: RECOVERY_MESSAGE_TYPE, content, display: false, timestamp: 1 };
    const withStoredCopy = [...requestAfterCompaction(SUMMARY), stored];
    const returned = (await contextRequest(host, withStoredCopy)) ?? [];
    expect(recoveryMessagesIn(returned).map((message) => message['content'])).toEqual([content]);
    expect(recoveryMessagesIn([returned[1]])).toHaveLength(1);
    expect(returned.at(-1)).toEqual(requestAfterCompaction(SUMMARY).at(-1));
    expect(await restate(host)).toBe(formatRestateReply({ kind: 'already', ids: ['csv'] }));
  });

  it('restates only what a person holds critical: an item the model declared waits until the person makes it so', async () => {
    const partly = await afterLossyCompaction('critical');
    await contextRequest(partly, requestAfterCompaction(SUMMARY));
    // Recovery restored csv; url is lost and not critical: the notice says to make it critical first.
    const check = newestCheck(partly);
    expect(check).toMatchObject({ lost: [{ id: 'csv', critical: true }, { id: 'url', critical: false }], restoredIds: ['csv'] });
    expectNoticeOf(partly, check);
    expect(await restate(partly)).toBe(formatRestateReply({ kind: 'not_critical', ids: ['url'] }));
    expect(partly.session.customEntries(RESTATE_ENTRY_TYPE)).toEqual([]);
    await recordAll(partly, ['critical url on']);
    expect(await restate(partly)).toBe(formatRestateReply({ kind: 'restated', ids: ['url'] }));
  });

  it('has nothing to restate when recovery restored everything lost', async () => {
    const host = await startGuardHost();
    await recordAll(host, [`add csv constraint --critical ${CSV.content}`, 'recovery critical']);
    await compact(host, SUMMARY);
    host.takeNotifications();
    await contextRequest(host, requestAfterCompaction(SUMMARY));
    // Every lost item restored: the notice names no next step.
    const check = newestCheck(host);
    expect(check).toMatchObject({ lost: [{ id: 'csv', critical: true }], restoredIds: ['csv'] });
    expectNoticeOf(host, check);
    expect(await restate(host)).toBe(formatRestateReply({ kind: 'nothing' }));
  });

  it('says there was no compaction before any, and no tool of the model can restate', async () => {
    const host = await startGuardHost();
    expect(await restate(host)).toBe(formatRestateReply({ kind: 'no_compaction' }));
    expect([...host.tools.keys()].some((name) => name.includes('restate'))).toBe(false);
  });
});
