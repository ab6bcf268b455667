import type { FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import { STATE_ENTRY_TYPE } from '../src/extension.js';
import {
  FIRST_SMOKE_RUN,
  expectCleanRun,
  leafId,
  readState,
  recordAll,
  runAgentState,
  savedPayloads,
  startAgentStateHost,
} from './agent-state-host.js';
import { EMPTY_STATUS, EXAMPLE_STATUS } from './snapshots.js';

const STATE_A = 'Agent State: no objective, 1 work item (1 open, 0 in_progress, 0 blocked, 0 done), 0 decisions.\nWork items:\n- [open] a: A';

/** Records `add a A`, a chat turn, `add b B`; returns the id of the entry that saved only `a`. */
async function recordTwoStates(host: FakePiHost): Promise<string> {
  await recordAll(host, ['add a A']);
  const firstStateId = leafId(host);
  host.session.appendMessage({ role: 'user', content: 'go on' });
  host.session.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'ok' }] });
  await recordAll(host, ['add b B']);
  return firstStateId;
}

describe('persistence', () => {
  it('saves one agent-state-state entry per change with the adapter payload', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['objective Goal', 'add a A']);
    const entries = host.session.customEntries(STATE_ENTRY_TYPE);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ type: 'custom', customType: 'agent-state-state' });
    expect(entries[1]?.data).toEqual({
      schemaVersion: 1,
      state: { schemaVersion: 1, objective: 'Goal', workItems: [{ id: 'a', content: 'A', status: 'open' }], decisions: [] },
    });
    expect(host.entryTypes()).toEqual(['agent-state-state']);
  });

  it('loading a session never appends', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);
    const before = host.session.getEntries().length;
    await host.startSession('startup', { times: 2 });
    await host.restart();
    await host.navigateTree(leafId(host));
    expect(host.session.getEntries()).toHaveLength(before);
  });

  it('resumes the state after a restart', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);
    await host.restart();
    expect(await readState(host)).toBe(EXAMPLE_STATUS);
    expect(host.statuses.get('agent-state')).toBe(
      'Agent State: objective set, 3 work items (1 open, 1 in_progress, 0 blocked, 1 done), 1 decision',
    );
    expectCleanRun(host);
  });

  it('resumes the state when switching back to an earlier session', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);
    const first = host.session;
    await host.newSession();
    expect(await readState(host)).toBe(EMPTY_STATUS);
    await host.switchSession(first);
    expect(await readState(host)).toBe(EXAMPLE_STATUS);
  });

  it('starts a new session empty, with the footer cleared', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);
    await host.newSession();
    expect(await runAgentState(host, 'status')).toEqual([{ message: EMPTY_STATUS, type: 'info' }]);
    expect(host.statuses.has('agent-state')).toBe(false);
    expect(savedPayloads(host)).toEqual([]);
  });

  it('restores the newest entry on the current branch after tree navigation', async () => {
    const host = await startAgentStateHost();
    const firstStateId = await recordTwoStates(host);
    const newerLeaf = leafId(host);
    await host.navigateTree(firstStateId);
    expect(await readState(host)).toBe(STATE_A);

    // A change on the old branch starts a new branch; the other branch keeps its own state.
    await recordAll(host, ['add c C']);
    expect(await readState(host)).toContain('- [open] c: C');
    expect(await readState(host)).not.toContain('- [open] b: B');
    await host.navigateTree(newerLeaf);
    const other = await readState(host);
    expect(other).toContain('- [open] b: B');
    expect(other).not.toContain('- [open] c: C');
  });

  it('clears the state and the footer when navigating above the first saved state', async () => {
    const host = await startAgentStateHost();
    host.session.appendMessage({ role: 'user', content: 'start' });
    host.session.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'ok' }] });
    const beforeAnyState = leafId(host);
    await recordAll(host, ['add a A']);
    expect(host.statuses.has('agent-state')).toBe(true);
    await host.navigateTree(beforeAnyState);
    expect(await readState(host)).toBe(EMPTY_STATUS);
    expect(host.statuses.has('agent-state')).toBe(false);
  });

  it('restores from the forked entry, not from the newer state of the original session', async () => {
    const host = await startAgentStateHost();
    const firstStateId = await recordTwoStates(host);
    await host.fork(firstStateId);
    expect(await readState(host)).toBe(STATE_A);
    expect(host.takeNotifications()).toEqual([]);
  });

  it('loses commands recorded before the first assistant message when Pi exits first', async () => {
    const host = await startAgentStateHost({ unsavedUntilAssistant: true });
    await recordAll(host, ['add a A']);
    await host.restart();
    expect(await readState(host)).toBe(EMPTY_STATUS);
  });

  it('works without a UI: commands and tools change and save the state', async () => {
    const host = await startAgentStateHost({ hasUI: false });
    await host.runCommand('/agent-state add a A');
    await host.executeTool('agent_state_add_decision', { id: 'd', content: 'D' });
    expect(savedPayloads(host)).toHaveLength(2);
    await host.restart();
    expect(await readState(host)).toContain('- d: D');
    expect(host.notifications).toEqual([]);
    expect(host.statuses.size).toBe(0);
    expectCleanRun(host);
  });
});

