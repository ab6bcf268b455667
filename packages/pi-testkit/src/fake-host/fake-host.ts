import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  EntryRenderer,
  ExtensionShortcut,
  RegisteredCommand,
  ResolvedCommand,
  SessionEntry,
  SessionShutdownEvent,
  SessionStartEvent,
  ToolDefinition,
} from 'pi-coding-agent-0.84.2';
import {
  appendBoundaryDrafts,
  DEFAULT_FAKE_SUMMARY,
  FAKE_TOKENS_BEFORE,
  validateBoundaryDrafts,
  type FakeCompactionOptions,
  type FakeCompactionResult,
} from './compaction.js';
import { FakePiHostError } from './errors.js';
import { emitBoundaryEvent, emitContext, emitEvent, errorMessage, type DispatchPort, type ExtensionErrorRecord } from './event-dispatch.js';
import { createExtensionApi, createExtensionContext, type ExtensionMode, type ExtensionPort, type FakeExtensionApi } from './extension-api.js';
import { FakeSession } from './fake-session.js';
import { FakeUi, type Notification } from './fake-ui.js';
import {
  createExtensionRegistrations,
  findRegistrationProblems,
  normalizeShortcut,
  resolveCommands,
  resolveShortcuts,
  resolveTools,
  type ExtensionRegistrations,
} from './registrations.js';
import { runToolCall, type ToolExecutionResult } from './tool-call.js';

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
  /**
   * Pi writes a new session's file only once an assistant message exists. When true, `restart()` of such a
   * session starts empty and `switchSession()`/`fork()` to or from it throw, as they would in Pi. Default false.
   */
  readonly unsavedUntilAssistant?: boolean;
  /**
   * How a new session, a resume or a fork reaches the extensions: `'pi'` (default) rebuilds the extension
   * runtime and sends `session_start`; `'oh-my-pi'` keeps the same extension instances and sends
   * `session_switch { reason }` (checked on omp 18.2.3).
   */
  readonly sessionSwitch?: 'pi' | 'oh-my-pi';
  /** The clock every session stamps its entries with; default the machine's. */
  readonly clock?: () => Date;
}

/** A call to an API outside the adapters' port, recorded instead of performed. */
export interface ForbiddenCall {
  readonly method: string;
  readonly args: readonly unknown[];
}

export interface RepeatOptions {
  /** How many times `session_start` (or oh-my-pi's `session_switch`) is delivered. */
  readonly times?: number;
}

export interface HostForkOptions extends RepeatOptions {
  /** `'at'` (default here) keeps root..entry; Pi's `'before'` needs a user message and keeps root..its parent. */
  readonly position?: 'before' | 'at';
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
  readonly reason: 'new' | 'resume' | 'fork' | 'quit';
  /** Called after the old runtime's `session_shutdown` handlers ran, so their appends land in the old session. */
  readonly openSession: () => FakeSession;
  readonly times: number;
}

function lastObjectResult(results: readonly unknown[]): Record<string, unknown> | undefined {
  return results.filter((result) => typeof result === 'object' && result !== null).at(-1) as Record<string, unknown> | undefined;
}

/**
 * An in-memory Pi host for adapter tests. It mirrors Pi 0.84.2 where adapters depend on it: entry ids and
 * parent links, branches, `session_start` reasons (twice after a replacement, as over RPC), `session_tree`,
 * the JSON round trip of appended data, tool-argument validation and error results, and command arguments.
 * Every new/resume/fork/restart re-runs the loaded factories with a fresh `pi`, as Pi rebuilds its
 * extension runtime; the previous `pi` and `ctx` then throw.
 */
export class FakePiHost {
  readonly hasUI: boolean;
  readonly mode: ExtensionMode;
  readonly cwd: string;
  readonly #options: FakePiHostOptions;
  readonly #ui: FakeUi;
  readonly #loaded: LoadedExtension[] = [];
  readonly #forbiddenCalls: ForbiddenCall[] = [];
  readonly #extensionErrors: ExtensionErrorRecord[] = [];
  readonly #entryTypes = new Set<string>();
  #runtime = new ExtensionRuntime();
  #session: FakeSession;
  #toolCallCount = 0;

