import { createFakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import agentStateExtension, { STATE_ENTRY_TYPE } from '../src/extension.js';
import { readState } from './agent-state-host.js';
import { EXAMPLE_SNAPSHOT, EXAMPLE_STATE, snapshotOf } from './snapshots.js';

// Pi restores on session_start; a host that never sends one must not make the adapter start empty
// and then save a state without what was recorded.

const WITH_TESTS = snapshotOf({ ...EXAMPLE_STATE, workItems: [...(EXAMPLE_STATE.workItems ?? []), { id: 'tests', content: 'Write the tests' }] });

describe('a host that sends no session_start (an SDK session whose extensions are never bound)', () => {
  it.each([
    ['a tool call', (host: ReturnType<typeof createFakePiHost>) => host.executeTool('agent_state_add_work_item', { id: 'tests', content: 'Write the tests' })],
    ['a command', (host: ReturnType<typeof createFakePiHost>) => host.runCommand('/agent-state add tests Write the tests')],
  ])('reads the saved state at the first use, and %s adds to it', async (_name, use) => {
    const host = createFakePiHost({ hasUI: false });
    host.session.appendEntry(STATE_ENTRY_TYPE, { schemaVersion: 1, state: EXAMPLE_SNAPSHOT });
    await host.load(agentStateExtension);
    await use(host);
    expect(host.extensionErrors).toEqual([]);
    expect((host.session.customEntries(STATE_ENTRY_TYPE).at(-1)?.data as { state: unknown }).state).toEqual(WITH_TESTS);
    expect(await readState(host)).toEqual(WITH_TESTS);
  });
});
