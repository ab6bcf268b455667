import type { ToolCallEventResult } from 'pi-coding-agent-0.84.2';
import type { FakeExtensionContext } from './extension-context.js';
import type { EventHandler, ExtensionRegistrations } from './extension-registry.js';

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

/** Handlers in Pi's order: extension by extension (load order), each extension's in registration order. */
function* handlersFor(port: DispatchPort, eventName: string): Generator<[ExtensionRegistrations, AnyHandler]> {
  for (const extension of port.extensions()) {
    // The live list, as in Pi: a handler registered during the emit is still called.
    const handlers: readonly EventHandler[] = extension.handlers.get(eventName) ?? [];
    for (const handler of handlers) yield [extension, handler as AnyHandler];
  }
}

export function hasHandlers(port: DispatchPort, eventName: string): boolean {
  return port.extensions().some((extension) => (extension.handlers.get(eventName)?.length ?? 0) > 0);
}

function isCancel(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'cancel' in result && result.cancel === true;
}

/**
 * Pi's `runner.emit`: every handler gets (event, ctx) with one ctx per emit; a throwing handler is reported
 * and the rest still run. For `session_before_*` events the first `{ cancel: true }` stops the emit.
 * Returns each called handler's result (undefined for one that threw).
 */
export async function emitEvent(port: DispatchPort, eventName: string, event: unknown): Promise<unknown[]> {
  const ctx = port.createContext();
  const results: unknown[] = [];
  const cancellable = eventName.startsWith('session_before_');
  for (const [extension, handler] of handlersFor(port, eventName)) {
    try {
      const result = await handler(event, ctx);
      results.push(result);
      if (cancellable && isCancel(result)) break;
    } catch (error) {
      results.push(undefined);
      port.reportError({ extensionPath: extension.path, event: eventName, error: errorMessage(error) });
    }
  }
  return results;
}

/** Pi's `emitToolCall`: runs handlers until one blocks; a throwing handler is NOT caught (it fails the call). */
export async function emitToolCall(port: DispatchPort, event: unknown): Promise<ToolCallEventResult | undefined> {
  const ctx = port.createContext();
  let outcome: ToolCallEventResult | undefined;
  for (const [, handler] of handlersFor(port, 'tool_call')) {
    const result = (await handler(event, ctx)) as ToolCallEventResult | undefined;
    if (!result) continue;
    outcome = result;
    if (result.block === true) return outcome;
  }
  return outcome;
}

/** The fields a `tool_result` handler may replace (Pi's `ToolResultEventResult`). */
export interface ToolResultPatch {
  readonly content?: unknown;
  readonly details?: unknown;
  readonly isError?: boolean;
}

/** Pi's `emitToolResult`: each handler sees the previous handlers' changes; returns undefined when none changed. */
export async function emitToolResult(
  port: DispatchPort,
  event: { content: unknown; details: unknown; isError: boolean } & Record<string, unknown>,
): Promise<ToolResultPatch | undefined> {
  const ctx = port.createContext();
  const current = { ...event };
  let changed = false;
  for (const [extension, handler] of handlersFor(port, 'tool_result')) {
    try {
      const patch = (await handler(current, ctx)) as ToolResultPatch | undefined;
      if (!patch) continue;
      if (patch.content !== undefined) current.content = patch.content;
      if (patch.details !== undefined) current.details = patch.details;
      if (patch.isError !== undefined) current.isError = patch.isError;
      changed ||= patch.content !== undefined || patch.details !== undefined || patch.isError !== undefined;
    } catch (error) {
      port.reportError({ extensionPath: extension.path, event: 'tool_result', error: errorMessage(error) });
    }
  }
  return changed ? { content: current.content, details: current.details, isError: current.isError } : undefined;
}

/** Pi's `emitContext`: handlers see a deep copy of the messages and may replace them in turn via `{ messages }`. */
export async function emitContext(port: DispatchPort, messages: readonly unknown[]): Promise<unknown[]> {
  const ctx = port.createContext();
  let current: unknown[] = structuredClone([...messages]);
  for (const [extension, handler] of handlersFor(port, 'context')) {
    try {
      const result = (await handler({ type: 'context', messages: current }, ctx)) as
        | { messages?: unknown[] }
        | undefined;
      if (result?.messages) current = result.messages;
    } catch (error) {
      port.reportError({ extensionPath: extension.path, event: 'context', error: errorMessage(error) });
    }
  }
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
  const ctx = port.createContext();
  let entries: readonly unknown[] = [];
  let shouldContinue = false;
  let context = buildContext(entries);
  let valid = true;
  for (const [extension, handler] of handlersFor(port, baseEvent.type)) {
    try {
      const result = (await handler({ ...baseEvent, entries, continue: shouldContinue, context }, ctx)) as
        | { entries?: readonly unknown[]; continue?: boolean }
        | undefined;
      if (result?.entries !== undefined) entries = result.entries;
      if (result?.continue !== undefined) shouldContinue = result.continue;
    } catch (error) {
      port.reportError({ extensionPath: extension.path, event: baseEvent.type, error: errorMessage(error) });
    }
    try {
      context = buildContext(entries);
      valid = true;
    } catch (error) {
      valid = false;
      port.reportError({ extensionPath: extension.path, event: baseEvent.type, error: `Invalid boundary entries: ${errorMessage(error)}` });
    }
  }
  return valid ? { entries, continue: shouldContinue } : { entries: [], continue: false };
}
