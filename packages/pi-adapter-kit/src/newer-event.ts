import type { PiContextPort, PiExtensionPort, PiNewerEventName } from './port.js';

/**
 * Registers a handler for an event only newer Pi lines fire. Every line stores handlers by event name
 * without checking the name, so older lines keep it unused; only their typings do not know the name.
 */
export function onNewerEvent(
  pi: PiExtensionPort,
  event: PiNewerEventName,
  handler: (event: unknown, ctx: PiContextPort) => void,
): void {
  (pi as unknown as { on(name: string, listener: typeof handler): void }).on(event, handler);
}
