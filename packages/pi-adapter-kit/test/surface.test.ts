import { describe, expect, it } from 'vitest';
import type { PiContextPort } from '../src/port.js';
import { showFooterStatus, surfaceOf } from '../src/surface.js';

/** A context as Pi hands it to a handler; `themes` is what `ctx.ui.getAllThemes()` lists (absent when undefined). */
function contextOf(options: { hasUI: boolean; mode?: string; themes?: readonly string[] }): PiContextPort & { statuses: Map<string, string | undefined> } {
  const statuses = new Map<string, string | undefined>();
  const { themes } = options;
  return {
    hasUI: options.hasUI,
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ui: {
      notify: () => undefined,
      setStatus: (key, text) => statuses.set(key, text),
      setWidget: () => undefined,
      ...(themes === undefined ? {} : { getAllThemes: () => themes }),
    },
    sessionManager: { getSessionId: () => 's1', getBranch: () => [], getLeafEntry: () => undefined },
    statuses,
  };
}

describe('the surface Pi shows an extension on', () => {
  it('follows ctx.mode where Pi has it (0.78 and later)', () => {
    expect(surfaceOf(contextOf({ hasUI: true, mode: 'tui', themes: ['dark', 'light'] }))).toBe('terminal');
    expect(surfaceOf(contextOf({ hasUI: true, mode: 'rpc', themes: [] }))).toBe('client');
    expect(surfaceOf(contextOf({ hasUI: false, mode: 'print', themes: [] }))).toBe('none');
    expect(surfaceOf(contextOf({ hasUI: false, mode: 'json', themes: [] }))).toBe('none');
  });

  it('trusts ctx.mode over the themes when both are there', () => {
    expect(surfaceOf(contextOf({ hasUI: true, mode: 'tui', themes: [] }))).toBe('terminal');
    expect(surfaceOf(contextOf({ hasUI: true, mode: 'rpc', themes: ['dark'] }))).toBe('client');
  });

  it('tells an RPC client from the terminal by the themes where Pi has no ctx.mode (0.73 to 0.76)', () => {
    expect(surfaceOf(contextOf({ hasUI: true, themes: [] }))).toBe('client');
    expect(surfaceOf(contextOf({ hasUI: true, themes: ['dark', 'light'] }))).toBe('terminal');
    expect(surfaceOf(contextOf({ hasUI: false, themes: [] }))).toBe('none');
  });

  it('never reads a theme list that comes as a promise (oh-my-pi) as an empty one', async () => {
    const answered = { ...contextOf({ hasUI: true }), ui: { ...contextOf({ hasUI: true }).ui, getAllThemes: () => Promise.resolve([]) } };
    expect(surfaceOf(answered)).toBe('terminal');
    const refused = { ...contextOf({ hasUI: true }), ui: { ...contextOf({ hasUI: true }).ui, getAllThemes: () => Promise.reject(new Error('no themes')) } };
    expect(surfaceOf(refused)).toBe('terminal');
    // A rejection nobody heard would surface as an unhandled rejection before the test ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('keeps drawing for the terminal on a host that offers neither', () => {
    expect(surfaceOf(contextOf({ hasUI: true }))).toBe('terminal');
  });
});

describe('a footer status', () => {
  it('starts with a bar in the terminal, where Pi joins every extension status on one line', () => {
    const ctx = contextOf({ hasUI: true, mode: 'tui' });
    showFooterStatus(ctx, 'k', 'Numbers 2');
    expect(ctx.statuses.get('k')).toBe('│ Numbers 2');
  });

  it('is the bare text in a client, which shows each status by its key', () => {
    const ctx = contextOf({ hasUI: true, mode: 'rpc' });
    showFooterStatus(ctx, 'k', 'Numbers 2');
    expect(ctx.statuses.get('k')).toBe('Numbers 2');
  });

  it('is cleared with undefined on both, and not set at all without a UI', () => {
    for (const mode of ['tui', 'rpc']) {
      const ctx = contextOf({ hasUI: true, mode });
      showFooterStatus(ctx, 'k', undefined);
      expect([...ctx.statuses]).toEqual([['k', undefined]]);
    }
    const none = contextOf({ hasUI: false, mode: 'print' });
    showFooterStatus(none, 'k', 'Numbers 2');
    expect(none.statuses.size).toBe(0);
  });
});
