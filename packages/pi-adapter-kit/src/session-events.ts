import type { PiContextPort, PiExtensionPort, PiOptionalEventName } from './port.js';

/**
 * Registers a handler for an event only some hosts fire (newer Pi lines, oh-my-pi). Every host stores
 * handlers by event name without checking the name, so one that never fires it keeps the handler
 * unused; only Pi's typings do not know the name.
 */
export function onOptionalEvent(
  pi: PiExtensionPort,
  event: PiOptionalEventName,
  handler: (event: unknown, ctx: PiContextPort) => void,
): void {
  (pi as unknown as { on(name: string, listener: typeof handler): void }).on(event, handler);
}

// Which session and branch are current changes on different events per host. Pi: `session_start`
// (every start, new session, resume, fork, reload) and `session_tree` (a /tree move). oh-my-pi fires
// `session_start` once at load and then `session_switch` (new session, resume, fork) and
// `session_branch`. A host may fire several for one change, so a handler must be idempotent.

/** Calls `handler` after every event that may have changed the current session or branch, on any host. */
export function onSessionChange(pi: PiExtensionPort, handler: (ctx: PiContextPort) => void): void {
  const listener = (_event: unknown, ctx: PiContextPort): void => {
    handler(ctx);
  };
  pi.on('session_start', listener);
  pi.on('session_tree', listener);
  onOptionalEvent(pi, 'session_switch', listener);
  onOptionalEvent(pi, 'session_branch', listener);
}
