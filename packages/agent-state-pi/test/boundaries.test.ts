import { addAdapterBoundaryTests } from '@j1nn0/pi-testkit/checks';
import { describe, expect, it } from 'vitest';
import { FIRST_SMOKE_RUN, expectCleanRun, recordAll, runAgentState, startAgentStateHost } from './agent-state-host.js';

describe('what the adapter stays away from', () => {
  it('listens only to session_start and session_tree: no context handler, no other hooks', async () => {
    const host = await startAgentStateHost();
    expect(host.eventHandlerCount('session_start')).toBe(1);
    expect(host.eventHandlerCount('session_tree')).toBe(1);
    for (const event of ['context', 'before_agent_start', 'session_shutdown', 'tool_call', 'tool_result', 'input']) {
      expect(host.eventHandlerCount(event), event).toBe(0);
    }
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
