import { addSessionPersistenceTests, addSessionSwitchTests, addUnreadableEntryTests } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import { STATE_ENTRY_TYPE } from '../src/extension.js';
import { formatUnreadableEntry } from '../src/format.js';
import type { UnreadableProblem } from '../src/persistence.js';
import {
  FIRST_SMOKE_RUN,
  expectCleanRun,
  leafId,
  persistedAgentState,
  readState,
  recordAll,
  savedPayloads,
  startAgentStateHost,
} from './agent-state-host.js';
import { EMPTY_SNAPSHOT, EXAMPLE_SNAPSHOT, snapshotOf } from './snapshots.js';

const A = { id: 'a', content: 'A' };
const STATE_A = snapshotOf({ workItems: [A] });

// Each bad entry names the problem the formatter words; the warning is asked of the formatter.
const problem = (name: UnreadableProblem): string => name;

describe('persistence', () => {
  it('resumes the state after a restart', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);
    await host.restart();
    expect(await readState(host)).toEqual(EXAMPLE_SNAPSHOT);
    expect(host.statuses.get('agent-state')).toBe('Agent State 1/3 done');
    expectCleanRun(host);
  });

  it('resumes the state when switching back to an earlier session', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);
    const first = host.session;
    await host.newSession();
    expect(await readState(host)).toEqual(EMPTY_SNAPSHOT);
    await host.switchSession(first);
    expect(await readState(host)).toEqual(EXAMPLE_SNAPSHOT);
  });

  it('starts a new session empty, with the footer cleared', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);
    await host.newSession();
    expect(await readState(host)).toEqual(EMPTY_SNAPSHOT);
    expect(host.statuses.has('agent-state')).toBe(false);
    expect(savedPayloads(host)).toEqual([]);
  });

  it('clears the state and the footer when navigating above the first saved state', async () => {
    const host = await startAgentStateHost();
    host.session.appendMessage({ role: 'user', content: 'start' });
    host.session.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'ok' }] });
    const beforeAnyState = leafId(host);
    await recordAll(host, ['add a A']);
    expect(host.statuses.has('agent-state')).toBe(true);
    await host.navigateTree(beforeAnyState);
    expect(await readState(host)).toEqual(EMPTY_SNAPSHOT);
    expect(host.statuses.has('agent-state')).toBe(false);
  });

  it('loses commands recorded before the first assistant message when Pi exits first', async () => {
    const host = await startAgentStateHost({ unsavedUntilAssistant: true });
    await recordAll(host, ['add a A']);
    await host.restart();
    expect(await readState(host)).toEqual(EMPTY_SNAPSHOT);
  });

  addSessionPersistenceTests(persistedAgentState, {
    changes: FIRST_SMOKE_RUN,
    saved: {
      commands: ['objective Goal', 'add a A'],
      entryType: 'agent-state-state',
      lastPayload: {
        schemaVersion: 1,
        by: 'person',
        state: { schemaVersion: 1, objective: 'Goal', workItems: [{ id: 'a', content: 'A', status: 'open' }], decisions: [] },
      },
    },
    first: { command: 'add a A', state: STATE_A },
    chatTurn: [
      { role: 'user', content: 'go on' },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
    ],
    second: { command: 'add b B', state: snapshotOf({ workItems: [A, { id: 'b', content: 'B' }] }) },
    onOldBranch: { command: 'add c C', state: snapshotOf({ workItems: [A, { id: 'c', content: 'C' }] }) },
    headless: {
      commandLine: '/agent-state add a A',
      tool: 'agent_state_add_decision',
      toolArguments: { id: 'd', content: 'D' },
      state: snapshotOf({ workItems: [A], decisions: [{ id: 'd', content: 'D' }] }),
    },
  });
});

describe('on a host that keeps the extension across sessions (oh-my-pi)', () => {
  addSessionSwitchTests(persistedAgentState, {
    first: { command: 'add a A', state: STATE_A },
    second: { command: 'add b B', state: snapshotOf({ workItems: [A, { id: 'b', content: 'B' }] }) },
    empty: EMPTY_SNAPSHOT,
  });
});

describe('an unreadable newest entry', () => {
  const valid = { schemaVersion: 1, state: { schemaVersion: 1, workItems: [], decisions: [], objective: 'Older' } };

  addUnreadableEntryTests(persistedAgentState, {
    olderPayload: valid,
    entries: [
      ['a missing payload', {}, problem('missing_payload')],
      ['payload schema version 2', { data: { ...valid, schemaVersion: 2 } }, problem('unsupported_version')],
      ['a malformed payload', { data: 'not an object' }, problem('malformed_payload')],
      ['a malformed snapshot', { data: { schemaVersion: 1, state: { schemaVersion: 1, workItems: 7 } } }, problem('rejected_snapshot')],
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
        problem('rejected_snapshot'),
      ],
    ],
    warning: (reason) => formatUnreadableEntry(reason as UnreadableProblem),
    discardedState: EMPTY_SNAPSHOT,
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
    expect(await readState(host)).toEqual(STATE_A);
  });
});
