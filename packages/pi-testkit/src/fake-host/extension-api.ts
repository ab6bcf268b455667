import type { EntryRenderer, ExtensionAPI, ExtensionCommandContext, ExtensionContext, ExtensionUIContext, ToolDefinition } from 'pi-coding-agent-0.84.2';
import { FakePiHostError } from './errors.js';
import type { FakeSession } from './fake-session.js';
import type { EventHandler, ExtensionRegistrations } from './registrations.js';

// The `pi` an extension factory receives and the `ctx` its handlers, commands and tools receive, as Pi
// 0.84.2's loader and runner build them. What the adapters use (pi-adapter-kit's port) is performed;
// the rest of Pi's API only records the call as a forbidden one and returns nothing.

/** The `pi` object a factory receives: Pi 0.84.2's full `ExtensionAPI` type. */
export type FakeExtensionApi = ExtensionAPI;

export type ExtensionMode = ExtensionContext['mode'];

/** The `ctx` handlers and tools receive: Pi 0.84.2's `ExtensionContext`, whose session manager is the fake session. */
export type FakeExtensionContext = Omit<ExtensionContext, 'sessionManager'> & { readonly sessionManager: FakeSession };

/** What the api and its contexts need from the host they are bound to. */
export interface ExtensionPort {
  /** Throws once the runtime this api belongs to was replaced (new/resume/fork/restart/shutdown). */
  assertActive(): void;
  appendEntry(customType: string, data: unknown): void;
  recordForbiddenCall(method: string, args: readonly unknown[]): void;
  readonly hasUI: boolean;
  readonly mode: ExtensionMode;
  readonly cwd: string;
  readonly ui: ExtensionUIContext;
  session(): FakeSession;
  navigateTree(targetId: string, options: { readonly summarize?: boolean } | undefined): Promise<void>;
}

/** Whether the extension's factory is still running: Pi's action methods throw until loading is over. */
export interface ExtensionLoadState {
  loading: boolean;
}

type ApiPerformed = 'on' | 'registerCommand' | 'registerTool' | 'registerShortcut' | 'registerEntryRenderer' | 'appendEntry' | 'events';
type ContextPerformed = 'ui' | 'mode' | 'hasUI' | 'cwd' | 'sessionManager' | 'getSystemPrompt';

/** How a member outside the port is met: a property read or a method call. */
type Recorded = 'read' | 'call';

// Pi's API outside the adapters' port, each name once, so the type checker finds one Pi adds.
const API_RECORDED: Record<Exclude<keyof ExtensionAPI, ApiPerformed>, Recorded> = {
  registerFlag: 'call',
  getFlag: 'call',
  registerMessageRenderer: 'call',
  registerMarkdownTransformer: 'call',
  sendMessage: 'call',
  sendUserMessage: 'call',
  setSessionName: 'call',
  getSessionName: 'call',
  setLabel: 'call',
  exec: 'call',
  getActiveTools: 'call',
  getAllTools: 'call',
  setActiveTools: 'call',
  getCommands: 'call',
  setModel: 'call',
  getThinkingLevel: 'call',
  setThinkingLevel: 'call',
  registerProvider: 'call',
  unregisterProvider: 'call',
};
const CONTEXT_RECORDED: Record<Exclude<keyof ExtensionContext, ContextPerformed>, Recorded> = {
  modelRegistry: 'read',
  model: 'read',
  scopedModels: 'read',
  thinkingLevel: 'read',
  signal: 'read',
  isIdle: 'call',
  isProjectTrusted: 'call',
  hasPendingMessages: 'call',
  getContextUsage: 'call',
  compact: 'call',
  abort: 'call',
  shutdown: 'call',
};
const COMMAND_RECORDED: Record<Exclude<keyof ExtensionCommandContext, keyof ExtensionContext | 'navigateTree'>, Recorded> = {
  getSystemPromptOptions: 'call',
  waitForIdle: 'call',
  newSession: 'call',
  fork: 'call',
  switchSession: 'call',
  reload: 'call',
};

