import { addSessionPersistenceTests, addSessionSwitchTests, addUnreadableEntryTests } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import { formatUnreadableEntry } from '../src/format.js';
import type { UnreadableProblem } from '../src/persistence.js';
import { persistedGuard, readGuard, recordAll, startGuardHost } from './context-guard-host.js';
import { guardState } from './expected-messages.js';
import { assistantMessage, userMessage } from './messages.js';

const FACT_A = guardState([['a', 'fact', 'A']]);
const EMPTY = guardState([]);
const fact = (id: string, content: string) => ({ id, kind: 'fact' as const, content, critical: false });
const A = fact('a', 'A');

// Each bad entry names the problem the formatter words; the warning is asked of the formatter.
const problem = (name: UnreadableProblem): string => name;

describe('persistence', () => {
  it('ignores entries of other extensions, even newer ones', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add a fact A']);
    host.session.appendEntry('agent-state-state', { schemaVersion: 1, state: { bogus: true } });
    host.session.appendEntry('someone-else', 'not ours');
    await host.restart();
    expect(await readGuard(host)).toEqual(FACT_A);
    expect(host.takeNotifications()).toEqual([]);
  });

  addSessionPersistenceTests(persistedGuard, {
    changes: ['add a fact A', 'recovery critical'],
    saved: {
      commands: ['add ship goal --critical Ship it', 'recovery critical'],
      entryType: 'agent-context-guard-state',
      lastPayload: { schemaVersion: 1, recovery: 'critical', items: [{ id: 'ship', kind: 'goal', content: 'Ship it', critical: true }] },
    },
    first: { command: 'add a fact A', state: FACT_A },
    chatTurn: [userMessage('go on'), assistantMessage('ok')],
    second: { command: 'add b fact B', state: { recovery: 'off', items: [A, fact('b', 'B')] } },
    onOldBranch: { command: 'add c fact C', state: { recovery: 'off', items: [A, fact('c', 'C')] } },
    headless: {
      commandLine: '/context-guard add a fact A',
      tool: 'context_guard_protect',
      toolArguments: { id: 'b', kind: 'fact', content: 'B' },
      state: { recovery: 'off', items: [A, fact('b', 'B')] },
    },
  });
});

describe('on a host that keeps the extension across sessions (oh-my-pi)', () => {
  addSessionSwitchTests(persistedGuard, {
    first: { command: 'add a fact A', state: FACT_A },
    second: { command: 'add b fact B', state: { recovery: 'off', items: [A, fact('b', 'B')] } },
    empty: EMPTY,
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
    discardedState: EMPTY,
  });

});
