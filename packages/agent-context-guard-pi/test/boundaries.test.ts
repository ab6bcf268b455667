import { addAdapterBoundaryTests } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import {
  PROTECT_TWO,
  compact,
  contextRequest,
  expectCleanRun,
  readGuard,
  recordAll,
  requestAfterCompaction,
  runGuard,
  startGuardHost,
} from './context-guard-host.js';
import { guardState } from './expected-messages.js';

describe('what the adapter stays away from', () => {
  it('listens to the session, tree, compaction and context events only, and never to a compaction before it happens', async () => {
    const host = await startGuardHost();
    // session_switch and session_branch are oh-my-pi's session and tree events (see the kit's onSessionChange).
    expect(host.eventHandlerCounts()).toEqual({
      session_start: 1,
      session_tree: 1,
      session_switch: 1,
      session_branch: 1,
      session_compact: 1,
      session_compact_failed: 1,
      context: 1,
    });
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
    expect(await readGuard(second)).toEqual(guardState([]));
    expect(await readGuard(first)).toEqual(guardState([['a', 'fact', 'A']]));
  });
});
