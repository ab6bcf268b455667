import { describe, expect, it } from 'vitest';
import { onSessionChange } from '../src/session-events.js';
import type { PiExtensionPort, PiContextPort } from '../src/port.js';

describe('a session change', () => {
  it("is heard on Pi's and oh-my-pi's events alike", () => {
    const handlers = new Map<string, (event: unknown, ctx: PiContextPort) => void>();
    const pi = { on: (name: string, handler: (event: unknown, ctx: PiContextPort) => void) => handlers.set(name, handler) };
    const seen: string[] = [];
    onSessionChange(pi as unknown as PiExtensionPort, (ctx) => seen.push(String(ctx.mode)));
    expect([...handlers.keys()]).toEqual(['session_start', 'session_tree', 'session_switch', 'session_branch']);
    for (const [name, handler] of handlers) {
      handler({ type: name }, { mode: name } as unknown as PiContextPort);
    }
    expect(seen).toEqual(['session_start', 'session_tree', 'session_switch', 'session_branch']);
  });
});
