import { expect, it } from 'vitest';
import type { PiContextPort, PiSessionEntryPort } from '../src/port.js';
import { createSavedState } from '../src/saved-state.js';

// Restoring the newest entry, following a session switch announced or not, an unreadable entry warned
// once and a change that saves nothing are proven through both adapters on the fake host (the
// adapter-suites' sessions and restore properties, agent-state-pi's first-use-restore and properties
// tests). Here: what no host shows, a session read once and a save that fails.

/** A session as a host hands it over: its branch never changes, so only a load reads the entry. */
const session = (data: number): PiContextPort => ({
  hasUI: true,
  ui: { notify: () => undefined, setStatus: () => undefined, setWidget: () => undefined },
  sessionManager: { getSessionId: () => 's1', getBranch: () => [{ type: 'custom', id: 'e1', customType: 'n', data }], getLeafEntry: () => undefined },
});

function numberState(saved: number[], shown: number[] = []) {
  return createSavedState({
    empty: 0,
    restore: (branch: readonly PiSessionEntryPort[]) => ({ kind: 'restored' as const, entryId: 'e1', value: branch.at(-1)?.data as number }),
    save: (value: number) => {
      if (Number.isNaN(value)) throw new Error('disk full');
      saved.push(value);
      return value;
    },
    unreadableNotice: () => 'unreadable',
    show: (_ctx, value) => shown.push(value),
  });
}

it('reads a session once while its id stays, whichever context hands it over', () => {
  const saved: number[] = [];
  const state = numberState(saved);
  for (const ctx of [session(5), session(5), session(9)]) state.change(ctx, (value) => value + 1, (next) => next, 'person');
  expect(saved).toEqual([6, 7, 8]);
});

it('keeps the current value when saving fails, and says the change failed', () => {
  const shown: number[] = [];
  const state = numberState([], shown);
  state.load(session(5));
  expect(state.change(session(5), () => Number.NaN, (next) => next, 'person')).toEqual({ kind: 'failed' });
  expect(state.current()).toBe(5);
  expect(shown).toEqual([5]);
});
