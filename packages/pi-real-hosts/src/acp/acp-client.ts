import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { ClientSideConnection, PROTOCOL_VERSION, RequestError, ndJsonStream, type Client, type InitializeResponse } from '@agentclientprotocol/sdk';
import { lastLines, stopChild } from '../real/child-exit.js';
import { EventLog } from '../real/event-log.js';
import type { HostStartOptions } from '../real/host-launch.js';
import { trackChild, trackResource, untrackResource } from '../real/process-registry.js';
import { TEST_CLIENT_CAPABILITIES, answerPermission, pathInsideRoot, sliceLines } from './client-requests.js';
import type { AcpSessionUpdate } from './session-updates.js';

// The protocol's own client library (ClientSideConnection over ndJsonStream) frames, sends, validates
// and answers; this adds what an editor keeps around it: the updates as they arrived, bounded waits,
// permission and file answers inside one root, and the agent process.

const DEFAULT_ACP_WAIT_MS = 20_000;
const SHUTDOWN_GRACE_MS = 3_000;
const STDERR_LINES_IN_ERRORS = 8;
const EXIT_AFTER_CLOSE_MS = 1_000;

export interface StartAcpAgentOptions {
  /** Names the agent in errors, e.g. `pi-acp 0.0.34 on Pi 1.6.0`. */
  readonly label: string;
  /** The executable (an absolute path: the child's PATH may be narrowed) and its arguments. */
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** The agent's whole environment; nothing is inherited. */
  readonly env: Readonly<Record<string, string>>;
  /** The folder the client serves `fs/read_text_file` and `fs/write_text_file` from. */
  readonly fileRoot: string;
  /** Bound of every wait unless a call passes its own. Default 20 s. */
  readonly timeoutMs?: number;
}

/** What every ACP agent the tests start is given: the host (a Pi line behind pi-acp, or oh-my-pi), its runtime, the sandbox, the model, our extensions. */
export type AcpAgentUnderTest = Required<Omit<HostStartOptions, 'timeoutMs'>>;

/** What `session/prompt` answered, with the session's updates from sending it to the answer. */
export interface AcpPromptOutcome {
  readonly stopReason: string | undefined;
  readonly updates: readonly AcpSessionUpdate[];
}

/** A prompt sent and not necessarily answered: ACP lets a prompt run for as long as the agent works. */
export interface AcpTurn {
  /** The client's `mark` when the prompt was sent: waits from here see only what came after it. */
  readonly mark: number;
  /** Updates of the prompt's session since it was sent. */
  updates(): AcpSessionUpdate[];
  /** The answer, waiting at most `timeoutMs`; rejects on a timeout or an error response. */
  completion(timeoutMs?: number): Promise<AcpPromptOutcome>;
  /** Whether the answer arrived within `timeoutMs` (false: still open; the turn keeps running). */
  completesWithin(timeoutMs: number): Promise<boolean>;
}

interface ReceivedUpdate {
  readonly sessionId: string;
  readonly update: AcpSessionUpdate;
}

/** An ACP client on an agent process's stdio, as an editor is, through the protocol SDK's ClientSideConnection. */
export class AcpClient {
  readonly label: string;
  readonly #options: StartAcpAgentOptions;
  readonly #timeoutMs: number;
  readonly #log: EventLog<ReceivedUpdate>;
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #connection: ClientSideConnection;
  #exit: string | undefined;
  #stderr = '';
  #disposed: Promise<void> | undefined;