  constructor(options: FakePiHostOptions = {}) {
    this.hasUI = options.hasUI ?? (options.mode === undefined || options.mode === 'tui' || options.mode === 'rpc');
    this.mode = options.mode ?? (this.hasUI ? 'tui' : 'print');
    this.cwd = options.cwd ?? process.cwd();
    this.#options = options;
    this.#ui = new FakeUi(this.hasUI, this.mode === 'rpc');
    this.#session = this.#emptySession();
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

  /** The text in Pi's editor, as `ctx.ui.setEditorText` left it. */
  get editorText(): string {
    return this.#ui.editorText;
  }

  /** Entry renderers by custom type, as Pi 0.84+ would draw saved custom entries in the chat. */
  get entryRenderers(): ReadonlyMap<string, EntryRenderer> {
    const renderers = new Map<string, EntryRenderer>();
    for (const [customType, renderer] of this.#runtime.extensions.flatMap((extension) => [...extension.entryRenderers])) {
      if (!renderers.has(customType)) renderers.set(customType, renderer);
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
  get shortcuts(): ReadonlyMap<string, ExtensionShortcut> {
    return resolveShortcuts(this.#runtime.extensions);
  }

  /** Duplicate and built-in-colliding command/tool names and keys registered twice, of the current registrations. */
  get registrationProblems(): string[] {
    return findRegistrationProblems(this.#runtime.extensions);
  }

  /** Calls to Pi's API outside the adapters' port (pi-adapter-kit's port.ts), `pi.sendMessage` among them. */
  get forbiddenCalls(): readonly ForbiddenCall[] {
    return this.#forbiddenCalls;
  }

  /** Handler, command and load failures Pi would report as `extension_error` and survive. */
  get extensionErrors(): readonly ExtensionErrorRecord[] {
    return this.#extensionErrors;
  }

  /** Distinct custom types passed to `pi.appendEntry` over the host's life, in first-use order. */
  entryTypes(): string[] {
    return [...this.#entryTypes];
  }

  /** Every event the loaded extensions listen to, with its number of handlers across them; nothing else. */
  eventHandlerCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [eventName, handlers] of this.#runtime.extensions.flatMap((extension) => [...extension.handlers])) {
      if (handlers.length > 0) counts[eventName] = (counts[eventName] ?? 0) + handlers.length;
    }
    return counts;
  }

  /** Runs the factory with a fresh `pi` bound to this host. A throwing factory registers nothing and rethrows. */
  load(factory: ExtensionFactory): Promise<void>;
  /**
   * A factory typed against another Pi version's full `ExtensionAPI` (0.73.1, 1.x), or against the adapters'
   * narrow port; it receives the same 0.84.2-shaped `pi` at run time.
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
    await this.#announceStart(reason, options.times ?? 1);
  }

  /** `/new`: a fresh empty session; `session_start` reason `'new'`, twice by default (RPC). */
  async newSession(options: RepeatOptions = {}): Promise<void> {
    this.#assertRunning();
    await this.#replace({ reason: 'new', openSession: () => this.#emptySession(), times: options.times ?? this.#replacementStarts() });
  }

  /** `/resume` of an earlier session: re-read from its "file" (leaf on its last entry); reason `'resume'`, twice by default. */
  async switchSession(session: FakeSession, options: RepeatOptions = {}): Promise<void> {
    this.#assertRunning();
    this.#assertWritten(session);
    await this.#replace({
      reason: 'resume',
      openSession: () => {
        session.reopenFromFile();
        return session;
      },
      times: options.times ?? this.#replacementStarts(),
    });
  }

  /**
   * A new session holding root..entryId of the current branch with the same ids and parent links
   * (position `'at'`, the default here); reason `'fork'`, twice by default (RPC).
   */
  async fork(entryId: string, options: HostForkOptions = {}): Promise<void> {
    this.#assertRunning();
    const entry = this.#session.getEntry(entryId);
    if (entry === undefined) throw new FakePiHostError('unknown-entry');
    const isUserMessage = entry.type === 'message' && entry.message.role === 'user';
    if (options.position === 'before' && !isUserMessage) throw new FakePiHostError('invalid-fork-target');
    this.#assertWritten(this.#session);
    const leafId = options.position === 'before' ? entry.parentId : entry.id;
    const forked = leafId === null ? this.#emptySession() : this.#session.createBranchedSession(leafId);
    await this.#replace({ reason: 'fork', openSession: () => forked, times: options.times ?? this.#replacementStarts() });
  }

  /**
   * `/tree`: moves the leaf inside the current session, then emits `session_tree { newLeafId, oldLeafId }`.
   * As in Pi, a user or custom message puts the leaf on its parent (its text goes back to the editor), any
   * other entry on itself, and navigating to the current leaf does nothing. Summaries need a model and are
   * not simulated.
   */
  async navigateTree(entryId: string, options: { readonly summarize?: boolean } = {}): Promise<void> {
    this.#assertRunning();
    if (options.summarize === true) throw new FakePiHostError('unsupported');
    const session = this.#session;
    const oldLeafId = session.getLeafId();
    if (entryId === oldLeafId) return;
    const target = session.getEntry(entryId);
    if (target === undefined) throw new FakePiHostError('unknown-entry');
    const reEditable = (target.type === 'message' && target.message.role === 'user') || target.type === 'custom_message';
    session.moveLeaf(reEditable ? target.parentId : target.id);
    await this.#emit('session_tree', { type: 'session_tree', newLeafId: session.getLeafId(), oldLeafId });
  }

  /**
   * A process restart on the same session: `session_shutdown` (unless already shut down), the session
   * re-read from its "file" (JSON round trip, leaf on the last entry), factories re-run, `session_start 'startup'`.
   */
  async restart(): Promise<void> {
    const session = this.#session;
    const lostUnsaved = this.#options.unsavedUntilAssistant === true && !session.hasAssistantMessage();
    await this.#replace({
      reason: 'quit',
      openSession: () => {
        if (lostUnsaved) return this.#emptySession();
        session.reopenFromFile();
        return session;
      },
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
   * Runs `/name args` (or `runCommand(name, args)`) as Pi does: args is the raw text after the first space,
   * not trimmed (`''` when bare). An unknown name throws; a throwing handler is recorded in
   * `extensionErrors`, as Pi reports and survives it.
   */
  async runCommand(commandLine: string, args?: string): Promise<void> {
    this.#assertRunning();
    const body = commandLine.replace(/^\//u, '');
    const space = body.indexOf(' ');
    const [name, rest] = args !== undefined ? [body, args] : space === -1 ? [body, ''] : [body.slice(0, space), body.slice(space + 1)];
    const command = this.commands.get(name);
    if (command === undefined) throw new FakePiHostError('unknown-command');
    try {
      await command.handler(rest, createExtensionContext(this.#extensionPort(this.#runtime), true) as never);
    } catch (error) {
      this.#extensionErrors.push({ extensionPath: `command:${name}`, event: 'command', error: errorMessage(error) });
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
      await shortcut.handler(createExtensionContext(this.#extensionPort(this.#runtime)) as never);
    } catch (error) {
      this.#extensionErrors.push({ extensionPath: shortcut.extensionPath, event: 'shortcut', error: errorMessage(error) });
    }
  }

  /** The command's `getArgumentCompletions(prefix)` result as is (null when it has none). */
  getCompletions(commandName: string, prefix: string): CommandCompletions {
    const command = this.commands.get(commandName.replace(/^\//u, ''));
    if (command === undefined) throw new FakePiHostError('unknown-command');
    return command.getArgumentCompletions?.(prefix) ?? null;
  }

  /** One model tool call, validated by Pi's own check before `execute`; see `runToolCall`. */
  async executeTool(name: string, args: unknown): Promise<ToolExecutionResult> {
    this.#assertRunning();
    const tool = this.tools.get(name);
    if (tool === undefined) throw new FakePiHostError('unknown-tool');
    this.#toolCallCount++;
    return runToolCall(tool, `call_${String(this.#toolCallCount)}`, args, this.#dispatchPort(this.#runtime));
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
    if (options.fail === 'nothing') {
      await this.#emit('session_compact_failed', { type: 'session_compact_failed', reason, errorMessage: 'Nothing to compact (session too small)', aborted: false, willRetry: false, fromExtension: false });
      return { beforeResults: [], entry: undefined, failure: 'nothing' };
    }
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
    const entry = this.#session.appendCompaction({
      summary: typeof provided?.summary === 'string' ? provided.summary : (options.summary ?? DEFAULT_FAKE_SUMMARY),
      firstKeptEntryId: typeof provided?.firstKeptEntryId === 'string' ? provided.firstKeptEntryId : firstKeptEntryId,
      tokensBefore: FAKE_TOKENS_BEFORE,
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
    for (const draft of drafts) {
      if (draft.type === 'custom') this.#entryTypes.add(draft.customType);
    }
    return { appended: appendBoundaryDrafts(this.#session, drafts), continue: proposal.continue };
  }

  /** The `context` event before a model call: handlers may replace the messages in turn; returns the final list. */
  async emitContext(messages: readonly unknown[]): Promise<unknown[]> {
    this.#assertRunning();
    return emitContext(this.#dispatchPort(this.#runtime), messages);
  }

  #emptySession(): FakeSession {
    const file = this.#options.unsavedUntilAssistant === true ? join(this.#sessionDir(), `${randomUUID()}.jsonl`) : undefined;
    return new FakeSession({ clock: this.#options.clock, file });
  }

  #sessionFolder: string | undefined;

  /** A folder for the session files of a host that writes them: made at the first session. */
  #sessionDir(): string {
    this.#sessionFolder ??= mkdtempSync(join(tmpdir(), 'fake-pi-sessions-'));
    return this.#sessionFolder;
  }

  #assertRunning(): void {
    if (!this.#runtime.active) throw new FakePiHostError('shut-down');
  }

  #assertWritten(session: FakeSession): void {
    if (this.#options.unsavedUntilAssistant === true && !session.hasAssistantMessage()) throw new FakePiHostError('no-session-file');
  }

  #emit(eventName: string, event: unknown): Promise<unknown[]> {
    return emitEvent(this.#dispatchPort(this.#runtime), eventName, event);
  }

  async #announceStart(reason: SessionStartReason, times: number): Promise<void> {
    for (let delivery = 0; delivery < times; delivery++) {
      await this.#emit('session_start', { type: 'session_start', reason });
      await this.#emit('resources_discover', { type: 'resources_discover', cwd: this.cwd, reason: reason === 'reload' ? 'reload' : 'startup' });
    }
  }

  /** Pi's RPC mode announces a replacement twice; oh-my-pi announces its switch once. */
  #replacementStarts(): number {
    return this.#options.sessionSwitch === 'oh-my-pi' ? 1 : RPC_REPLACEMENT_STARTS;
  }

  /**
   * Pi's session replacement (agent-session-runtime): shutdown handlers of the old runtime, old `pi`/`ctx`
   * invalidated, extension UI cleared, factories re-run against the next session, then `session_start`.
   * oh-my-pi instead keeps the same extension instances for a new session, a resume or a fork: they see the
   * next session through their next `ctx`, announced by `session_switch` and no shutdown or `session_start`.
   */
  async #replace({ reason, openSession, times }: Replacement): Promise<void> {
    if (this.#options.sessionSwitch === 'oh-my-pi' && reason !== 'quit') {
      this.#session = openSession();
      for (let delivery = 0; delivery < times; delivery++) await this.#emit('session_switch', { type: 'session_switch', reason });
      return;
    }
    if (this.#runtime.active) {
      await this.#emit('session_shutdown', { type: 'session_shutdown', reason } satisfies SessionShutdownEvent);
      this.#runtime.active = false;
    }
    this.#ui.clearExtensionUi();
    this.#session = openSession();
    const runtime = new ExtensionRuntime();
    this.#runtime = runtime;
    for (const loaded of this.#loaded) {
      try {
        await this.#runFactory(loaded, runtime);
      } catch (error) {
        this.#extensionErrors.push({ extensionPath: loaded.path, event: 'load', error: errorMessage(error) });
      }
    }
    await this.#announceStart(reason === 'quit' ? 'startup' : reason, times);
  }

  async #runFactory(loaded: LoadedExtension, runtime: ExtensionRuntime): Promise<void> {
    const registrations = createExtensionRegistrations(loaded.path);
    const loadState = { loading: true };
    try {
      await loaded.factory(createExtensionApi(registrations, this.#extensionPort(runtime), loadState));
    } finally {
      loadState.loading = false;
    }
    runtime.extensions.push(registrations);
  }

  #extensionPort(runtime: ExtensionRuntime): ExtensionPort {
    return {
      assertActive: () => {
        runtime.assertActive();
      },
      appendEntry: (customType, data) => {
        this.#session.appendCustomEntry(customType, data);
        this.#entryTypes.add(customType);
      },
      recordForbiddenCall: (method, args) => {
        this.#forbiddenCalls.push({ method, args: [...args] });
      },
      hasUI: this.hasUI,
      mode: this.mode,
      cwd: this.cwd,
      ui: this.#ui.context,
      session: () => this.#session,
      navigateTree: (targetId, options) => this.navigateTree(targetId, options),
    };
  }

  #dispatchPort(runtime: ExtensionRuntime): DispatchPort {
    return {
      extensions: () => runtime.extensions,
      createContext: () => createExtensionContext(this.#extensionPort(runtime)),
      reportError: (error) => {
        this.#extensionErrors.push(error);
      },
    };
  }
}

export function createFakePiHost(options: FakePiHostOptions = {}): FakePiHost {
  return new FakePiHost(options);
}
