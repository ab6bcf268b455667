import { addAdapterBoundaryTests } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import { FIRST_SMOKE_RUN, expectCleanRun, recordAll, runAgentState, startAgentStateHost } from './agent-state-host.js';

describe('what the adapter stays away from', () => {
  it('listens only to the events that change the session or branch, and to the end of a turn: no context handler, no other hooks', async () => {
    const host = await startAgentStateHost();
    // session_start and session_tree on Pi; session_switch and session_branch on oh-my-pi (see the kit's onSessionChange);
    // turn_end, after which Pi may have written the session for the first time (the footer stops saying it is not saved).
    expect(host.eventHandlerCounts()).toEqual({ session_start: 1, session_tree: 1, session_switch: 1, session_branch: 1, turn_end: 1 });
  });

  addAdapterBoundaryTests({
    sourceDirectory: new URL('../src/', import.meta.url),
    runtimeDependencies: ['@j1nn0/agent-state'],
    compiledIn: ['@j1nn0/pi-adapter-kit'],
    start: () => startAgentStateHost(),
    exercise: async (host) => {
      await recordAll(host, FIRST_SMOKE_RUN);
      await runAgentState(host, 'set parse Done');
      await host.executeTool('agent_state_add_work_item', { id: 'parse', content: 'dup' });
      await host.executeTool('agent_state_get', {});
    },
    expectCleanRun,
  });
});
