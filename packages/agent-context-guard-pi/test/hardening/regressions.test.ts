import { isTerminalUnsafe } from '@j1nn0/pi-adapter-kit';
import { describe, expect, it } from 'vitest';
import {
  compact,
  contextRequest,
  expectCleanRun,
  readList,
  readStatus,
  runGuard,
  startGuardHost,
  takeCheckNotices,
} from '../context-guard-host.js';
import { guardState, protectedText, statusText, verifiedCheck } from '../expected-messages.js';
import { compactionSummaryMessage, userMessage } from '../messages.js';
import { SAVED_STATE_TYPE } from './model-world.js';
import { formatCheckNotice, formatListWithCheck, formatRejection, formatUnreadableEntry } from '../../src/format.js';

/** Code points a terminal cannot show safely; a listing must hold none (one line each, so no newline). */
const unsafeIn = (text: string): number[] =>
  text.split('\n').flatMap((line) => Array.from(line, (character) => character.codePointAt(0) ?? 0)).filter(isTerminalUnsafe);

// Defects the hardening suites found, each pinned by the smallest case that showed it.

describe('regressions found by the model-based test and fuzzing', () => {
  describe('an id with a lone surrogate was accepted and echoed', () => {
    it('adding an id with a lone surrogate breaks the id rule, by command and by tool', async () => {
      const host = await startGuardHost();
      const invalidId = formatRejection({ code: 'invalid_id' }, 'person');
      expect(await runGuard(host, 'add half\ud800 goal A')).toEqual([{ message: invalidId, type: 'warning' }]);
      expect(await host.executeTool('context_guard_protect', { id: '\udfff', kind: 'fact', content: 'A' })).toEqual({
        content: [{ type: 'text', text: invalidId }],
        details: {},
        isError: true,
      });
      expect(await readList(host)).toBe(formatListWithCheck(guardState([]), undefined));
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
      const list = await readList(host);
      expect(list).toBe(formatListWithCheck(guardState([['a', 'fact', 'half \ud800 pair']]), undefined));
      expect(unsafeIn(list)).toEqual([]);
      expect(host.session.customEntries(SAVED_STATE_TYPE).at(-1)?.data).toMatchObject({
        items: [{ id: 'a', content: 'half \ud800 pair' }],
      });
    });

    it('shows a lone surrogate in a restored id and content as visible escapes', async () => {
      const host = await startGuardHost();
      const items = [{ id: 'x\udbff', kind: 'goal', content: '\udc00 tail', critical: true }];
      host.session.appendEntry(SAVED_STATE_TYPE, { schemaVersion: 1, recovery: 'off', items });
      await host.restart();
      const list = await readList(host);
      expect(list).toBe(formatListWithCheck(guardState([['x\udbff', 'goal', '\udc00 tail', true]]), undefined));
      expect(unsafeIn(list)).toEqual([]);
      expect(host.takeNotifications()).toEqual([]);
    });
  });

  it('a bad saved entry met again after another bad one was reported twice', async () => {
    const host = await startGuardHost();
    const first = host.session.appendEntry(SAVED_STATE_TYPE, null);
    await host.startSession('resume');
    host.session.appendEntry(SAVED_STATE_TYPE, { schemaVersion: 2, recovery: 'off', items: [] });
    await host.startSession('resume');
    expect(host.takeNotifications()).toEqual([
      { message: formatUnreadableEntry('missing_payload'), type: 'warning' },
      { message: formatUnreadableEntry('unsupported_version'), type: 'warning' },
    ]);
    await host.navigateTree(first);
    expect(host.takeNotifications()).toEqual([]);
    expect(await readStatus(host)).toBe(statusText(guardState([]), { discarded: true }));
    expectCleanRun(host);
  });

  describe('content holding NUL matched across two messages', () => {
    const NUL_CONTENT = 'Trailing NUL marker \u0000';

    async function checkedAfterCompaction(messages: readonly unknown[]): Promise<string | undefined> {
      const host = await startGuardHost();
      await runGuard(host, `add nul fact ${NUL_CONTENT}`);
      await compact(host);
      await contextRequest(host, messages);
      const [notice] = takeCheckNotices(host);
      expectCleanRun(host);
      return notice?.message;
    }

    it('is lost when one message ends with its text and another message follows', async () => {
      const notice = await checkedAfterCompaction([compactionSummaryMessage('Trailing NUL marker'), userMessage('Go on.')]);
      expect(notice).toBe(formatCheckNotice(verifiedCheck({ lost: [{ id: 'nul', critical: false }] })));
    });

    it('is still preserved when one message holds it word for word', async () => {
      const notice = await checkedAfterCompaction([compactionSummaryMessage(`Kept: ${NUL_CONTENT}`), userMessage('Go on.')]);
      expect(notice).toBe(formatCheckNotice(verifiedCheck({ preserved: 1 })));
    });
  });
});
