import { createFakePiHost, type FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import agentStateExtension, { STATE_ENTRY_TYPE } from '../src/extension.js';
import { readState } from './agent-state-host.js';
import { EXAMPLE_SNAPSHOT } from './snapshots.js';

// Pi restores on session_start; a host that never sends one must not make the adapter start empty
// and then save a state without what was recorded.

describe('a host that sends no session_start (an SDK session whose extensions are never bound)', () => {
  async function hostWithSavedState(): Promise<FakePiHost> {
    const host = createFakePiHost({ hasUI: false });
    host.session.appendEntry(STATE_ENTRY_TYPE, { schemaVersion: 1, state: EXAMPLE_SNAPSHOT });
    await host.load(agentStateExtension);
    return host;
  }

  it('reads the saved state at the first tool call', async () => {
    const host = await hostWithSavedState();
    expect(await readState(host)).toEqual(EXAMPLE_SNAPSHOT);
  });

  it('adds to the saved state instead of saving a state without it', async () => {
    const host = await hostWithSavedState();
    const result = await host.executeTool('agent_state_add_work_item', { id: 'tests', content: 'Write the tests' });
    expect(result.isError).toBe(false);
    const saved = host.session.customEntries(STATE_ENTRY_TYPE).at(-1)?.data as { state: { objective?: string; workItems: unknown[] } };
    expect(saved.state.objective).toBe('Ship the parser');
    expect(saved.state.workItems).toHaveLength(4);
  });

  it('reads the saved state at the first command', async () => {
    const host = await hostWithSavedState();
    await host.runCommand('/agent-state add tests Write the tests');
    const saved = host.session.customEntries(STATE_ENTRY_TYPE).at(-1)?.data as { state: { workItems: unknown[] } };
    expect(saved.state.workItems).toHaveLength(4);
  });
});
