import type { ExtensionFactory } from './fake-host.js';

export interface ProbedEvent {
  readonly name: string;
  readonly event: unknown;
}

/** An extension that only listens: it records every event of the given names it receives, in order. */
export interface EventProbe {
  readonly extension: ExtensionFactory;
  readonly events: readonly ProbedEvent[];
  /** The recorded events of one name. */
  named(name: string): unknown[];
}

export function createEventProbe(eventNames: readonly string[]): EventProbe {
  const events: ProbedEvent[] = [];
  return {
    extension: (pi) => {
      for (const name of eventNames) {
        (pi.on as (name: string, handler: (event: unknown) => void) => void)(name, (event) => {
          events.push({ name, event });
        });
      }
    },
    events,
    named: (name) => events.filter((recorded) => recorded.name === name).map((recorded) => recorded.event),
  };
}
