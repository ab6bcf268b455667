import type { FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import { STATE_ENTRY_TYPE } from '../src/extension.js';
import {
  expectCleanRun,
  leafId,
  readList,
  readStatus,
  recordAll,
  runGuard,
  savedPayloads,
  startGuardHost,
} from './context-guard-host.js';
import { assistantMessage, userMessage } from './messages.js';

const EMPTY_LIST = 'Context Guard: 0 protected items.\nLast check: none yet.';
const LIST_A = 'Context Guard: 1 protected item (0 critical).\n- [fact] a: A\nLast check: none yet.';

/** Records `add a`, a chat turn, `add b`; returns the id of the entry that saved only `a`. */
async function recordTwoStates(host: FakePiHost): Promise<string> {
  await recordAll(host, ['add a fact A']);
  const firstStateId = leafId(host);
  host.session.appendMessage(userMessage('go on'));
  host.session.appendMessage(assistantMessage('ok'));
  await recordAll(host, ['add b fact B']);
  return firstStateId;
}

describe('persistence', () => {
  it('saves one agent-context-guard-state entry per change with the whole state', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add ship goal --critical Ship it', 'recovery critical']);
    const entries = host.session.customEntries(STATE_ENTRY_TYPE);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ type: 'custom', customType: 'agent-context-guard-state' });
    expect(entries[1]?.data).toEqual({
      schemaVersion: 1,
      recovery: 'critical',
      items: [{ id: 'ship', kind: 'goal', content: 'Ship it', critical: true }],
    });
    expect(host.entryTypes()).toEqual(['agent-context-guard-state']);
  });

  it('saves after add, remove, clear --yes, a recovery change and the protect tool, and nothing else', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add a fact A', 'remove a', 'add b fact B', 'clear --yes', 'recovery critical']);
    await host.executeTool('context_guard_protect', { id: 'c', kind: 'fact', content: 'C' });
    expect(savedPayloads(host)).toHaveLength(6);
    await recordAll(host, ['list', 'status', 'clear', 'recovery critical']);
    await host.executeTool('context_guard_list', {});
    expect(savedPayloads(host)).toHaveLength(6);
  });

  it('loading a session never appends', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add a fact A', 'recovery critical']);
    const before = host.session.getEntries().length;
    await host.startSession('startup', { times: 2 });
    await host.restart();
    await host.navigateTree(leafId(host));
    expect(host.session.getEntries()).toHaveLength(before);
  });

  it('resumes items and recovery mode after a restart', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add ship goal --critical Ship it', 'recovery critical']);
    await host.restart();
    expect(await readStatus(host)).toBe('Context Guard: 1 protected item (1 critical), recovery critical.\nLast check: none yet.');
    expect(host.statuses.get('context-guard')).toBe('Context Guard: 1 protected (1 critical)');
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

  it('restores the newest entry on the current branch after tree navigation', async () => {
    const host = await startGuardHost();
    const firstStateId = await recordTwoStates(host);
    const newerLeaf = leafId(host);
    await host.navigateTree(firstStateId);
    expect(await readList(host)).toBe(LIST_A);

    // A change on the old branch starts a new branch; the other branch keeps its own state.
    await recordAll(host, ['add c fact C']);
    expect(await readList(host)).toContain('- [fact] c: C');
    expect(await readList(host)).not.toContain('- [fact] b: B');
    await host.navigateTree(newerLeaf);
    const other = await readList(host);
    expect(other).toContain('- [fact] b: B');
    expect(other).not.toContain('- [fact] c: C');
  });

  it('restores from the forked entry, not from the newer state of the original session', async () => {
    const host = await startGuardHost();
    const firstStateId = await recordTwoStates(host);
    await host.fork(firstStateId);
    expect(await readList(host)).toBe(LIST_A);
    expect(host.takeNotifications()).toEqual([]);
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

  it('works without a UI: commands and tools change and save the state', async () => {
    const host = await startGuardHost({ hasUI: false });
    await host.runCommand('/context-guard add a fact A');
    await host.executeTool('context_guard_protect', { id: 'b', kind: 'fact', content: 'B' });
    expect(savedPayloads(host)).toHaveLength(2);
    await host.restart();
    expect(await readList(host)).toContain('- [fact] b: B');
    expect(host.notifications).toEqual([]);
    expect(host.statuses.size).toBe(0);
    expectCleanRun(host);
  });
});

describe('an unreadable newest entry', () => {
  const valid = { schemaVersion: 1, recovery: 'critical', items: [{ id: 'old', kind: 'fact', content: 'Older', critical: false }] };

  it.each<[string, Record<string, unknown>, string]>([
    ['a missing payload', {}, 'no payload'],
    ['payload schema version 2', { data: { ...valid, schemaVersion: 2 } }, 'unsupported schema version'],
    ['a payload that is not an object', { data: 'not an object' }, 'malformed payload'],
    ['an unknown recovery mode', { data: { ...valid, recovery: 'all' } }, 'malformed payload'],
    ['no items', { data: { schemaVersion: 1, recovery: 'off' } }, 'malformed payload'],
    ['items that are not a list', { data: { ...valid, items: 7 } }, 'invalid items'],
    ['an item without critical', { data: { ...valid, items: [{ id: 'a', kind: 'fact', content: 'A' }] } }, 'invalid items'],
    ['an unknown kind', { data: { ...valid, items: [{ id: 'a', kind: 'note', content: 'A', critical: false }] } }, 'invalid items'],
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
      'invalid items',
    ],
  ])('with %s warns once, starts empty, appends nothing and ignores the older entry', async (_name, fields, reason) => {
    const host = await startGuardHost();
    host.session.appendEntry(STATE_ENTRY_TYPE, valid);
    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE, ...fields });
    const before = host.session.getEntries().length;

    await host.startSession('startup', { times: 2 });

    expect(host.takeNotifications()).toEqual([
      {
        message: `Context Guard: the newest saved state on this branch is unreadable (${reason}); starting empty.`,
        type: 'warning',
      },
    ]);
    expect(await readStatus(host)).toBe(
      'Context Guard: 0 protected items, recovery off.\n' +
        'The newest saved state on this branch was unreadable and was discarded.\n' +
        'Last check: none yet.',
    );
    expect(host.session.getEntries()).toHaveLength(before);
    expectCleanRun(host);
  });

  it('warns again for a different bad entry, but not again for the same one', async () => {
    const host = await startGuardHost();
    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE });
    await host.startSession('startup');
    expect(host.takeNotifications()).toHaveLength(1);
    await host.startSession('reload');
    expect(host.takeNotifications()).toEqual([]);

    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE, data: { schemaVersion: 9 } });
    await host.startSession('startup');
    expect(host.takeNotifications()).toHaveLength(1);
  });

  it('is no longer reported as discarded once a readable state is loaded', async () => {
    const host = await startGuardHost();
    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE, data: 'broken' });
    await host.startSession('startup');
    host.takeNotifications();
    await recordAll(host, ['add a fact A']);
    await host.restart();
    expect(host.takeNotifications()).toEqual([]);
    expect(await readStatus(host)).not.toContain('discarded');
    expect(await runGuard(host, 'list')).toEqual([{ message: 'Context Guard: 1 protected item (0 critical).\n- [fact] a: A', type: 'info' }]);
  });
});
