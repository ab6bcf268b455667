import { isTerminalUnsafe } from '@j1nn0/pi-adapter-kit';
import { describe, expect, it } from 'vitest';
import type { CompactionCheck } from '../src/check-entry.js';
import { formatCheckNotice, formatListWithCheck, formatRejection, formatUnreadableEntry } from '../src/format.js';
import { STATE_ENTRY_TYPE } from '../src/persistence.js';
import {
  compact,
  compactionIds,
  contextRequest,
  expectCleanRun,
  readGuard,
  readList,
  readStatus,
  runGuard,
  savedChecks,
  startGuardHost,
} from './context-guard-host.js';
import { guardState, protectedText, statusText } from './expected-messages.js';
import { compactionSummaryMessage, userMessage } from './messages.js';

/** Code points a terminal cannot show safely; a listing must hold none (one line each, so no newline). */
const unsafeIn = (text: string): number[] =>
  text.split('\n').flatMap((line) => Array.from(line, (character) => character.codePointAt(0) ?? 0)).filter(isTerminalUnsafe);

// Defects the model-based suite and the fuzzers found (removed; properties.test.ts and
// session-properties.test.ts replace them), each pinned by the smallest case that showed it.

describe('regressions found by the model-based test and fuzzing', () => {
  describe('an id with a lone surrogate was accepted and echoed', () => {
    it('adding an id with a lone surrogate breaks the id rule, by command and by tool', async () => {
      const host = await startGuardHost();
      const invalidId = formatRejection({ code: 'invalid_id' }, 'person');
      expect(await runGuard(host, 'add half\ud800 goal A')).toEqual([{ message: invalidId, type: 'warning' }]);
      expect(await host.executeTool('context_guard_protect', { id: '\udfff', kind: 'fact', content: 'A' })).toEqual({
        content: [{ type: 'text', text: formatRejection({ code: 'invalid_id' }, 'model') }],
        details: {},
        isError: true,
      });
      expect(await readGuard(host)).toEqual(guardState([]));
      expectCleanRun(host);
    });

    it('removing an unknown id with a lone surrogate gets the message without the id', async () => {
      const host = await startGuardHost();
      const replies = await runGuard(host, 'remove a\udc00b');
      expect(replies).toEqual([{ message: formatRejection({ code: 'unknown_item', id: 'a\udc00b', recorded: [] }, 'person'), type: 'warning' }]);
      expect(replies[0]?.message).not.toContain('\udc00');
    });
  });

  describe('a lone surrogate in content was listed raw', () => {
    it('shows a lone surrogate in new content as a visible escape and keeps the stored text as given', async () => {
      const host = await startGuardHost();
      expect(await runGuard(host, 'add a fact half \ud800 pair')).toEqual([{ message: protectedText('a', 'fact'), type: 'info' }]);
      const state = guardState([['a', 'fact', 'half \ud800 pair']]);
      expect(await readGuard(host)).toEqual(state);
      const list = await readList(host);
      expect(list).toBe(formatListWithCheck(state, undefined));
      expect(unsafeIn(list)).toEqual([]);
      expect(host.session.customEntries(STATE_ENTRY_TYPE).at(-1)?.data).toMatchObject({
        items: [{ id: 'a', content: 'half \ud800 pair' }],
      });
    });

    it('shows a lone surrogate in a restored id and content as visible escapes', async () => {
      const host = await startGuardHost();
      const items = [{ id: 'x\udbff', kind: 'goal', content: '\udc00 tail', critical: true }];
      host.session.appendEntry(STATE_ENTRY_TYPE, { schemaVersion: 1, recovery: 'off', items });
      await host.restart();
      const state = guardState([['x\udbff', 'goal', '\udc00 tail', true]]);
      expect(await readGuard(host)).toEqual(state);
      const list = await readList(host);
      expect(list).toBe(formatListWithCheck(state, undefined));
      expect(unsafeIn(list)).toEqual([]);
      expect(host.takeNotifications()).toEqual([]);
    });
  });

  it('a bad saved entry met again after another bad one was reported twice', async () => {
    const host = await startGuardHost();
    const first = host.session.appendEntry(STATE_ENTRY_TYPE, null);
    await host.startSession('resume');
    host.session.appendEntry(STATE_ENTRY_TYPE, { schemaVersion: 2, recovery: 'off', items: [] });
    await host.startSession('resume');
    expect(host.takeNotifications()).toEqual([
      { message: formatUnreadableEntry('missing_payload'), type: 'warning' },
      { message: formatUnreadableEntry('unsupported_version'), type: 'warning' },
    ]);
    await host.navigateTree(first);
    expect(host.takeNotifications()).toEqual([]);
    expect(await readGuard(host)).toEqual(guardState([]));
    // Only `status` says that the newest entry was discarded.
    expect(await readStatus(host)).toBe(statusText(guardState([]), { discarded: true }));
    expectCleanRun(host);
  });

  describe('content holding NUL matched across two messages', () => {
    const NUL_CONTENT = 'Trailing NUL marker \u0000';

    /** The check of a request after compacting one item holding NUL, and what the person was told of it. */
    async function checkedAfterCompaction(messages: readonly unknown[]): Promise<CompactionCheck | undefined> {
      const host = await startGuardHost();
      await runGuard(host, `add nul fact ${NUL_CONTENT}`);
      await compact(host);
      host.takeNotifications();
      await contextRequest(host, messages);
      const checks = savedChecks(host);
      expect(host.takeNotifications()).toEqual(checks.map((check) => ({ message: formatCheckNotice(check), type: expect.any(String) as unknown })));
      expect(checks.map((check) => check.compactionId)).toEqual(compactionIds(host));
      expectCleanRun(host);
      return checks[0];
    }

    it('is lost when one message ends with its text and another message follows', async () => {
      const check = await checkedAfterCompaction([compactionSummaryMessage('Trailing NUL marker'), userMessage('Go on.')]);
      expect(check).toMatchObject({ kind: 'verified', ok: false, preserved: 0, lost: [{ id: 'nul', critical: false }] });
    });

    it('is still preserved when one message holds it word for word', async () => {
      const check = await checkedAfterCompaction([compactionSummaryMessage(`Kept: ${NUL_CONTENT}`), userMessage('Go on.')]);
      expect(check).toMatchObject({ kind: 'verified', ok: true, preserved: 1, lost: [] });
    });
  });
});
