import { addSessionPersistenceTests, addSessionSwitchTests, addUnreadableEntryTests } from '@j1nn0/pi-testkit/checks';
import { describe, expect, it } from 'vitest';
import { STATE_ENTRY_TYPE } from '../src/extension.js';
import { formatList, formatListWithCheck, formatUnreadableEntry } from '../src/format.js';
import type { UnreadableProblem } from '../src/persistence.js';
import {
  expectCleanRun,
  persistedGuard,
  readList,
  readStatus,
  recordAll,
  runGuard,
  savedPayloads,
  startGuardHost,
} from './context-guard-host.js';
import { guardState, statusText } from './expected-messages.js';
import { assistantMessage, userMessage } from './messages.js';

const FACT_A = guardState([['a', 'fact', 'A']]);
const EMPTY_LIST = formatListWithCheck(guardState([]), undefined);
const LIST_A = formatListWithCheck(FACT_A, undefined);

// Each bad entry names the problem the formatter words; the warning is asked of the formatter.
const problem = (name: UnreadableProblem): string => name;

describe('persistence', () => {
  it('saves after add, remove, clear --yes, a recovery change and the protect tool, and nothing else', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add a fact A', 'remove a', 'add b fact B', 'clear --yes', 'recovery critical']);
    await host.executeTool('context_guard_protect', { id: 'c', kind: 'fact', content: 'C' });
    expect(savedPayloads(host)).toHaveLength(6);
    await recordAll(host, ['list', 'status', 'clear', 'recovery critical']);
    await host.executeTool('context_guard_list', {});
    expect(savedPayloads(host)).toHaveLength(6);
  });

  it('resumes items and recovery mode after a restart', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add ship goal --critical Ship it', 'recovery critical']);
    await host.restart();
    expect(await readStatus(host)).toBe(statusText(guardState([['ship', 'goal', 'Ship it', true]], 'critical')));
    expect(host.statuses.get('context-guard')).toBe('Context Guard 1 item, 1 critical');
    expectCleanRun(host);
  });

  it('starts a new session empty and switches back to the earlier one', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add a fact A']);
    const first = host.session;
    await host.newSession();
    expect(await readList(host)).toBe(EMPTY_LIST);
    expect(host.statuses.has('context-guard')).toBe(false);
    await host.switchSession(first);
    expect(await readList(host)).toBe(LIST_A);
  });

  it('ignores entries of other extensions, even newer ones', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add a fact A']);
    host.session.appendEntry('agent-state-state', { schemaVersion: 1, state: { bogus: true } });
    host.session.appendEntry('someone-else', 'not ours');
    await host.restart();
    expect(await readList(host)).toBe(LIST_A);
    expect(host.takeNotifications()).toEqual([]);
  });

  addSessionPersistenceTests(persistedGuard, {
    changes: ['add a fact A', 'recovery critical'],
    saved: {
      commands: ['add ship goal --critical Ship it', 'recovery critical'],
      entryType: 'agent-context-guard-state',
      lastPayload: { schemaVersion: 1, recovery: 'critical', items: [{ id: 'ship', kind: 'goal', content: 'Ship it', critical: true }] },
    },
    first: { command: 'add a fact A', state: LIST_A },
    chatTurn: [userMessage('go on'), assistantMessage('ok')],
    second: { command: 'add b fact B', line: '- [fact] b: B' },
    onOldBranch: { command: 'add c fact C', line: '- [fact] c: C' },
    headless: {
      commandLine: '/context-guard add a fact A',
      tool: 'context_guard_protect',
      toolArguments: { id: 'b', kind: 'fact', content: 'B' },
      line: '- [fact] b: B',
    },
  });
});

describe('on a host that keeps the extension across sessions (oh-my-pi)', () => {
  addSessionSwitchTests(persistedGuard, {
    first: { command: 'add a fact A', state: LIST_A },
    second: { command: 'add b fact B', line: '- [fact] b: B' },
  });
});

describe('an unreadable newest entry', () => {
  const valid = { schemaVersion: 1, recovery: 'critical', items: [{ id: 'old', kind: 'fact', content: 'Older', critical: false }] };

  addUnreadableEntryTests(persistedGuard, {
    olderPayload: valid,
    entries: [
      ['a missing payload', {}, problem('missing_payload')],
      ['payload schema version 2', { data: { ...valid, schemaVersion: 2 } }, problem('unsupported_version')],
      ['a payload that is not an object', { data: 'not an object' }, problem('malformed_payload')],
      ['an unknown recovery mode', { data: { ...valid, recovery: 'all' } }, problem('malformed_payload')],
      ['no items', { data: { schemaVersion: 1, recovery: 'off' } }, problem('malformed_payload')],
      ['items that are not a list', { data: { ...valid, items: 7 } }, problem('rejected_items')],
      ['an item without critical', { data: { ...valid, items: [{ id: 'a', kind: 'fact', content: 'A' }] } }, problem('rejected_items')],
      ['an unknown kind', { data: { ...valid, items: [{ id: 'a', kind: 'note', content: 'A', critical: false }] } }, problem('rejected_items')],
      [
        'duplicate ids',
        {
          data: {
            ...valid,
            items: [
              { id: 'a', kind: 'fact', content: 'A', critical: false },
              { id: 'a', kind: 'fact', content: 'B', critical: false },
            ],
          },
        },
        problem('rejected_items'),
      ],
    ],
    warning: (reason) => formatUnreadableEntry(reason as UnreadableProblem),
    readDiscarded: readStatus,
    discardedState: statusText(guardState([]), { discarded: true }),
  });

  it('is no longer reported as discarded once a readable state is loaded', async () => {
    const host = await startGuardHost();
    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE, data: 'broken' });
    await host.startSession('startup');
    host.takeNotifications();
    await recordAll(host, ['add a fact A']);
    await host.restart();
    expect(host.takeNotifications()).toEqual([]);
    expect(await readStatus(host)).toBe(statusText(FACT_A));
    expect(await runGuard(host, 'list')).toEqual([{ message: formatList(FACT_A), type: 'info' }]);
  });
});
