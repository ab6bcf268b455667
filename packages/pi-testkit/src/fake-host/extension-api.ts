import type { EntryRenderer, ExtensionAPI, ExecResult, SlashCommandInfo, ToolDefinition, ToolInfo } from 'pi-coding-agent-0.84.2';
import { FakePiHostError } from './errors.js';
import type { EventHandler, ExtensionRegistrations } from './extension-registry.js';

/** The `pi` object a factory receives: Pi 0.84.2's full `ExtensionAPI` type. */
export type FakeExtensionApi = ExtensionAPI;

/** What the api needs from the host it is bound to. */
export interface ExtensionApiPort {
  /** Throws once the runtime this api belongs to was replaced (new/resume/fork/reload/restart/shutdown). */
  assertActive(): void;
  appendEntry(customType: string, data: unknown): void;
  recordForbiddenCall(method: string, args: readonly unknown[]): void;
  commandInfos(): SlashCommandInfo[];
  toolInfos(): ToolInfo[];
  sessionName(): string | undefined;
}

/** Whether the extension's factory is still running: Pi's action methods throw until loading is over. */
export interface ExtensionLoadState {
  loading: boolean;
}

/**
 * Builds the api for one factory run, mirroring Pi's loader (`createExtensionAPI`): registration methods
 * write to this extension's registrations, action methods go to the host. Methods an adapter must never call
 * (sending messages, exec, model and tool switching, providers, the event bus) only record the call.
 */
export function createExtensionApi(
  registrations: ExtensionRegistrations,
  port: ExtensionApiPort,
  load: ExtensionLoadState,
): FakeExtensionApi {
  const assertReady = (): void => {
    port.assertActive();
    if (load.loading) throw new FakePiHostError('runtime-not-ready');
  };
  const forbidden = (method: string, args: readonly unknown[]): void => {
    port.assertActive();
    port.recordForbiddenCall(`pi.${method}`, args);
  };
  return {
    on(event: string, handler: EventHandler): void {
      port.assertActive();
      const handlers = registrations.handlers.get(event) ?? [];
      handlers.push(handler);
      registrations.handlers.set(event, handlers);
    },
    registerCommand(name, options): void {
      port.assertActive();
      registrations.registrations.push({ kind: 'command', name });
      registrations.commands.set(name, { name, sourceInfo: registrations.sourceInfo, ...options });
    },
    registerTool(tool): void {
      port.assertActive();
      registrations.registrations.push({ kind: 'tool', name: tool.name });
      // Stored without its parameter type, as Pi's registry does; arguments are checked at call time.
      registrations.tools.set(tool.name, tool as unknown as ToolDefinition);
    },
    registerFlag(name, options): void {
      port.assertActive();
      registrations.flags.set(name, options.default);
    },
    getFlag(name) {
      port.assertActive();
      return registrations.flags.get(name);
    },
    registerShortcut(shortcut, options): void {
      port.assertActive();
      registrations.shortcuts.set(shortcut, { shortcut, extensionPath: registrations.path, ...options });
    },
    registerMessageRenderer: () => {
      port.assertActive();
    },
    registerMarkdownTransformer: () => {
      port.assertActive();
    },
    registerEntryRenderer(customType, renderer): void {
      port.assertActive();
      registrations.entryRenderers.set(customType, renderer as EntryRenderer);
    },
    appendEntry(customType, data): void {
      assertReady();
      port.appendEntry(customType, data);
    },
    getSessionName() {
      assertReady();
      return port.sessionName();
    },
    getActiveTools() {
      assertReady();
      return port.toolInfos().map((tool) => tool.name);
    },
    getAllTools() {
      assertReady();
      return port.toolInfos();
    },
    getCommands() {
      assertReady();
      return port.commandInfos();
    },
    getThinkingLevel() {
      assertReady();
      return 'off';
    },
    sendMessage: (...args) => {
      forbidden('sendMessage', args);
    },
    sendUserMessage: (...args) => {
      forbidden('sendUserMessage', args);
    },
    setSessionName: (...args) => {
      forbidden('setSessionName', args);
    },
    setLabel: (...args) => {
      forbidden('setLabel', args);
    },
    setActiveTools: (...args) => {
      forbidden('setActiveTools', args);
    },
    setThinkingLevel: (...args) => {
      forbidden('setThinkingLevel', args);
    },
    setModel: (...args) => {
      forbidden('setModel', args);
      return Promise.resolve(false);
    },
    exec: (...args): Promise<ExecResult> => {
      forbidden('exec', args);
      return Promise.reject(new FakePiHostError('unsupported'));
    },
    registerProvider: (...args: unknown[]) => {
      forbidden('registerProvider', args);
    },
    unregisterProvider: (...args) => {
      forbidden('unregisterProvider', args);
    },
    events: {
      emit: (...args) => {
        forbidden('events.emit', args);
      },
      on: (...args) => {
        forbidden('events.on', args);
        return () => undefined;
      },
    },
  };
}