/** Members that check the runtime is active, record the read or call as `prefix.name` and give undefined. */
function recorded(prefix: string, members: Readonly<Record<string, Recorded>>, port: ExtensionPort): PropertyDescriptorMap {
  const record = (name: string, args: readonly unknown[]): void => {
    port.assertActive();
    port.recordForbiddenCall(`${prefix}.${name}`, args);
  };
  return Object.fromEntries(
    Object.entries(members).map(([name, kind]) => {
      const recordCall = (...args: unknown[]): void => {
        record(name, args);
      };
      return [name, kind === 'read' ? { get: recordCall, enumerable: true } : { value: recordCall, enumerable: true }];
    }),
  );
}

/**
 * Builds the api for one factory run, mirroring Pi's loader (`createExtensionAPI`): registration methods
 * write to this extension's registrations, `appendEntry` goes to the host once the factory has run.
 */
export function createExtensionApi(registrations: ExtensionRegistrations, port: ExtensionPort, load: ExtensionLoadState): FakeExtensionApi {
  const registering =
    <A extends unknown[]>(register: (...args: A) => void) =>
    (...args: A): void => {
      port.assertActive();
      register(...args);
    };
  const performed: Pick<ExtensionAPI, ApiPerformed> = {
    on: registering((event: string, handler: EventHandler) => {
      // One list per event, appended to in place: a handler registered during an emit is still called, as in Pi.
      const handlers = registrations.handlers.get(event) ?? [];
      handlers.push(handler);
      registrations.handlers.set(event, handlers);
    }),
    registerCommand: registering((name, options) => {
      registrations.registrations.push({ kind: 'command', name });
      registrations.commands.set(name, { name, sourceInfo: registrations.sourceInfo, ...options });
    }),
    registerTool: registering((tool) => {
      registrations.registrations.push({ kind: 'tool', name: tool.name });
      // Stored without its parameter type, as Pi's registry does; arguments are checked at call time.
      registrations.tools.set(tool.name, tool as unknown as ToolDefinition);
    }),
    registerShortcut: registering((shortcut, options) => {
      registrations.shortcuts.set(shortcut, { shortcut, extensionPath: registrations.path, ...options });
    }),
    registerEntryRenderer: registering((customType, renderer) => {
      registrations.entryRenderers.set(customType, renderer as EntryRenderer);
    }),
    appendEntry: registering((customType, data) => {
      if (load.loading) throw new FakePiHostError('runtime-not-ready');
      port.appendEntry(customType, data);
    }),
    events: Object.defineProperties({}, recorded('pi.events', { emit: 'call', on: 'call' }, port)) as ExtensionAPI['events'],
  };
  return Object.defineProperties(performed, recorded('pi', API_RECORDED, port)) as FakeExtensionApi;
}

/**
 * Pi's `runner.createContext()` (and `createCommandContext()` with `commands`): values resolve at read
 * time and throw once the runtime was replaced. A command's ctx can move on the tree.
 */
export function createExtensionContext(port: ExtensionPort, commands = false): FakeExtensionContext {
  const read = <T>(value: () => T): T => {
    port.assertActive();
    return value();
  };
  const context = {
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
    getSystemPrompt: () => read(() => ''),
    ...(commands
      ? {
          navigateTree: async (targetId: string, options?: { readonly summarize?: boolean }) => {
            port.assertActive();
            await port.navigateTree(targetId, options);
            return { cancelled: false };
          },
        }
      : {}),
  };
  // Property descriptors keep the getters lazy, as Pi does, instead of freezing today's values.
  return Object.defineProperties({}, {
    ...recorded('ctx', commands ? { ...CONTEXT_RECORDED, ...COMMAND_RECORDED } : CONTEXT_RECORDED, port),
    ...Object.getOwnPropertyDescriptors(context),
  }) as FakeExtensionContext;
}
