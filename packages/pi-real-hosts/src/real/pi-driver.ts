import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lastLines, stopChild, waitForExit } from './child-exit.js';
import { EventLog } from './event-log.js';
import { hostEnv, hostLabel, hostModelArgs, writeHostModelConfig, type HostStartOptions } from './host-launch.js';
import { JsonlSplitter } from './jsonl-splitter.js';
import type { PiVersion } from './pi-versions.js';
import { trackChild, trackResource, untrackResource } from './process-registry.js';
import * as rpc from './rpc-protocol.js';
import type { CompactResult, PiCommandInfo, PiEvent, PiExtensionError, PiNotification, PiResponse, PiState } from './rpc-protocol.js';
import { PiSandbox } from './sandbox.js';
import { ScriptedModel, type ScriptedModelOptions } from './scripted-model.js';
import { readSessionJsonl, type SessionFileEntry } from './session-file.js';

const DEFAULT_WAIT_MS = 20_000;
const SHUTDOWN_GRACE_MS = 5_000;
const IDLE_POLL_MS = 100;
const STDERR_LINES_IN_ERRORS = 8;
// agent_end ends one low-level run on every version; 0.84+ follow it with agent_settled.
const RUN_END_TYPES: ReadonlySet<string> = new Set(['agent_end', 'agent_settled']);

export interface StartPiOptions extends HostStartOptions {
  /** How the driver makes its scripted model when no `model` is given (its wire, strict tools). */
  readonly scriptedModel?: ScriptedModelOptions;
  /** Open this session file at launch (`--session`). */
  readonly sessionFile?: string;
  /** Load project packages from `.pi/settings.json`: adds `--approve` on the versions that need it. */
  readonly approveProjectPackages?: boolean;
}

/** What one `prompt` produced. */
export interface PromptResult {
  /** Every record Pi printed from sending the prompt until it was idle again. */
  readonly events: readonly PiEvent[];
  readonly notifications: readonly PiNotification[];
  /** True when the prompt started an agent run (a model turn), false for a handled command. */
  readonly startedRun: boolean;
  /** Text of the last assistant message of the run, if one ran. */
  readonly assistantText: string | undefined;
}

/** A real Pi process in RPC mode, isolated in a sandbox and answered by a scripted model. */
export class PiDriver {
  readonly version: PiVersion;
  readonly runtimePath: string;
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
  readonly #extensions: readonly string[];
  readonly #approve: boolean;
  readonly #timeoutMs: number;
  readonly #ownsModel: boolean;
  readonly #ownsSandbox: boolean;
  readonly #log: EventLog;
  #child: ChildProcessWithoutNullStreams | undefined;
  #stderr = '';
  #nextRequestId = 1;
  #sessionFile: string | undefined;
  #disposed: Promise<void> | undefined;

  private constructor(options: StartPiOptions, sandbox: PiSandbox, model: ScriptedModel) {
    this.version = options.version;
    this.runtimePath = options.runtimePath;
    this.sandbox = sandbox;
    this.model = model;
    this.#extensions = options.extensions ?? [];
    this.#approve = options.approveProjectPackages === true && options.version.projectPackagesNeedApprove;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_MS;
    this.#ownsModel = options.model === undefined;
    this.#ownsSandbox = options.sandbox === undefined;
    this.#log = new EventLog((what, why) => this.#error(`${why} waiting for ${what}`));
  }

  /** Spawns Pi and resolves once it answers `get_state`. */
  static async start(options: StartPiOptions): Promise<PiDriver> {
    const sandbox = options.sandbox ?? (await PiSandbox.create());
    const model = options.model ?? (await ScriptedModel.start(options.scriptedModel));
    const driver = new PiDriver(options, sandbox, model);
    trackResource(driver);
    try {
      await writeHostModelConfig(options.version.host, sandbox, model);
      await driver.#launch(options.sessionFile);
    } catch (error) {
      await driver.dispose();
      throw error;
    }
    return driver;
  }

  /** The session file Pi reported last (after start, session changes and `getState`). */
  get sessionFile(): string | undefined {
    return this.#sessionFile;
  }

  /** Everything Pi wrote to stderr so far. */
  stderr(): string {
    return this.#stderr;
  }

  /** Every record Pi printed, across restarts (copies). */
  events(): PiEvent[] {
    return this.#log.since(0);
  }

  notifications(): PiNotification[] {
    return this.#log.since(0).flatMap((event) => rpc.toNotification(event) ?? []);
  }

  extensionErrors(): PiExtensionError[] {
    return this.#log.since(0).flatMap((event) => rpc.toExtensionError(event) ?? []);
  }

