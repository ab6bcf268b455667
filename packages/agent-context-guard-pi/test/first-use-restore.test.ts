import { describe, expect, it } from 'vitest';
import { formatRecoveryContent } from '../src/format.js';
import { contextRequest, readGuard, recoveryMessagesIn, requestAfterCompaction, savedPayloads } from './context-guard-host.js';
import { SAVED_GUARD_PAYLOAD as SAVED, SAVED_GUARD_STATE, hostWithSavedPayload } from './saved-guard.js';

// Pi restores on session_start; a host that never sends one must not make the adapter start empty
// and then save a set without what was protected.

describe('a host that sends no session_start (an SDK session whose extensions are never bound)', () => {
  it('reads the saved items at the first tool call', async () => {
    const host = await hostWithSavedPayload(SAVED);
    const result = await host.executeTool('context_guard_list', {});
    expect(result.details).toEqual({ items: 2, critical: 1 });
    expect(await readGuard(host)).toEqual(SAVED_GUARD_STATE);
  });

  it('protects in addition to the saved items instead of saving a set without them', async () => {
    const host = await hostWithSavedPayload(SAVED);
    const result = await host.executeTool('context_guard_protect', { id: 'tests', kind: 'requirement', content: 'Tests pass' });
    expect(result.isError).toBe(false);
    expect(savedPayloads(host).at(-1)).toMatchObject({ recovery: 'critical', items: [...SAVED.items, { id: 'tests' }] });
  });

  it('reads the saved items at the first command', async () => {
    const host = await hostWithSavedPayload(SAVED);
    await host.runCommand('/context-guard add tests requirement Tests pass');
    expect(savedPayloads(host).at(-1)).toMatchObject({ items: [...SAVED.items, { id: 'tests' }] });
  });

  it('checks a compaction with the saved recovery mode and restores the saved critical item', async () => {
    const host = await hostWithSavedPayload(SAVED);
    await host.compact({ summary: 'Nothing kept.' });
    const messages = await contextRequest(host, requestAfterCompaction('Nothing kept.'));
    const critical = SAVED_GUARD_STATE.items.filter((item) => item.critical);
    expect(recoveryMessagesIn(messages ?? []).map((message) => message['content'])).toEqual([formatRecoveryContent(critical)]);
  });
});
