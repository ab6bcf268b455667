import { addAdapterBoundaryTests } from '@j1nn0/pi-testkit/checks';
import { describe, expect, it } from 'vitest';
import {
  PROTECT_TWO,
  compact,
  contextRequest,
  expectCleanRun,
  recordAll,
  requestAfterCompaction,
  runGuard,
  startGuardHost,
} from './context-guard-host.js';

describe('what the adapter stays away from', () => {
  it('listens to the session, tree, compaction and context events only, and never to a compaction before it happens', async () => {
    const host = await startGuardHost();
    for (const event of ['session_start', 'session_tree', 'session_compact', 'session_compact_failed', 'context']) {
      expect(host.eventHandlerCount(event), event).toBe(1);
    }
    for (const event of ['session_before_compact', 'turn_end', 'agent_before_settle', 'before_agent_start', 'session_shutdown', 'tool_call', 'tool_result', 'input', 'before_provider_request']) {
      expect(host.eventHandlerCount(event), event).toBe(0);
    }
  });

  addAdapterBoundaryTests({
    sourceDirectory: new URL('../src/', import.meta.url),
    runtimeDependencies: ['@j1nn0/agent-context-guard'],
    compiledIn: ['@j1nn0/pi-adapter-kit'],
    sisterAdapter: /agent-state/u,
    start: () => startGuardHost(),
    exercise: async (host) => {
      await recordAll(host, [...PROTECT_TWO, 'recovery critical']);
      await runGuard(host, 'add ship fact dup');
      await host.executeTool('context_guard_protect', { id: 'ship', kind: 'fact', content: 'dup' });
      await compact(host);
      await contextRequest(host, requestAfterCompaction('nothing kept'));
    },
    expectCleanRun,
  });

  it('keeps separate state per extension instance', async () => {
    const first = await startGuardHost();
    const second = await startGuardHost();
    await recordAll(first, ['add a fact A']);
    expect(await runGuard(second, 'list')).toEqual([{ message: 'Context Guard: 0 protected items.', type: 'info' }]);
  });
});