  private constructor(options: StartAcpAgentOptions) {
    this.label = options.label;
    this.#options = options;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_ACP_WAIT_MS;
    this.#log = new EventLog<ReceivedUpdate>((what, why) => this.#error(`${why} waiting for ${what}`));
    this.#child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: 'pipe' });
    trackChild(this.#child);
    this.#watchChild();
    const stream = ndJsonStream(Writable.toWeb(this.#child.stdin), Readable.toWeb(this.#child.stdout) as ReadableStream<Uint8Array>);
    this.#connection = new ClientSideConnection(() => this.#clientSide(), stream);
  }

  /** Spawns the agent; nothing is sent until `initialize`. */
  static start(options: StartAcpAgentOptions): AcpClient {
    const client = new AcpClient(options);
    trackResource(client);
    return client;
  }

  /** Every session update so far, of one session or all. */
  updates(sessionId?: string): AcpSessionUpdate[] {
    return this.#updatesSince(0, sessionId);
  }

  /** How many updates arrived so far: a mark for `waitForUpdate`'s `fromIndex`. */
  get mark(): number {
    return this.#log.length;
  }

  /** The first update (of `sessionId`, if given) at or after `fromIndex` (a `mark`) matching `predicate`, waiting at most `timeoutMs`. */
  async waitForUpdate(
    predicate: (update: AcpSessionUpdate) => boolean,
    options: { readonly sessionId?: string; readonly fromIndex?: number; readonly timeoutMs?: number; readonly what?: string } = {},
  ): Promise<AcpSessionUpdate> {
    const { sessionId } = options;
    const received = await this.#log.waitFor((record) => (sessionId === undefined || record.sessionId === sessionId) && predicate(record.update), {
      fromIndex: options.fromIndex ?? 0,
      timeoutMs: options.timeoutMs ?? this.#timeoutMs,
      what: options.what ?? 'a matching session update',
    });
    return received.update;
  }

  /** `initialize` with the SDK's protocol version and the test client's capabilities. */
  initialize(): Promise<InitializeResponse> {
    return this.#answer('initialize', this.#connection.initialize({ protocolVersion: PROTOCOL_VERSION, clientCapabilities: TEST_CLIENT_CAPABILITIES }));
  }

  /** `session/new` in `cwd` without MCP servers; resolves with the session id. */
  async newSession(cwd: string): Promise<string> {
    const { sessionId } = await this.#answer('session/new', this.#connection.newSession({ cwd, mcpServers: [] }));
    return sessionId;
  }

  /** Sends one text prompt and returns the turn without waiting for its answer. */
  startPrompt(sessionId: string, text: string): AcpTurn {
    const fromIndex = this.#log.length;
    const answer = this.#connection.prompt({ sessionId, prompt: [{ type: 'text', text }] });
    // A turn nobody waits for (still open when the agent stops) must not surface as an unhandled rejection.
    answer.catch(() => undefined);
    const updates = (): AcpSessionUpdate[] => this.#updatesSince(fromIndex, sessionId);
    let answered = false;
    const completion = async (timeoutMs = this.#timeoutMs): Promise<AcpPromptOutcome> => {
      const { stopReason } = await this.#answer('session/prompt', answer, timeoutMs);
      answered = true;
      return { stopReason, updates: updates() };
    };
    return {
      mark: fromIndex,
      updates,
      completion,
      completesWithin: (timeoutMs) =>
        completion(timeoutMs).then(
          () => true,
          (error: unknown) => {
            if (answered || !(error instanceof StillOpen)) throw error;
            return false;
          },
        ),
    };
  }

  /** Sends a prompt and waits for its answer. */
  prompt(sessionId: string, text: string, timeoutMs = this.#timeoutMs): Promise<AcpPromptOutcome> {
    return this.startPrompt(sessionId, text).completion(timeoutMs);
  }

  /** `session/cancel` (a notification: the agent answers the running prompt with `cancelled`, if it can). */
  cancel(sessionId: string): void {
    void this.#connection.cancel({ sessionId }).catch(() => undefined);
  }

  /** Closes stdin, SIGKILLs after a grace period. Idempotent. */
  dispose(): Promise<void> {
    this.#disposed ??= (async () => {
      untrackResource(this);
      await stopChild(this.#child, SHUTDOWN_GRACE_MS);
    })();
    return this.#disposed;
  }

  /** What the client side of the connection answers: the SDK calls these for the agent's requests and notifications. */
  #clientSide(): Client {
    return {
      sessionUpdate: (notification) => {
        this.#log.push({ sessionId: notification.sessionId, update: notification.update });
        return Promise.resolve();
      },
      requestPermission: (request) => Promise.resolve(answerPermission(request)),
      readTextFile: async (request) => {
        const path = this.#insideRoot(request.path);
        return { content: sliceLines(await readFile(path, 'utf8'), request.line ?? undefined, request.limit ?? undefined) };
      },
      writeTextFile: async (request) => {
        await writeFile(this.#insideRoot(request.path), request.content);
        return {};
      },
      // The client announces `terminal: false`; an agent that asks anyway is told the method is not offered.
      createTerminal: () => Promise.reject(RequestError.methodNotFound('terminal/create')),
    };
  }

  #insideRoot(path: string): string {
    const inside = pathInsideRoot(this.#options.fileRoot, path);
    if (inside === undefined) throw RequestError.invalidParams({ path }, 'the path is not inside the client root');
    return inside;
  }

  /** The answer to a request within `timeoutMs`, with the agent's last stderr lines in every failure. */
  async #answer<T>(method: string, answer: Promise<T>, timeoutMs = this.#timeoutMs): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(new StillOpen(this.#error(`timed out after ${timeoutMs} ms waiting for the answer to ${method}`).message));
      }, timeoutMs);
    });
    try {
      return await Promise.race([answer, bound]);
    } catch (error) {
      if (error instanceof StillOpen) throw error;
      if (error instanceof RequestError) throw this.#error(`${method} failed: ${error.message} (code ${error.code})`);
      // The SDK rejects open requests when the agent's stdout ends, which may come just before the exit event.
      const exit = this.#exit ?? (await this.#exitWithin(EXIT_AFTER_CLOSE_MS));
      throw this.#error(exit ?? `${method} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  #exitWithin(timeoutMs: number): Promise<string | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        resolve(this.#exit);
      }, timeoutMs);
      this.#child.once('exit', () => {
        clearTimeout(timer);
        resolve(this.#exit);
      });
    });
  }

  #watchChild(): void {
    const child = this.#child;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.#stderr += chunk));
    // Writes after an exit fail with EPIPE; the exit itself is what waits report.
    child.stdin.on('error', () => undefined);
    const stopped = (why: string): void => {
      this.#exit ??= why;
      this.#log.close(why);
    };
    child.once('error', () => {
      stopped('the agent could not be started');
    });
    child.once('exit', (code, signal) => {
      stopped(`the agent exited (code ${String(code)}, signal ${String(signal)})`);
    });
  }

  #updatesSince(fromIndex: number, sessionId: string | undefined): AcpSessionUpdate[] {
    return this.#log.since(fromIndex).flatMap((record) => (sessionId === undefined || record.sessionId === sessionId ? [record.update] : []));
  }

  #error(problem: string): Error {
    const tail = lastLines(this.#stderr, STDERR_LINES_IN_ERRORS);
    const stderr = tail.length === 0 ? '' : `\nLast stderr lines:\n${tail.join('\n')}`;
    return new Error(`${this.label}: ${problem}${stderr}`);
  }
}

/** A bounded wait that ended before the answer: the request is still open, not failed. */
class StillOpen extends Error {}
