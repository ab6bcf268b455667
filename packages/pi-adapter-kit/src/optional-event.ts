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
