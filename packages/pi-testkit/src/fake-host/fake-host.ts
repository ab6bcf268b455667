import type {
  SessionEntry,
  CompactOptions,
  ContextUsage,
  EntryRenderer,
  ExtensionUIContext,
  RegisteredCommand,
  ResolvedCommand,
  SessionShutdownEvent,
  SessionStartEvent,
  SlashCommandInfo,
  ToolDefinition,
  ToolInfo,
} from 'pi-coding-agent-0.84.2';
import { parseCommandLine } from './command-line.js';
import { FakePiHostError } from './errors.js';
import { createExtensionApi, type ExtensionApiPort, type FakeExtensionApi } from './extension-api.js';
import {
  asSessionManager,
  createCommandContext,
  createExtensionContext,
  createReplacedSessionContext,
  type CommandContextPort,
  type ContextPort,
  type ExtensionMode,
  type NavigateTreeOptions,
  type NewSessionOptions,
  type ReplacedSessionContext,
} from './extension-context.js';
import {
  createExtensionRegistrations,
  findRegistrationProblems,
  resolveCommands,
  resolveTools,
  type ExtensionRegistrations,
} from './extension-registry.js';
import {
  appendBoundaryDrafts,
  appendCompaction,
  DEFAULT_FAKE_SUMMARY,
  FAKE_TOKENS_BEFORE,
  validateBoundaryDrafts,
  type FakeCompactionOptions,
  type FakeCompactionResult,
} from './compaction.js';
import {
  emitBoundaryEvent,
  emitContext,
  emitEvent,
  errorMessage,
  type DispatchPort,
  type ExtensionErrorRecord,
} from './event-dispatch.js';
import { FakeSession } from './fake-session.js';
import { FakeUi, type Notification } from './fake-ui.js';
import { findShortcutProblems, normalizeShortcut, resolveShortcuts, type FakeShortcut } from './shortcuts.js';
import { runToolCall, type ToolExecutionResult } from './tool-call.js';
import { leafAfterNavigation, prepareTreeNavigation } from './tree-navigation.js';

/** An extension's default export, as Pi calls it. */
export type ExtensionFactory = (pi: FakeExtensionApi) => void | Promise<void>;

export type SessionStartReason = SessionStartEvent['reason'];

export type CommandCompletions = ReturnType<NonNullable<RegisteredCommand['getArgumentCompletions']>>;

export interface FakePiHostOptions {
  /** Default true. False is Pi's print/json mode: every `ctx.ui` call does nothing. */
  readonly hasUI?: boolean;
  /** `ctx.mode`; default `'tui'` with a UI, `'print'` without. */
  readonly mode?: ExtensionMode;
  /** `ctx.cwd`; default `process.cwd()`, as Pi's in-memory session manager. */
  readonly cwd?: string;
  /** What `ctx.getContextUsage()` answers; default undefined (no model). */
  readonly contextUsage?: ContextUsage;
  /**
   * Pi writes a new session's file only once an assistant message exists. When true, `restart()` of such a
   * session starts empty and `switchSession()`/`fork()` to or from it throw, as they would in Pi. Default false.
   */
  readonly unsavedUntilAssistant?: boolean;
  /**
   * How a new session, a resume or a fork reaches the extensions: `'pi'` (default) rebuilds the extension
   * runtime and sends `session_start`; `'oh-my-pi'` keeps the same extension instances and sends
   * `session_switch { reason }` (checked on omp 18.2.3; see the README's oh-my-pi section).
   */
  readonly sessionSwitch?: SessionSwitchStyle;
  /** The clock every session stamps its entries with; default the machine's (see FakeSessionOptions). */
  readonly clock?: () => Date;
}

export type SessionSwitchStyle = 'pi' | 'oh-my-pi';

/** A call to an API an adapter must not use, recorded instead of performed. */
export interface ForbiddenCall {
  readonly method: string;
  readonly args: readonly unknown[];
}

export interface RepeatOptions {
  /** How many times `session_start` is delivered. */
  readonly times?: number;
}