  /** The panel lines a client keeping the newest `setWidget` per key shows now (undefined: cleared or never set). */
  widget(key: string): readonly string[] | undefined {
    return rpc.latestWidget(this.#log.since(0), key);
  }

  /** The footer text a client keeping the newest `setStatus` per key shows now. */
  status(key: string): string | undefined {
    return rpc.latestStatus(this.#log.since(0), key);
  }

  /** Every `setWidget` of one key from record `since` on (take `events().length` as the mark). */
  widgetUpdates(key: string, since = 0): rpc.PiWidgetUpdate[] {
    return rpc.widgetUpdates(this.#log.since(since), key);
  }

  /** Every `setStatus` of one key from record `since` on. */
  statusUpdates(key: string, since = 0): rpc.PiStatusUpdate[] {
    return rpc.statusUpdates(this.#log.since(since), key);
  }

  /** The first record (from `fromIndex`, default all) matching `predicate`, waiting at most `timeoutMs`. */
  waitFor(predicate: (event: PiEvent) => boolean, timeoutMs = this.#timeoutMs, fromIndex = 0): Promise<PiEvent> {
    return this.#log.waitFor(predicate, { fromIndex, timeoutMs, what: 'a matching record' });
  }

  /** Sends one RPC command and resolves with its response, whatever its `success`. */
  async send(command: Readonly<Record<string, unknown>> & { readonly type: string }, timeoutMs = this.#timeoutMs): Promise<PiResponse> {
    return this.#sendAs(`testkit-${this.#nextRequestId++}`, command, timeoutMs);
  }

  async #sendAs(id: string, command: Readonly<Record<string, unknown>> & { readonly type: string }, timeoutMs: number): Promise<PiResponse> {
    const fromIndex = this.#log.length;
    this.#write({ ...command, id });
    const event = await this.#log.waitFor((candidate) => candidate.type === 'response' && candidate['id'] === id, {
      fromIndex,
      timeoutMs,
      what: `the response to ${command.type}`,
    });
    const response = rpc.toResponse(event);
    if (response === undefined) throw this.#error(`no response record for ${command.type}`);
    return response;
  }

  /**
   * Sends a prompt (text or an extension `/command`) and resolves when Pi is idle again: after the
   * command handler ran, or after the agent run it started has ended. Rejects if a model turn failed.
   */
  async prompt(text: string, timeoutMs = this.#timeoutMs): Promise<PromptResult> {
    const deadline = Date.now() + timeoutMs;
    const fromIndex = this.#log.length;
    const id = `testkit-${this.#nextRequestId++}`;
    const response = await this.#sendAs(id, { type: 'prompt', message: text }, timeoutMs);
    if (!response.success) throw this.#error(`prompt failed: ${response.error ?? 'no error text'}`);
    if (this.version.host.rpc.commandDone === 'prompt_result') await this.#waitForPromptOutcome(id, fromIndex, deadline);
    await this.#waitUntilIdle(deadline);
    const events = this.#log.since(fromIndex);
    const assistantMessages = events.filter((event) => event.type === 'message_end').map((event) => event['message']);
    const failure = assistantMessages.map(rpc.assistantError).find((error) => error !== undefined);
    if (failure !== undefined) throw this.#error(`a model turn failed: ${failure}`);
    return {
      events,
      notifications: events.flatMap((event) => rpc.toNotification(event) ?? []),
      startedRun: events.some((event) => event.type === 'agent_start'),
      assistantText: assistantMessages.map(rpc.assistantText).filter((value) => value !== undefined).at(-1),
    };
  }

  async getState(timeoutMs = this.#timeoutMs): Promise<PiState> {
    const state = rpc.toState((await this.#expectSuccess({ type: 'get_state' }, timeoutMs)).data);
    this.#sessionFile = state.sessionFile;
    return state;
  }

  async getCommands(): Promise<PiCommandInfo[]> {
    return rpc.toCommands((await this.#expectSuccess({ type: 'get_commands' })).data);
  }

  /** Compacts now; the scripted model answers the summary request(s). */
  async compact(customInstructions?: string): Promise<CompactResult> {
    const command = customInstructions === undefined ? { type: 'compact' } : { type: 'compact', customInstructions };
    return rpc.toCompactResult((await this.#expectSuccess(command)).data);
  }

  /** Starts a fresh session in the same process; resolves false if an extension cancelled it. */
  async newSession(): Promise<boolean> {
    const cancelled = rpc.toCancelled((await this.#expectSuccess({ type: 'new_session' })).data);
    await this.getState();
    return !cancelled;
  }

  /** Opens another session file in the same process; resolves false if an extension cancelled it. */
  async switchSession(sessionFile: string): Promise<boolean> {
    const cancelled = rpc.toCancelled((await this.#expectSuccess({ type: 'switch_session', sessionPath: sessionFile })).data);
    await this.getState();
    return !cancelled;
  }

  /** Parses the current session file. Pi writes none until the first assistant message exists. */
  async readSessionFile(): Promise<SessionFileEntry[]> {
    const path = this.#sessionFile;
    if (path === undefined) throw this.#error('no session file is known (is the session in memory only?)');
    if (!existsSync(path)) throw this.#error('the session file is not written yet (Pi writes it after the first assistant message)');
    return readSessionJsonl(path);
  }

  /** Closes stdin, waits for the exit and launches Pi again on the same session file. */
  async restart(): Promise<void> {
    const sessionFile = this.#sessionFile;
    if (sessionFile === undefined || !existsSync(sessionFile)) {
      throw this.#error('cannot restart: the session file is not written yet');
    }
    await this.#stop();
    this.#log.reopen();
    await this.#launch(sessionFile);
  }

  /**
   * SIGKILLs Pi at once, as a crash or a power cut would: no session_shutdown, no orderly exit.
   * Pending waits reject; `restart()` opens the same session file again.
   */
  async kill(): Promise<void> {
    const child = this.#child;
    if (child?.pid === undefined) return;
    child.kill('SIGKILL');
    if (!(await waitForExit(child, SHUTDOWN_GRACE_MS))) throw this.#error('did not exit after SIGKILL');
  }

  /** Stops Pi (stdin close, then SIGKILL after a grace period) and disposes what the driver owns. Idempotent. */
  dispose(): Promise<void> {
    this.#disposed ??= (async () => {
      untrackResource(this);
      await this.#stop();
      if (this.#ownsModel) await this.model.dispose();
      if (this.#ownsSandbox) await this.sandbox.dispose();
    })();
    return this.#disposed;
  }

  async #launch(sessionFile: string | undefined): Promise<void> {
    const args = [
      this.version.cliPath,
      '--mode',
      'rpc',
      ...hostModelArgs(this.version.host, this.model),
      '--session-dir',
      this.sandbox.sessionDir,
      ...(sessionFile === undefined ? [] : ['--session', sessionFile]),
      ...this.#extensions.flatMap((extension) => ['-e', extension]),
      ...(this.#approve ? ['--approve'] : []),
    ];
    const child = spawn(this.runtimePath, args, { cwd: this.sandbox.projectDir, env: hostEnv(this.version.host, this.sandbox), stdio: 'pipe' });
    trackChild(child);
    this.#child = child;
    const splitter = new JsonlSplitter();
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of splitter.push(chunk)) this.#receive(rpc.parseRecord(line));
    });
    child.stdout.on('end', () => {
      for (const line of splitter.end()) this.#receive(rpc.parseRecord(line));
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.#stderr += chunk));
    // Writes after an exit fail with EPIPE; the exit itself is what waits report.
    child.stdin.on('error', () => undefined);
    child.once('error', () => {
      if (this.#child === child) this.#log.close(`the ${this.version.host.runtime} binary could not be started`);
    });
    // 'close' comes after the exit and the end of stdout and stderr: an error then has the last stderr lines.
    child.once('close', (code, signal) => {
      if (this.#child === child) this.#log.close(`${this.version.host.displayName} exited (code ${String(code)}, signal ${String(signal)})`);
    });
    await this.getState();
  }

  #receive(event: PiEvent): void {
    this.#log.push(event);
    const cancellation = rpc.dialogCancellation(event);
    if (cancellation !== undefined) this.#write(cancellation);
  }

  #write(record: Readonly<Record<string, unknown>>): void {
    const child = this.#child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) {
      throw this.#error('Pi is not running');
    }
    child.stdin.write(`${JSON.stringify(record)}\n`);
  }

  async #expectSuccess(command: Readonly<Record<string, unknown>> & { readonly type: string }, timeoutMs = this.#timeoutMs): Promise<PiResponse> {
    const response = await this.send(command, timeoutMs);
    if (!response.success) throw this.#error(`${command.type} failed: ${response.error ?? 'no error text'}`);
    return response;
  }

  /**
   * omp answers a prompt before running it: a command has finished at its `prompt_result`, a model
   * prompt has begun at `agent_start` (whose end #waitUntilIdle then waits for).
   */
  async #waitForPromptOutcome(id: string, fromIndex: number, deadline: number): Promise<void> {
    await this.#log.waitFor((event) => (event.type === 'prompt_result' && event['id'] === id) || event.type === 'agent_start', {
      fromIndex,
      timeoutMs: Math.max(1, deadline - Date.now()),
      what: 'the prompt_result or agent_start of the prompt',
    });
  }

  /** Polls get_state until nothing streams or compacts, waking early on run-end records. */
  async #waitUntilIdle(deadline: number): Promise<void> {
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw this.#error('timed out waiting for the agent run to end');
      const state = await this.getState(remaining);
      if (!state.isStreaming && !state.isCompacting) return;
      await this.#log
        .waitFor((event) => RUN_END_TYPES.has(event.type), {
          fromIndex: this.#log.length,
          timeoutMs: Math.max(1, Math.min(IDLE_POLL_MS, deadline - Date.now())),
          what: 'a run-end record',
        })
        .catch(() => undefined);
    }
  }

  async #stop(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    await stopChild(child, SHUTDOWN_GRACE_MS);
  }

  #error(problem: string): Error {
    const tail = lastLines(this.#stderr, STDERR_LINES_IN_ERRORS);
    const stderrPart = tail.length === 0 ? ' (stderr empty)' : `. Last stderr lines:\n${tail.join('\n')}`;
    return new Error(`${hostLabel(this.version)}: ${problem}${stderrPart}`);
  }
}

/** Starts Pi in RPC mode; dispose it (or call `disposeAll()`) when done. */
export function startPi(options: StartPiOptions): Promise<PiDriver> {
  return PiDriver.start(options);
}
