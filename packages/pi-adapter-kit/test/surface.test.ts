import { describe, expect, it } from 'vitest';
import type { PiContextPort } from '../src/port.js';
import { surfaceOf } from '../src/surface.js';

// The surface by ctx.mode (terminal, client, none) and the footer on each are proven through
// agent-state-pi's test/ui/surfaces.test.ts on the fake host; here, what a host without ctx.mode does.

/** A context as Pi hands it to a handler; `themes` is what `ctx.ui.getAllThemes()` lists (absent when undefined). */
function contextOf(options: { hasUI: boolean; mode?: string; themes?: readonly string[] }): PiContextPort {
  const { themes } = options;
  return {
    hasUI: options.hasUI,
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ui: {
      notify: () => undefined,
      setStatus: () => undefined,
      setWidget: () => undefined,
      ...(themes === undefined ? {} : { getAllThemes: () => themes }),
    },
    sessionManager: { getSessionId: () => 's1', getBranch: () => [], getLeafEntry: () => undefined },
  };
}

describe('the surface Pi shows an extension on', () => {
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