describe('an unreadable newest entry', () => {
  const valid = { schemaVersion: 1, state: { schemaVersion: 1, workItems: [], decisions: [], objective: 'Older' } };

  it.each<[string, Record<string, unknown>, string]>([
    ['a missing payload', {}, 'no payload'],
    ['payload schema version 2', { data: { ...valid, schemaVersion: 2 } }, 'unsupported schema version'],
    ['a malformed payload', { data: 'not an object' }, 'malformed payload'],
    ['a malformed snapshot', { data: { schemaVersion: 1, state: { schemaVersion: 1, workItems: 7 } } }, 'invalid snapshot'],
    [
      'duplicate ids in the snapshot',
      {
        data: {
          schemaVersion: 1,
          state: {
            schemaVersion: 1,
            workItems: [
              { id: 'a', content: 'A', status: 'open' },
              { id: 'a', content: 'B', status: 'open' },
            ],
            decisions: [],
          },
        },
      },
      'invalid snapshot',
    ],
  ])('with %s warns once, starts empty, appends nothing and ignores the older entry', async (_name, fields, reason) => {
    const host = await startAgentStateHost();
    host.session.appendEntry(STATE_ENTRY_TYPE, valid);
    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE, ...fields });
    const before = host.session.getEntries().length;

    await host.startSession('startup', { times: 2 });

    expect(host.takeNotifications()).toEqual([
      {
        message: `Agent State: the newest saved state on this branch is unreadable (${reason}); starting empty.`,
        type: 'warning',
      },
    ]);
    expect(await readState(host)).toBe(EMPTY_STATUS);
    expect(host.session.getEntries()).toHaveLength(before);
    expectCleanRun(host);
  });

  it('warns again for a different bad entry, but not again for the same one', async () => {
    const host = await startAgentStateHost();
    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE });
    await host.startSession('startup');
    expect(host.takeNotifications()).toHaveLength(1);
    await host.startSession('reload');
    expect(host.takeNotifications()).toEqual([]);

    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE, data: { schemaVersion: 9 } });
    await host.startSession('startup');
    expect(host.takeNotifications()).toHaveLength(1);
  });

  it('warns once when Pi delivers session_start twice after a resume', async () => {
    const host = await startAgentStateHost();
    host.session.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'ok' }] });
    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE });
    const broken = host.session;
    await host.newSession();
    host.takeNotifications();
    await host.switchSession(broken);
    expect(host.takeNotifications()).toHaveLength(1);
  });

  it('is replaced by the next successful change, which saves a fresh state', async () => {
    const host = await startAgentStateHost();
    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE });
    await host.startSession('startup');
    host.takeNotifications();
    await recordAll(host, ['add a A']);
    await host.restart();
    expect(await readState(host)).toBe(STATE_A);
  });
});
