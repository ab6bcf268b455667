import type {
  CompactOptions,
  ContextUsage,
  ExtensionCommandContext,
  ExtensionContext,
  ExtensionUIContext,
  SessionManager,
} from 'pi-coding-agent-0.84.2';
import { FakePiHostError } from './errors.js';
import type { FakeSession } from './fake-session.js';

export type ExtensionMode = ExtensionContext['mode'];

/** The `ctx` handlers and tools receive: Pi 0.84.2's `ExtensionContext`, whose session manager is the fake session. */
export type FakeExtensionContext = ExtensionContext & { readonly sessionManager: FakeSession };

/** The `ctx` command handlers receive. */
export type FakeCommandContext = ExtensionCommandContext & { readonly sessionManager: FakeSession };

/** What a ctx reads from the host; every read goes through `assertActive`, as Pi's ctx getters do. */
export interface ContextPort {
  assertActive(): void;
  readonly hasUI: boolean;
  readonly mode: ExtensionMode;
  readonly cwd: string;
  readonly ui: ExtensionUIContext;
  session(): FakeSession;
  contextUsage(): ContextUsage | undefined;
  requestCompaction(options: CompactOptions | undefined): void;
  recordForbiddenCall(method: string, args: readonly unknown[]): void;
}

export type NewSessionOptions = Parameters<ExtensionCommandContext['newSession']>[0];
export type ForkOptions = Parameters<ExtensionCommandContext['fork']>[1];
export type NavigateTreeOptions = Parameters<ExtensionCommandContext['navigateTree']>[1];
/** Pi's `ReplacedSessionContext` (not exported from its package index). */
export type ReplacedSessionContext = Parameters<NonNullable<NonNullable<NewSessionOptions>['withSession']>>[0];

/** The session controls only command handlers get. */
export interface CommandContextPort extends ContextPort {
  newSession(options: NewSessionOptions): Promise<{ cancelled: boolean }>;
  fork(entryId: string, options: ForkOptions): Promise<{ cancelled: boolean }>;
  navigateTree(targetId: string, options: NavigateTreeOptions): Promise<{ cancelled: boolean }>;
  reload(): Promise<void>;
}

/**
 * Pi's `runner.createContext()`: values resolve at read time and throw once the runtime was replaced.
 * The model registry is not simulated; `abort` and `shutdown` are recorded as forbidden calls.
 */
export function createExtensionContext(port: ContextPort): FakeExtensionContext {
  const read = <T>(value: () => T): T => {
    port.assertActive();
    return value();
  };
  return {
    get ui() {
      return read(() => port.ui);
    },
    get mode() {
      return read(() => port.mode);
    },
    get hasUI() {
      return read(() => port.hasUI);
    },
    get cwd() {
      return read(() => port.cwd);
    },
    get sessionManager() {
      return read(() => port.session());
    },
    get modelRegistry(): ExtensionContext['modelRegistry'] {
      return read(() => {
        throw new FakePiHostError('unsupported');
      });
    },
    get model(): undefined {
      port.assertActive();
      return undefined;
    },
    get scopedModels() {
      return read(() => []);
    },
    get thinkingLevel() {
      return read(() => 'off' as const);
    },
    get signal(): undefined {
      port.assertActive();
      return undefined;
    },
    isIdle: () => read(() => true),
    isProjectTrusted: () => read(() => true),
    hasPendingMessages: () => read(() => false),
    getContextUsage: () => read(() => port.contextUsage()),
    getSystemPrompt: () => read(() => ''),
    compact: (options) => {
      read(() => {
        port.requestCompaction(options);
      });
    },
    abort: () => {
      read(() => {
        port.recordForbiddenCall('ctx.abort', []);
      });
    },
    shutdown: () => {
      read(() => {
        port.recordForbiddenCall('ctx.shutdown', []);
      });
    },
  };
}

/**
 * Pi's `runner.createCommandContext()`: the event ctx plus session controls routed to the host.
 * `switchSession` needs a session file, which the fake never has, so it is recorded and reported cancelled.
 */
export function createCommandContext(port: CommandContextPort): FakeCommandContext {
  const context = createExtensionContext(port);
  const extras: Omit<ExtensionCommandContext, keyof ExtensionContext> = {
    getSystemPromptOptions: () => {
      port.assertActive();
      return { cwd: port.cwd };
    },
    waitForIdle: () => {
      port.assertActive();
      return Promise.resolve();
    },
    newSession: (options) => {
      port.assertActive();
      return port.newSession(options);
    },
    fork: (entryId, options) => {
      port.assertActive();
      return port.fork(entryId, options);
    },
    navigateTree: (targetId, options) => {
      port.assertActive();
      return port.navigateTree(targetId, options);
    },
    switchSession: (...args) => {
      port.assertActive();
      port.recordForbiddenCall('ctx.switchSession', args);
      return Promise.resolve({ cancelled: true });
    },
    reload: () => {
      port.assertActive();
      return port.reload();
    },
  };
  // Property descriptors keep the getters lazy, as Pi does, instead of freezing today's values.
  return Object.defineProperties(
    Object.defineProperties({}, Object.getOwnPropertyDescriptors(context)),
    Object.getOwnPropertyDescriptors(extras),
  ) as FakeCommandContext;
}

/** The ctx `withSession` callbacks receive after a replacement: a command ctx that may also send messages. */
export function createReplacedSessionContext(port: CommandContextPort): ReplacedSessionContext {
  const context = createCommandContext(port);
  const senders: Pick<ReplacedSessionContext, 'sendMessage' | 'sendUserMessage'> = {
    sendMessage: (...args) => {
      port.assertActive();
      port.recordForbiddenCall('ctx.sendMessage', args);
      return Promise.resolve();
    },
    sendUserMessage: (...args) => {
      port.assertActive();
      port.recordForbiddenCall('ctx.sendUserMessage', args);
      return Promise.resolve();
    },
  };
  return Object.defineProperties(
    context,
    Object.getOwnPropertyDescriptors(senders),
  ) as unknown as ReplacedSessionContext;
}

/** Pi's `newSession({ setup })` hands the full SessionManager; the fake session offers its append methods. */
export function asSessionManager(session: FakeSession): SessionManager {
  return session as unknown as SessionManager;
}