export type HostNewSessionOptions = RepeatOptions & NonNullable<NewSessionOptions>;

export interface HostForkOptions extends RepeatOptions {
  /** `'at'` (default here) keeps root..entry; Pi's `'before'` needs a user message and keeps root..its parent. */
  readonly position?: 'before' | 'at';
  readonly withSession?: (ctx: ReplacedSessionContext) => Promise<void>;
}

export interface ExecuteToolOptions {
  readonly toolCallId?: string;
  /** Passed to `execute`; default a fresh, never aborted signal, as during a model turn. */
  readonly signal?: AbortSignal;
}

export interface SessionChange {
  readonly cancelled: boolean;
}

/** RPC `new_session`, `switch_session` and `fork` bind the new runtime twice, so `session_start` arrives twice. */
const RPC_REPLACEMENT_STARTS = 2;

/** The registrations of one factory generation; replaced wholesale when Pi would rebuild its extension runtime. */
class ExtensionRuntime {
  active = true;
  readonly extensions: ExtensionRegistrations[] = [];

  assertActive(): void {
    if (!this.active) throw new FakePiHostError('stale-extension');
  }
}

interface LoadedExtension {
  readonly factory: ExtensionFactory;
  readonly path: string;
}

interface Replacement {
  readonly shutdown: SessionShutdownEvent;
  /** Called after the old runtime's `session_shutdown` handlers ran, so their appends land in the old session. */
  readonly openSession: () => FakeSession;
  readonly start: SessionStartEvent;
  /** Set for a new session, a resume or a fork: what oh-my-pi announces with `session_switch` instead. */
  readonly switchReason?: 'new' | 'resume' | 'fork';
  readonly times: number;
  readonly setup?: ((session: FakeSession) => Promise<void>) | undefined;
  readonly withSession?: ((ctx: ReplacedSessionContext) => Promise<void>) | undefined;
}

function lastObjectResult(results: readonly unknown[]): Record<string, unknown> | undefined {
  const found = results.filter((result) => typeof result === 'object' && result !== null).at(-1);
  return found as Record<string, unknown> | undefined;
}

/**
 * An in-memory Pi host for adapter tests. It mirrors Pi 0.84.2 where adapters depend on it: entry ids and
 * parent links, branches, `session_start` reasons (twice after a replacement, as over RPC), `session_tree`,
 * the JSON round trip of appended data, tool-argument validation and error results, and command arguments.
 * Every new/resume/fork/reload/restart re-runs the loaded factories with a fresh `pi`, as Pi rebuilds its
 * extension runtime; the previous `pi` and `ctx` then throw.
 */
export class FakePiHost {
  readonly hasUI: boolean;
  readonly mode: ExtensionMode;
  readonly cwd: string;
  readonly #unsavedUntilAssistant: boolean;
  readonly #sessionSwitch: SessionSwitchStyle;
  readonly #clock: (() => Date) | undefined;
  readonly #ui: FakeUi;
  readonly #uiContext: ExtensionUIContext;
  readonly #loaded: LoadedExtension[] = [];
  readonly #forbiddenCalls: ForbiddenCall[] = [];
  readonly #extensionErrors: ExtensionErrorRecord[] = [];
  readonly #compactionRequests: (CompactOptions | undefined)[] = [];
  readonly #entryTypes = new Set<string>();
  #runtime = new ExtensionRuntime();
  #session: FakeSession;
  #contextUsage: ContextUsage | undefined;
  #toolCallCount = 0;

  constructor(options: FakePiHostOptions = {}) {
    this.hasUI = options.hasUI ?? (options.mode === undefined || options.mode === 'tui' || options.mode === 'rpc');
    this.mode = options.mode ?? (this.hasUI ? 'tui' : 'print');
    this.cwd = options.cwd ?? process.cwd();
    this.#unsavedUntilAssistant = options.unsavedUntilAssistant ?? false;
    this.#sessionSwitch = options.sessionSwitch ?? 'pi';
    this.#contextUsage = options.contextUsage;
    this.#clock = options.clock;
    this.#ui = new FakeUi(this.hasUI, this.mode === 'rpc');
    this.#uiContext = this.#ui.createContext();
    this.#session = new FakeSession({ cwd: this.cwd, ...this.#clockOption() });
  }

