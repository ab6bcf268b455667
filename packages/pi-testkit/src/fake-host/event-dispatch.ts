import type { FakeExtensionContext } from './extension-api.js';
import type { ExtensionRegistrations } from './registrations.js';

/** An extension failure Pi catches and reports (RPC `extension_error`) instead of stopping; no stack kept. */
export interface ExtensionErrorRecord {
  readonly extensionPath: string;
  readonly event: string;
  readonly error: string;
}

export interface DispatchPort {
  extensions(): readonly ExtensionRegistrations[];
  createContext(): FakeExtensionContext;
  reportError(error: ExtensionErrorRecord): void;
}

type AnyHandler = (event: unknown, ctx: FakeExtensionContext) => unknown;

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Pi's runner loop: handlers extension by extension (load order), each extension's in registration order,
 * from the live lists (a handler registered during the emit is still called), with one ctx per emit. A
 * throwing handler is reported and the rest still run; `after` sees each handler's result (undefined for
 * one that threw) and stops the emit by returning true.
 */
async function runHandlers(
  port: DispatchPort,
  eventName: string,
  event: () => unknown,
  after: (result: unknown, extension: ExtensionRegistrations) => boolean | undefined,
): Promise<void> {
  const ctx = port.createContext();
  for (const extension of port.extensions()) {
    for (const handler of (extension.handlers.get(eventName) ?? []) as AnyHandler[]) {
      let result: unknown;
      try {
        result = await handler(event(), ctx);
      } catch (error) {
        port.reportError({ extensionPath: extension.path, event: eventName, error: errorMessage(error) });
      }
      if (after(result, extension) === true) return;
    }
  }
}

/**
 * Pi's `runner.emit`: returns each called handler's result in order. For `session_before_*` events the
 * first `{ cancel: true }` stops the emit.
 */
export async function emitEvent(port: DispatchPort, eventName: string, event: unknown): Promise<unknown[]> {
  const results: unknown[] = [];
  await runHandlers(port, eventName, () => event, (result) => {
    results.push(result);
    return eventName.startsWith('session_before_') && (result as { cancel?: unknown } | undefined)?.cancel === true;
  });
  return results;
}

/** Pi's `emitContext`: handlers see a deep copy of the messages and may replace them in turn via `{ messages }`. */
export async function emitContext(port: DispatchPort, messages: readonly unknown[]): Promise<unknown[]> {
  let current: unknown[] = structuredClone([...messages]);
  await runHandlers(port, 'context', () => ({ type: 'context', messages: current }), (result) => {
    current = (result as { messages?: unknown[] } | undefined)?.messages ?? current;
    return false;
  });
  return current;
}

/** What a boundary emit settled on: the proposed entries (none when Pi refused them) and the continuation. */
export interface BoundaryProposal {
  readonly entries: readonly unknown[];
  readonly continue: boolean;
}

/**
 * Pi's `emitBoundary` (0.87+, `turn_end` / `agent_before_settle`): each handler sees the entries and
 * continuation proposed so far and the context rebuilt from them, and may replace either. After every
 * handler the proposal is rebuilt; when that fails, the error is reported and, at the end, nothing is
 * appended and no continuation requested.
 */
export async function emitBoundaryEvent(
  port: DispatchPort,
  baseEvent: Readonly<Record<string, unknown>> & { readonly type: string },
  buildContext: (entries: readonly unknown[]) => unknown,
): Promise<BoundaryProposal> {
  let entries: readonly unknown[] = [];
  let shouldContinue = false;
  let context = buildContext(entries);
  await runHandlers(port, baseEvent.type, () => ({ ...baseEvent, entries, continue: shouldContinue, context }), (result, extension) => {
    const proposal = result as { entries?: readonly unknown[]; continue?: boolean } | undefined;
    entries = proposal?.entries ?? entries;
    shouldContinue = proposal?.continue ?? shouldContinue;
    try {
      context = buildContext(entries);
    } catch (error) {
      port.reportError({ extensionPath: extension.path, event: baseEvent.type, error: `Invalid boundary entries: ${errorMessage(error)}` });
    }
    return false;
  });
  try {
    buildContext(entries);
    return { entries, continue: shouldContinue };
  } catch {
    return { entries: [], continue: false };
  }
}
