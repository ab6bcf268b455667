import { addSessionPersistenceTests, addSessionSwitchTests } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import { STATE_ENTRY_TYPE } from '../src/extension.js';
import { FIRST_SMOKE_RUN, leafId, persistedAgentState, readState, recordAll, startAgentStateHost } from './agent-state-host.js';
import { EMPTY_SNAPSHOT, snapshotOf } from './snapshots.js';

// How the state follows Pi's sessions on the fake host. properties.test.ts drives random sessions
// (restarts, session_start twice, a new session and back, /tree, forks) and any saved payload; these
// are the cases a random session does not reach, and the shared suites both adapters pass.

const A = { id: 'a', content: 'A' };
const STATE_A = snapshotOf({ workItems: [A] });
const STATE_AB = snapshotOf({ workItems: [A, { id: 'b', content: 'B' }] });

describe('sessions', () => {
  it('clears the state and the footer when /tree goes above the first saved state', async () => {
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

  it('replaces an unreadable newest entry by the next change, which saves a fresh state', async () => {
    const host = await startAgentStateHost();
    host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE });
    await host.startSession('startup');
    expect(host.takeNotifications().map((notice) => notice.type)).toEqual(['warning']);
    await recordAll(host, ['add a A']);
    await host.restart();
    expect(await readState(host)).toEqual(STATE_A);
    expect(host.takeNotifications()).toEqual([]);
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
    second: { command: 'add b B', state: STATE_AB },
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
    second: { command: 'add b B', state: STATE_AB },
    empty: EMPTY_SNAPSHOT,
  });
});