  #clockOption(): { readonly clock?: () => Date } {
    return this.#clock === undefined ? {} : { clock: this.#clock };
  }

  /** The current session: what `ctx.sessionManager` is right now. */
  get session(): FakeSession {
    return this.#session;
  }

  get notifications(): readonly Notification[] {
    return this.#ui.notifications;
  }

  takeNotifications(): Notification[] {
    return this.#ui.takeNotifications();
  }

  get statuses(): ReadonlyMap<string, string> {
    return this.#ui.statuses;
  }

  get widgets(): ReadonlyMap<string, unknown> {
    return this.#ui.widgets;
  }

  /** Entry renderers by custom type, as Pi 0.84+ would draw saved custom entries in the chat. */
  get entryRenderers(): ReadonlyMap<string, EntryRenderer> {
    const renderers = new Map<string, EntryRenderer>();
    for (const extension of this.#runtime.extensions) {
      for (const [customType, renderer] of extension.entryRenderers) {
        if (!renderers.has(customType)) renderers.set(customType, renderer);
      }
    }
    return renderers;
  }

  /** Commands by the name `/name` reaches; a name registered twice appears as `name:1`, `name:2` (Pi's renaming). */
  get commands(): ReadonlyMap<string, ResolvedCommand> {
    return resolveCommands(this.#runtime.extensions);
  }

  /** Tools by name; the first extension to register a name wins, as in Pi. */
  get tools(): ReadonlyMap<string, ToolDefinition> {
    return resolveTools(this.#runtime.extensions);
  }

  /** Extension keys by lower-cased key id; a key two extensions registered belongs to the later one, as in Pi. */
  get shortcuts(): ReadonlyMap<string, FakeShortcut> {
    return resolveShortcuts(this.#runtime.extensions);
  }

  /** Duplicate and built-in-colliding command/tool names and keys registered twice, of the current registrations. */
  get registrationProblems(): string[] {
    return [...findRegistrationProblems(this.#runtime.extensions), ...findShortcutProblems(this.#runtime.extensions)];
  }

  get forbiddenCalls(): readonly ForbiddenCall[] {
    return this.#forbiddenCalls;
  }

  /** Handler, command and load failures Pi would report as `extension_error` and survive. */
  get extensionErrors(): readonly ExtensionErrorRecord[] {
    return this.#extensionErrors;
  }

  /** Every `ctx.compact(options)` call, in order. */
  get compactionRequests(): readonly (CompactOptions | undefined)[] {
    return this.#compactionRequests;
  }

  /** Distinct custom types passed to `pi.appendEntry` over the host's life, in first-use order. */
  entryTypes(): string[] {
    return [...this.#entryTypes];
  }

  /** Every event the loaded extensions listen to, with its number of handlers across them; nothing else. */
  eventHandlerCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const extension of this.#runtime.extensions) {
      for (const [eventName, handlers] of extension.handlers) {
        if (handlers.length > 0) counts[eventName] = (counts[eventName] ?? 0) + handlers.length;
      }
    }
    return counts;
  }

  setContextUsage(usage: ContextUsage | undefined): void {
    this.#contextUsage = usage;
  }

  /** Runs the factory with a fresh `pi` bound to this host. A throwing factory registers nothing and rethrows. */
  load(factory: ExtensionFactory): Promise<void>;
  /**
   * A factory typed against another Pi version's full `ExtensionAPI` (0.73.1, 1.x), whose types differ from
   * 0.84.2's; it receives the same 0.84.2-shaped `pi` at run time.
   */
  // Two overloads, not a union: a union parameter would leave an inline factory's `pi` untyped.
  // eslint-disable-next-line @typescript-eslint/unified-signatures
  load(factory: (pi: never) => void | Promise<void>): Promise<void>;
  async load(factory: (pi: never) => void | Promise<void>): Promise<void> {
    this.#assertRunning();
    const loaded = { factory: factory as ExtensionFactory, path: `<inline:${String(this.#loaded.length + 1)}>` };
    await this.#runFactory(loaded, this.#runtime);
    this.#loaded.push(loaded);
  }

  /** Emits `session_start` (then `resources_discover`, as Pi's bind does) `times` times; default once. */
  async startSession(reason: SessionStartReason = 'startup', options: RepeatOptions = {}): Promise<void> {
    this.#assertRunning();
    await this.#announceStart({ type: 'session_start', reason }, options.times ?? 1);
  }

  /** `/new`: a fresh empty session; `session_start` reason `'new'`, twice by default (RPC). */
  async newSession(options: HostNewSessionOptions = {}): Promise<SessionChange> {
    this.#assertRunning();
    if (await this.#cancelledBy('session_before_switch', { type: 'session_before_switch', reason: 'new' })) {
      return { cancelled: true };
    }
    const { parentSession, setup } = options;
    await this.#replace({
      shutdown: { type: 'session_shutdown', reason: 'new' },
      openSession: () => new FakeSession({ cwd: this.cwd, ...this.#clockOption(), ...(parentSession === undefined ? {} : { parentSession }) }),
      start: { type: 'session_start', reason: 'new' },
      switchReason: 'new',
      times: options.times ?? this.#replacementStarts(),
      setup: setup === undefined ? undefined : (session) => setup(asSessionManager(session)),
      withSession: options.withSession,
    });
    return { cancelled: false };
  }

  /**
   * `/resume` of an earlier session: re-read from its "file" (leaf on its last entry);
   * reason `'resume'`, twice by default.
   */
  async switchSession(session: FakeSession, options: RepeatOptions = {}): Promise<SessionChange> {
    this.#assertRunning();
    if (await this.#cancelledBy('session_before_switch', { type: 'session_before_switch', reason: 'resume' })) {
      return { cancelled: true };
    }
    this.#assertWritten(session);
    await this.#replace({
      shutdown: { type: 'session_shutdown', reason: 'resume' },
      openSession: () => {
        session.reopenFromFile();
        return session;
      },
      start: { type: 'session_start', reason: 'resume' },
      switchReason: 'resume',
      times: options.times ?? this.#replacementStarts(),
    });
    return { cancelled: false };
  }

  /**
   * A new session holding root..entryId of the current branch with the same ids and parent links
   * (position `'at'`, the default here); reason `'fork'`, twice by default (RPC).
   */
  async fork(entryId: string, options: HostForkOptions = {}): Promise<SessionChange> {
    this.#assertRunning();
    const position = options.position ?? 'at';
    if (await this.#cancelledBy('session_before_fork', { type: 'session_before_fork', entryId, position })) {
      return { cancelled: true };
    }
    const entry = this.#session.getEntry(entryId);
    if (entry === undefined) throw new FakePiHostError('unknown-entry');
    const isUserMessage = entry.type === 'message' && entry.message.role === 'user';
    if (position === 'before' && !isUserMessage) throw new FakePiHostError('invalid-fork-target');
    this.#assertWritten(this.#session);
    const leafId = position === 'at' ? entry.id : entry.parentId;
    const forked = leafId === null ? new FakeSession({ cwd: this.cwd, ...this.#clockOption() }) : this.#session.createBranchedSession(leafId);
    await this.#replace({
      shutdown: { type: 'session_shutdown', reason: 'fork' },
      openSession: () => forked,
      start: { type: 'session_start', reason: 'fork' },
      switchReason: 'fork',
      times: options.times ?? this.#replacementStarts(),
      withSession: options.withSession,
    });
    return { cancelled: false };
  }

  /**
   * `/tree`: moves the leaf inside the current session, then emits `session_tree { newLeafId, oldLeafId }`.
   * As in Pi, a user or custom message puts the leaf on its parent, any other entry on itself, and
   * navigating to the current leaf does nothing. Summaries need a model and are not simulated.
   */
  async navigateTree(entryId: string, options: NavigateTreeOptions = {}): Promise<SessionChange> {
    this.#assertRunning();
    if (options.summarize === true) throw new FakePiHostError('unsupported');
    const session = this.#session;
    const oldLeafId = session.getLeafId();
    if (entryId === oldLeafId) return { cancelled: false };
    const target = session.getEntry(entryId);
    if (target === undefined) throw new FakePiHostError('unknown-entry');
    const preparation = prepareTreeNavigation(session, oldLeafId, entryId);
    const verdict = lastObjectResult(
      await this.#emit('session_before_tree', {
        type: 'session_before_tree',
        preparation,
        signal: new AbortController().signal,
      }),
    );
    if (verdict?.['cancel'] === true) return { cancelled: true };
    const label = typeof verdict?.['label'] === 'string' ? verdict['label'] : options.label;
    session.moveLeaf(leafAfterNavigation(target));
    if (label !== undefined && label !== '') session.appendLabelChange(entryId, label);
    await this.#emit('session_tree', { type: 'session_tree', newLeafId: session.getLeafId(), oldLeafId });
    return { cancelled: false };
  }

  /** `/reload`: same session, factories re-run; `session_shutdown`/`session_start` with reason `'reload'`. */
  async reload(): Promise<void> {
    this.#assertRunning();
    const session = this.#session;
    await this.#replace({
      shutdown: { type: 'session_shutdown', reason: 'reload' },
      openSession: () => session,
      start: { type: 'session_start', reason: 'reload' },
      times: 1,
    });
  }

  /**
   * A process restart on the same session: `session_shutdown` (unless already shut down), the session
   * re-read from its "file" (JSON round trip, leaf on the last entry), factories re-run, `session_start 'startup'`.
   */
  async restart(): Promise<void> {
    const session = this.#session;
    const lostUnsaved = this.#unsavedUntilAssistant && !session.hasAssistantMessage();
    await this.#replace({
      shutdown: { type: 'session_shutdown', reason: 'quit' },
      openSession: () => {
        if (lostUnsaved) return new FakeSession({ cwd: this.cwd, ...this.#clockOption() });
        session.reopenFromFile();
        return session;
      },
      start: { type: 'session_start', reason: 'startup' },
      times: 1,
    });
  }

  /** Quit: `session_shutdown` reason `'quit'`; afterwards every `pi`/`ctx` is stale until `restart()`. */
  async shutdown(): Promise<void> {
    if (!this.#runtime.active) return;
    await this.#emit('session_shutdown', { type: 'session_shutdown', reason: 'quit' });
    this.#runtime.active = false;
  }

  /**
   * Runs `/name args` (or `runCommand(name, args)`) as Pi does: args is the raw text after the first space.
   * An unknown name throws; a throwing handler is recorded in `extensionErrors`, as Pi reports and survives it.
   */
  async runCommand(commandLine: string, args?: string): Promise<void> {
    this.#assertRunning();
    const parsed = args === undefined ? parseCommandLine(commandLine) : { name: commandLine.replace(/^\//, ''), args };
    const command = this.commands.get(parsed.name);
    if (command === undefined) throw new FakePiHostError('unknown-command');
    try {
      await command.handler(parsed.args, createCommandContext(this.#commandPort(this.#runtime)));
    } catch (error) {
      this.#reportError({ extensionPath: `command:${parsed.name}`, event: 'command', error: errorMessage(error) });
    }
  }

  /**
   * A person pressing an extension's key in the terminal UI: its handler runs with an ExtensionContext.
   * Other modes have no keys and an unregistered key throws; a throwing handler is recorded, as Pi
   * shows `Shortcut handler error: ...` and goes on.
   */
  async pressShortcut(key: string): Promise<void> {
    this.#assertRunning();
    if (this.mode !== 'tui') throw new FakePiHostError('no-keyboard');
    const shortcut = this.shortcuts.get(normalizeShortcut(key));
    if (shortcut === undefined) throw new FakePiHostError('unknown-shortcut');
    try {
      await shortcut.handler(createExtensionContext(this.#contextPort(this.#runtime)));
    } catch (error) {
      this.#reportError({ extensionPath: shortcut.extensionPath, event: 'shortcut', error: errorMessage(error) });
    }
  }

  /** The command's `getArgumentCompletions(prefix)` result as is (null when it has none). */
  getCompletions(commandName: string, prefix: string): CommandCompletions {
    const command = this.commands.get(commandName.replace(/^\//, ''));
    if (command === undefined) throw new FakePiHostError('unknown-command');
    return command.getArgumentCompletions?.(prefix) ?? null;
  }

  /** One model tool call: validated first, then `tool_call`, `execute`, `tool_result`; see `runToolCall`. */
  async executeTool(name: string, args: unknown, options: ExecuteToolOptions = {}): Promise<ToolExecutionResult> {
    this.#assertRunning();
    const tool = this.tools.get(name);
    if (tool === undefined) throw new FakePiHostError('unknown-tool');
    this.#toolCallCount++;
    return runToolCall(
      {
        tool,
        toolCallId: options.toolCallId ?? `call_${String(this.#toolCallCount)}`,
        args,
        signal: options.signal ?? new AbortController().signal,
      },
      this.#dispatchPort(this.#runtime),
    );
  }

  /** Any event, as Pi's `runner.emit`: returns each called handler's result in order. */
  async emit(eventName: string, event: unknown): Promise<unknown[]> {
    this.#assertRunning();
    return this.#emit(eventName, event);
  }

  /**
   * Pi's compaction (`/compact`, RPC `compact`, or automatic): `session_before_compact` (a handler may
   * cancel it or provide the compaction), then the compaction entry and `session_compact`; when the
   * summary fails or is cancelled, `session_compact_failed` instead, as Pi 0.84.3 and later fire it.
   */
  async compact(options: FakeCompactionOptions = {}): Promise<FakeCompactionResult> {
    this.#assertRunning();
    const reason = options.reason ?? 'manual';
    const firstKeptEntryId = options.firstKeptEntryId ?? this.#session.getLeafId() ?? undefined;
    const preparation = {
      firstKeptEntryId,
      messagesToSummarize: [],
      turnPrefixMessages: [],
      isSplitTurn: false,
      tokensBefore: FAKE_TOKENS_BEFORE,
      fileOps: { read: new Set<string>(), written: new Set<string>(), edited: new Set<string>() },
      settings: { enabled: true, reserveTokens: 16_384, keepRecentTokens: 20_000 },
    };
    const beforeResults = await this.#emit('session_before_compact', {
      type: 'session_before_compact',
      preparation,
      branchEntries: this.#session.getBranch(),
      signal: new AbortController().signal,
      reason,
      willRetry: false,
    });
    const decision = lastObjectResult(beforeResults);
    const provided = decision?.['compaction'] as { summary?: unknown; firstKeptEntryId?: unknown; details?: unknown } | undefined;
    const fromExtension = provided !== undefined;
    const failure = decision?.['cancel'] === true ? 'cancelled' : fromExtension ? undefined : options.fail;
    if (failure !== undefined) {
      const aborted = failure !== 'error';
      await this.#emit('session_compact_failed', {
        type: 'session_compact_failed',
        reason,
        ...(aborted ? {} : { errorMessage: 'Compaction failed: the summary request failed' }),
        aborted,
        willRetry: false,
        fromExtension,
      });
      return { beforeResults, entry: undefined, failure };
    }
    const entry = appendCompaction(this.#session, {
      summary: typeof provided?.summary === 'string' ? provided.summary : (options.summary ?? DEFAULT_FAKE_SUMMARY),
      firstKeptEntryId: typeof provided?.firstKeptEntryId === 'string' ? provided.firstKeptEntryId : firstKeptEntryId,
      details: provided?.details,
      fromHook: fromExtension,
    });
    await this.#emit('session_compact', { type: 'session_compact', compactionEntry: entry, fromExtension, reason, willRetry: false });
    return { beforeResults, entry, failure: undefined };
  }

  /**
   * A structural turn boundary (Pi 0.87+): `turn_end` or `agent_before_settle` handlers propose entries
   * (`custom`, `custom_message`, `context_edit`, `compaction`) in turn; a valid proposal is appended in
   * order with no other event, a compaction among them included. Returns the appended entries.
   */
  async emitBoundary(
    eventName: 'turn_end' | 'agent_before_settle',
    event: Readonly<Record<string, unknown>> = {},
  ): Promise<{ readonly appended: SessionEntry[]; readonly continue: boolean }> {
    this.#assertRunning();
    const proposal = await emitBoundaryEvent(this.#dispatchPort(this.#runtime), { ...event, type: eventName }, (entries) => {
      validateBoundaryDrafts(entries, this.#session);
      return { messages: this.#session.buildContextEntries() };
    });
    const drafts = validateBoundaryDrafts(proposal.entries, this.#session);
    const appended = appendBoundaryDrafts(this.#session, drafts);
    for (const draft of drafts) {
      if (draft.type === 'custom') this.#entryTypes.add(draft.customType);
    }
    return { appended, continue: proposal.continue };
  }

  /** The `context` event before a model call: handlers may replace the messages in turn; returns the final list. */
  async emitContext(messages: readonly unknown[]): Promise<unknown[]> {
    this.#assertRunning();
    return emitContext(this.#dispatchPort(this.#runtime), messages);
  }

  #assertRunning(): void {
    if (!this.#runtime.active) throw new FakePiHostError('shut-down');
  }

  #assertWritten(session: FakeSession): void {
    if (this.#unsavedUntilAssistant && !session.hasAssistantMessage()) throw new FakePiHostError('no-session-file');
  }

  #emit(eventName: string, event: unknown): Promise<unknown[]> {
    return emitEvent(this.#dispatchPort(this.#runtime), eventName, event);
  }

  async #cancelledBy(eventName: string, event: unknown): Promise<boolean> {
    return lastObjectResult(await this.#emit(eventName, event))?.['cancel'] === true;
  }

  async #announceStart(event: SessionStartEvent, times: number): Promise<void> {
    for (let delivery = 0; delivery < times; delivery++) {
      await this.#emit('session_start', event);
      const reason = event.reason === 'reload' ? 'reload' : 'startup';
      await this.#emit('resources_discover', { type: 'resources_discover', cwd: this.cwd, reason });
    }
  }

  /**
   * Pi's session replacement (agent-session-runtime): shutdown handlers of the old runtime, old `pi`/`ctx`
   * invalidated, extension UI cleared, factories re-run against the next session, optional setup, then
   * `session_start` and `withSession` with a fresh ctx.
   */
  async #replace(replacement: Replacement): Promise<void> {
    if (this.#sessionSwitch === 'oh-my-pi' && replacement.switchReason !== undefined) {
      await this.#switchInPlace(replacement, replacement.switchReason);
      return;
    }
    if (this.#runtime.active) {
      await this.#emit('session_shutdown', replacement.shutdown);
      this.#runtime.active = false;
    }
    this.#ui.clearExtensionUi();
    this.#session = replacement.openSession();
    const runtime = new ExtensionRuntime();
    this.#runtime = runtime;
    for (const loaded of this.#loaded) {
      try {
        await this.#runFactory(loaded, runtime);
      } catch (error) {
        this.#reportError({ extensionPath: loaded.path, event: 'load', error: errorMessage(error) });
      }
    }
    await replacement.setup?.(this.#session);
    await this.#announceStart(replacement.start, replacement.times);
    await replacement.withSession?.(createReplacedSessionContext(this.#commandPort(runtime)));
  }

  /** Pi's RPC mode announces a replacement twice; oh-my-pi announces its switch once. */
  #replacementStarts(): number {
    return this.#sessionSwitch === 'oh-my-pi' ? 1 : RPC_REPLACEMENT_STARTS;
  }

  /**
   * oh-my-pi's session switch: the same extension instances see the next session through their next
   * `ctx`, announced by `session_switch` (times as given) and no `session_start` or shutdown.
   */
  async #switchInPlace(replacement: Replacement, reason: 'new' | 'resume' | 'fork'): Promise<void> {
    this.#session = replacement.openSession();
    await replacement.setup?.(this.#session);
    for (let delivery = 0; delivery < replacement.times; delivery += 1) {
      await this.#emit('session_switch', { type: 'session_switch', reason });
    }
    await replacement.withSession?.(createReplacedSessionContext(this.#commandPort(this.#runtime)));
  }

  async #runFactory(loaded: LoadedExtension, runtime: ExtensionRuntime): Promise<void> {
    const registrations = createExtensionRegistrations(loaded.path);
    const loadState = { loading: true };
    const api = createExtensionApi(registrations, this.#apiPort(runtime), loadState);
    try {
      await loaded.factory(api);
    } finally {
      loadState.loading = false;
    }
    runtime.extensions.push(registrations);
  }

  #reportError(error: ExtensionErrorRecord): void {
    this.#extensionErrors.push(error);
  }

  #recordForbiddenCall(method: string, args: readonly unknown[]): void {
    this.#forbiddenCalls.push({ method, args: [...args] });
  }

  #apiPort(runtime: ExtensionRuntime): ExtensionApiPort {
    return {
      assertActive: () => {
        runtime.assertActive();
      },
      appendEntry: (customType, data) => {
        this.#session.appendCustomEntry(customType, data);
        this.#entryTypes.add(customType);
      },
      recordForbiddenCall: (method, args) => {
        this.#recordForbiddenCall(method, args);
      },
      commandInfos: () => this.#commandInfos(runtime),
      toolInfos: () => this.#toolInfos(runtime),
      sessionName: () => this.#session.getSessionName(),
    };
  }

  #commandInfos(runtime: ExtensionRuntime): SlashCommandInfo[] {
    return [...resolveCommands(runtime.extensions).values()].map((command) => ({
      name: command.invocationName,
      ...(command.description === undefined ? {} : { description: command.description }),
      source: 'extension',
      sourceInfo: command.sourceInfo,
    }));
  }

  #toolInfos(runtime: ExtensionRuntime): ToolInfo[] {
    const sources = new Map(
      runtime.extensions.flatMap((extension) =>
        [...extension.tools.keys()].map((name) => [name, extension.sourceInfo]),
      ),
    );
    return [...resolveTools(runtime.extensions).values()].map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      ...(tool.promptGuidelines === undefined ? {} : { promptGuidelines: tool.promptGuidelines }),
      sourceInfo: sources.get(tool.name) ?? {
        path: '<unknown>',
        source: 'inline',
        scope: 'temporary',
        origin: 'top-level',
      },
    }));
  }

  #contextPort(runtime: ExtensionRuntime): ContextPort {
    return {
      assertActive: () => {
        runtime.assertActive();
      },
      hasUI: this.hasUI,
      mode: this.mode,
      cwd: this.cwd,
      ui: this.#uiContext,
      session: () => this.#session,
      contextUsage: () => this.#contextUsage,
      requestCompaction: (options) => {
        this.#compactionRequests.push(options);
      },
      recordForbiddenCall: (method, args) => {
        this.#recordForbiddenCall(method, args);
      },
    };
  }

  /** Session controls from a command ctx: Pi's command actions bind the new runtime once (not twice as RPC does). */
  #commandPort(runtime: ExtensionRuntime): CommandContextPort {
    return {
      ...this.#contextPort(runtime),
      newSession: (options) => this.newSession({ ...options, times: 1 }),
      fork: (entryId, options) =>
        this.fork(entryId, {
          position: options?.position ?? 'before',
          times: 1,
          ...(options?.withSession === undefined ? {} : { withSession: options.withSession }),
        }),
      navigateTree: (targetId, options) => this.navigateTree(targetId, options),
      reload: () => this.reload(),
    };
  }

  #dispatchPort(runtime: ExtensionRuntime): DispatchPort {
    return {
      extensions: () => runtime.extensions,
      createContext: () => createExtensionContext(this.#contextPort(runtime)),
      reportError: (error) => {
        this.#reportError(error);
      },
    };
  }
}

export function createFakePiHost(options: FakePiHostOptions = {}): FakePiHost {
  return new FakePiHost(options);
}
