import type { FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import type { CompactionCheck } from '../src/check-entry.js';
import { UNVERIFIABLE_COMPACTION, formatCheckNotice, formatPendingCheck } from '../src/format.js';
import { STATE_ENTRY_TYPE } from '../src/persistence.js';
import { guardState, statusText, verifiedCheck } from './expected-messages.js';
import {
  PROTECT_TWO,
  compact,
  compactionIds,
  contextRequest,
  expectCleanRun,
  expectedStatus,
  leafId,
  readStatus,
  recordAll,
  recoverySends,
  requestAfterCompaction,
  runGuard,
  savedChecks,
  startGuardHost,
  takeCheckNotices,
} from './context-guard-host.js';
import {
  assistantMessage,
  bashExecutionMessage,
  branchSummaryMessage,
  customMessage,
  toolResultMessage,
  userMessage,
} from './messages.js';

const SHIP = 'Add CSV export to the report page';
const NO_DEPS = 'Add no new runtime dependencies';
const TWO_PROTECTED = guardState([
  ['ship', 'goal', SHIP, true],
  ['no-deps', 'constraint', NO_DEPS],
]);
const SHIP_LOST = verifiedCheck({ preserved: 1, lost: [{ id: 'ship', critical: true }] });
const NO_DEPS_LOST = verifiedCheck({ preserved: 1, lost: [{ id: 'no-deps', critical: false }] });
const preserved = (count: number): string => formatCheckNotice(verifiedCheck({ preserved: count }));

/** The one check saved, of the session's one compaction, read by check-entry.ts's reader. */
function expectOneCheck(host: FakePiHost, check: CompactionCheck): void {
  const [compactionId = ''] = compactionIds(host);
  expect(savedChecks(host)).toEqual([{ ...check, compactionId }]);
}

describe('compaction lifecycle', () => {
  it('observes compaction without cancelling or altering it, and says at once what it will check', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    // No session_before_compact handler at all: what is checked is read from the session afterwards.
    expect(await compact(host)).toEqual([]);
    expect(host.takeNotifications()).toEqual([
      {
        message: formatPendingCheck(TWO_PROTECTED.items),
        type: 'info',
      },
    ]);
  });

  it('reports every item preserved as info when the compacted context still holds them', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    await compact(host);
    const added = await contextRequest(host, requestAfterCompaction(`## Goal\n${SHIP}\n## Constraints\n- ${NO_DEPS}`));
    expect(added).toBeUndefined();
    expect(takeCheckNotices(host)).toEqual([
      { message: preserved(2), type: 'info' },
    ]);
    expectCleanRun(host);
  });

  it('reports lost items as a warning, with the critical ones counted', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    await compact(host);
    await contextRequest(host, requestAfterCompaction(`We keep: ${NO_DEPS.toUpperCase()}.`));
    expect(takeCheckNotices(host)).toEqual([
      { message: formatCheckNotice(SHIP_LOST), type: 'warning' },
    ]);
    const [compactionId = ''] = compactionIds(host);
    expect(savedChecks(host)).toEqual([{ ...SHIP_LOST, compactionId }]);
    expect(await readStatus(host)).toBe(await expectedStatus(host));
  });

  it('searches every message role Pi sends to the model', async () => {
    const host = await startGuardHost();
    const sources = ['user says alpha', 'assistant says beta', 'tool returned gamma', 'extension note delta', 'ran epsilon', 'branch summary zeta'];
    await recordAll(host, sources.map((text, index) => `add s${index} fact ${text}`));
    await compact(host);
    await contextRequest(host, [
      userMessage('user says alpha'),
      assistantMessage('assistant says beta'),
      toolResultMessage('tool returned gamma'),
      customMessage('other-extension', 'extension note delta', false),
      bashExecutionMessage('echo', 'ran epsilon'),
      branchSummaryMessage('branch summary zeta'),
    ]);
    expectOneCheck(host, verifiedCheck({ preserved: 6 }));
  });

  it('does not count bash output excluded from the context, or text split across two messages', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add secret fact private output', 'add split fact end of one start of two']);
    await compact(host);
    await contextRequest(host, [
      bashExecutionMessage('cat notes', 'private output', true),
      userMessage('end of one'),
      userMessage('start of two'),
    ]);
    expectOneCheck(
      host,
      verifiedCheck({
        lost: [
          { id: 'secret', critical: false },
          { id: 'split', critical: false },
        ],
      }),
    );
  });

  it('verifies one compaction once: later requests are not checked again', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    await compact(host);
    await contextRequest(host, requestAfterCompaction('nothing kept'));
    expect(takeCheckNotices(host)).toHaveLength(1);
    expect(await contextRequest(host, requestAfterCompaction('nothing kept'))).toBeUndefined();
    expect(takeCheckNotices(host)).toEqual([]);
  });

  it('shows a pending check in status until the next request', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    await compact(host);
    takeCheckNotices(host);
    expect(await readStatus(host)).toBe(statusText(TWO_PROTECTED, { verificationPending: true }));
    await contextRequest(host, requestAfterCompaction(SHIP));
    expect(takeCheckNotices(host)).toHaveLength(1);
    expect(await readStatus(host)).toBe(await expectedStatus(host));
  });

  it('checks nothing and says nothing when nothing is protected', async () => {
    const host = await startGuardHost();
    await compact(host);
    expect(await contextRequest(host, requestAfterCompaction('summary'))).toBeUndefined();
    expect(takeCheckNotices(host)).toEqual([]);
    expect(savedChecks(host)).toEqual([]);
    expect(await readStatus(host)).toBe(await expectedStatus(host));
  });

  it('warns once that a compaction cannot be verified when the protected set saved before it is unreadable', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE, data: { schemaVersion: 99 } });
    await compact(host);
    expect(takeCheckNotices(host)).toEqual([]);
    expect(await readStatus(host)).toBe(await expectedStatus(host, { verificationPending: true }));
    expect(await contextRequest(host, requestAfterCompaction('summary'))).toBeUndefined();
    expect(takeCheckNotices(host)).toEqual([{ message: UNVERIFIABLE_COMPACTION, type: 'warning' }]);
    const [compactionId = ''] = compactionIds(host);
    expect(savedChecks(host)).toEqual([{ kind: 'unverifiable', compactionId }]);
    expect(await readStatus(host)).toBe(await expectedStatus(host));
    expect(await contextRequest(host, requestAfterCompaction('summary'))).toBeUndefined();
    expect(takeCheckNotices(host)).toEqual([]);
  });

  it.each([['add x fact X'], ['remove no-deps'], ['clear --yes'], ['recovery critical']])(
    'checks the set as it stood when the compaction was appended, though %j changed it before the next request',
    async (change) => {
      const host = await startGuardHost();
      await recordAll(host, PROTECT_TWO);
      await compact(host);
      takeCheckNotices(host);
      await recordAll(host, [change]);
      await contextRequest(host, requestAfterCompaction(SHIP));
      expectOneCheck(host, NO_DEPS_LOST);
    },
  );

  it('checks a compaction once though the protect tool changed the set before the next request', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    await compact(host);
    await host.executeTool('context_guard_protect', { id: 'late', kind: 'fact', content: 'Late' });
    await contextRequest(host, requestAfterCompaction(`${SHIP} ${NO_DEPS}`));
    expectOneCheck(host, verifiedCheck({ preserved: 2 }));
  });

  it('keeps a pending check through unchanged or rejected requests', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    await compact(host);
    await runGuard(host, 'recovery off');
    await runGuard(host, 'add ship fact duplicate');
    await runGuard(host, 'status');
    await contextRequest(host, requestAfterCompaction(SHIP));
    expectOneCheck(host, NO_DEPS_LOST);
  });

  it('checks nothing once tree navigation leaves the compaction off the branch', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    host.session.appendMessage(userMessage('hi'));
    host.session.appendMessage(assistantMessage('hello'));
    const target = leafId(host);
    host.session.appendMessage(userMessage('more'));
    await compact(host);
    await host.navigateTree(target);
    await contextRequest(host, requestAfterCompaction('summary'));
    expect(takeCheckNotices(host)).toEqual([]);
    expect(await readStatus(host)).toBe(await expectedStatus(host));
  });

  it('shows the check of the newest compaction, and an older check until the newest is checked', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    await compact(host);
    await contextRequest(host, requestAfterCompaction(`${SHIP} ${NO_DEPS}`));
    await compact(host);
    expect(takeCheckNotices(host).map((notification) => notification.type)).toEqual(['info']);
    const [older = '', newer = ''] = compactionIds(host);
    const olderCheck = verifiedCheck({ compactionId: older, preserved: 2 });
    expect(await readStatus(host)).toBe(await expectedStatus(host, { verificationPending: true, lastCheck: olderCheck }));
    await contextRequest(host, requestAfterCompaction(SHIP));
    expect(takeCheckNotices(host).map((notification) => notification.type)).toEqual(['warning']);
    const newerCheck = verifiedCheck({ compactionId: newer, preserved: 1, lost: [{ id: 'no-deps', critical: false }] });
    expect(savedChecks(host)).toEqual([olderCheck, newerCheck]);
    expect(await readStatus(host)).toBe(await expectedStatus(host, { lastCheck: newerCheck }));
  });

  it('a newer compaction replaces one that was never checked', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    await compact(host);
    await compact(host);
    await contextRequest(host, requestAfterCompaction(SHIP));
    expect(takeCheckNotices(host)).toHaveLength(1);
    await contextRequest(host, requestAfterCompaction(SHIP));
    expect(takeCheckNotices(host)).toEqual([]);
  });

  it('makes no recovery in the default mode', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    await compact(host);
    const request = requestAfterCompaction('nothing kept');
    expect(await contextRequest(host, request)).toBeUndefined();
    expect(await host.emitContext(request)).toEqual(request);
    expect(recoverySends(host)).toEqual([]);
  });
});
