import { plainText } from '@j1nn0/pi-adapter-kit';
import { createFakePiHost, type FakePiHost } from '@j1nn0/pi-testkit';
import { drawnEntryLines, startTuiHost } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import contextGuardExtension, { STATE_ENTRY_TYPE } from '../../src/extension.js';
import type { GuardState } from '../../src/guard-state.js';
import { readStatePayload } from '../../src/persistence.js';
import { describeGuardChange } from '../../src/ui/change-line.js';
import { formatFooter } from '../../src/ui/footer.js';
import { guardCallLine } from '../../src/ui/tool-rows.js';

const item = (id: string, critical = false) => ({ id, kind: 'goal' as const, content: `Content of ${id}`, critical });

const startTui = (): Promise<FakePiHost> => startTuiHost(contextGuardExtension);
const chatLines = (host: FakePiHost): string[] => drawnEntryLines(host, STATE_ENTRY_TYPE);

/** The kit's mark and the title extension.ts gives the transcript, before the words of each change. */
const CHAT_LINE_PREFIX = '◆ Context Guard: ';

/** One chat line per saved change, each saying what describeGuardChange says that change did. */
function expectedChatLines(host: FakePiHost): string[] {
  let previous: GuardState | undefined;
  return host.session.customEntries(STATE_ENTRY_TYPE).map((entry) => {
    const read = readStatePayload(entry.data);
    if (!read.ok) throw new Error('an unreadable saved state');
    const words = describeGuardChange(previous, read.value);
    previous = read.value;
    return `${CHAT_LINE_PREFIX}${words}`;
  });
}

describe('context-guard-pi in the terminal UI', () => {
  it('has a short footer with counts only, and none when nothing is protected', () => {
    expect(formatFooter({ recovery: 'off', items: [] })).toBeUndefined();
    expect(formatFooter({ recovery: 'off', items: [item('a')] })).toBe('Context Guard 1 item');
    expect(formatFooter({ recovery: 'off', items: [item('a', true), item('b')] })).toBe('Context Guard 2 items, 1 critical');
  });

  it('draws its footer with no separator when it is our only one (footers-fake-host.test.ts: beside Agent State)', async () => {
    const host = await startTui();
    await host.runCommand('/context-guard add ship goal --critical Ship it');
    expect(host.statuses.get('context-guard')).toBe(formatFooter({ recovery: 'off', items: [item('ship', true)] }));
  });

  it('describes each saved change in one chat line', () => {
    expect(describeGuardChange(undefined, { recovery: 'off', items: [item('ship', true)] })).toBe('protected ship (goal, critical)');
    expect(describeGuardChange({ recovery: 'off', items: [item('a'), item('b')] }, { recovery: 'off', items: [item('b')] })).toBe('removed a');
    expect(describeGuardChange({ recovery: 'off', items: [item('a'), item('b')] }, { recovery: 'off', items: [] })).toBe('cleared 2 protected items (0 critical)');
    expect(describeGuardChange({ recovery: 'off', items: [] }, { recovery: 'critical', items: [] })).toBe('recovery → critical');
    expect(describeGuardChange({ recovery: 'off', items: [item('ship')] }, { recovery: 'off', items: [item('ship', true)] })).toBe('ship critical');
    expect(describeGuardChange({ recovery: 'off', items: [item('ship', true)] }, { recovery: 'off', items: [item('ship')] })).toBe('ship not critical');
  });

  it('says in the call line what is protected: kind and id; never critical, which only a person decides', () => {
    expect(plainText(guardCallLine('context_guard_protect', { id: 'ship', kind: 'goal', content: 'Ship it' }))).toBe(
      'Context Guard protect goal ship "Ship it"',
    );
    expect(plainText(guardCallLine('context_guard_protect', { id: 'ship', kind: 'goal', content: 'Ship it', critical: true }))).toBe(
      'Context Guard protect goal ship "Ship it"',
    );
    expect(plainText(guardCallLine('context_guard_protect', {}))).toBe('Context Guard protect … …');
    expect(plainText(guardCallLine('context_guard_list', {}))).toBe('Context Guard list');
  });

  it('shows a saved change as a chat line, not also as a notification, and draws it again after a restart', async () => {
    const host = await startTui();
    await host.runCommand('/context-guard add ship goal --critical Ship it');
    await host.runCommand('/context-guard recovery critical');
    await host.runCommand('/context-guard critical ship off');
    expect(host.takeNotifications()).toEqual([]);
    await host.restart();
    expect(chatLines(host)).toHaveLength(3);
    expect(chatLines(host)).toEqual(expectedChatLines(host));
  });

  it('still notifies a rejection and a listing', async () => {
    const host = await startTui();
    await host.runCommand('/context-guard add ship Goal Ship it');
    await host.runCommand('/context-guard list');
    expect(host.takeNotifications().map((notice) => notice.type)).toEqual(['warning', 'info']);
  });

  // An RPC client gets every answer and the bare footer (session-properties.test.ts reads both).
  it('draws nothing in print or JSON mode', async () => {
    const host = createFakePiHost({ mode: 'print' });
    await host.load(contextGuardExtension);
    await host.startSession('startup');
    await host.runCommand('/context-guard add ship goal Ship it');
    expect(host.statuses.size).toBe(0);
    expect(host.notifications).toEqual([]);
  });
});
