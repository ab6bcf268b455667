import { describe, expect, it } from 'vitest';
import type { NewestEntryRestore } from '../src/branch-entries.js';
import type { PiContextPort, PiSessionEntryPort } from '../src/port.js';
import { createSavedState } from '../src/saved-state.js';

/** A session as a host hands it over: an id and a branch whose newest entry holds a number. */
function sessionContext(id: string, branch: PiSessionEntryPort[], notices: string[] = []): PiContextPort {
  return {
    hasUI: true,
    ui: { notify: (message) => notices.push(message), setStatus: () => undefined, setWidget: () => undefined },
    sessionManager: { getSessionId: () => id, getBranch: () => branch, getLeafEntry: () => branch.at(-1) },
  };
}

function restoreNumber(branch: readonly PiSessionEntryPort[]): NewestEntryRestore<number, 'not_a_number'> {
  const entry = branch.at(-1);
  if (entry === undefined) return { kind: 'empty' };
  return typeof entry.data === 'number'
    ? { kind: 'restored', entryId: entry.id, value: entry.data }
    : { kind: 'unreadable', entryId: entry.id, problem: 'not_a_number' };
}

function numberState(saved: number[] = [], shown: number[] = []) {
  return createSavedState({
    empty: 0,
    restore: restoreNumber,
    save: (value: number) => {
      if (Number.isNaN(value)) throw new Error('disk full');
      saved.push(value);
      return value;
    },
    unreadableNotice: (problem) => `unreadable: ${problem}`,
    show: (_ctx, value) => shown.push(value),
  });
}

const entry = (id: string, data: unknown): PiSessionEntryPort => ({ type: 'custom', id, customType: 'n', data });

describe('a saved state', () => {
  it('loads the newest saved value once per session before its first change', () => {
    const saved: number[] = [];
    const state = numberState(saved);
    const outcome = state.change(sessionContext('s1', [entry('e1', 5)]), (value) => value + 1, (next) => next, 'person');
    expect(outcome).toBe(6);
    expect(saved).toEqual([6]);
    expect(state.current()).toBe(6);
  });

  it('reads the next session when the host switched sessions under it, announced or not', () => {
    const state = numberState();
    state.load(sessionContext('s1', [entry('e1', 5)]));
    state.ensureLoaded(sessionContext('s2', []));
    expect(state.current()).toBe(0);
    state.ensureLoaded(sessionContext('s1', [entry('e1', 5)]));
    expect(state.current()).toBe(5);
  });

  it('reads a session once while its id stays, whichever context hands it over', () => {
    const state = numberState();
    state.load(sessionContext('s1', [entry('e1', 5)]));
    state.ensureLoaded(sessionContext('s1', []));
    expect(state.current()).toBe(5);
    const saved: number[] = [];
    const counting = numberState(saved);
    counting.change(sessionContext('s1', [entry('e1', 5)]), (value) => value + 1, (next) => next, 'person');
    counting.change(sessionContext('s1', [entry('e1', 5)]), (value) => value + 1, (next) => next, 'person');
    expect(saved).toEqual([6, 7]);
  });

  it('keeps the current value when saving fails, and says the change failed', () => {
    const shown: number[] = [];
    const state = numberState([], shown);
    state.load(sessionContext('s1', [entry('e1', 5)]));
    expect(state.change(sessionContext('s1', [entry('e1', 5)]), () => Number.NaN, (next) => next, 'person')).toEqual({ kind: 'failed' });
    expect(state.current()).toBe(5);
    expect(shown).toEqual([5]);
  });

  it('saves and redraws nothing for an outcome without a next state', () => {
    const saved: number[] = [];
    const state = numberState(saved);
    expect(state.change(sessionContext('s1', []), () => 'unchanged', () => undefined, 'person')).toBe('unchanged');
    expect(saved).toEqual([]);
  });

  it('starts empty on an unreadable newest entry and warns once for it, however often it is loaded', () => {
    const notices: string[] = [];
    const state = numberState();
    const ctx = sessionContext('s1', [entry('e1', 5), entry('bad', 'x')], notices);
    state.load(ctx);
    state.load(ctx);
    expect(state.current()).toBe(0);
    expect(state.discardedOnLoad()).toBe(true);
    expect(notices).toEqual(['unreadable: not_a_number']);
  });
});
