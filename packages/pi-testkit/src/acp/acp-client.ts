import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { lastLines, stopChild } from '../real/child-exit.js';
import { EventLog } from '../real/event-log.js';
import { JsonlSplitter } from '../real/jsonl-splitter.js';
import { trackChild, trackResource, untrackResource } from '../real/process-registry.js';
import { TEST_CLIENT_CAPABILITIES, answerPermission, pathInsideRoot, sliceLines, type PermissionChoice } from './client-requests.js';
import {
  JSON_RPC_INTERNAL_ERROR,
  JSON_RPC_INVALID_PARAMS,
  JSON_RPC_METHOD_NOT_FOUND,
  encodeError,
  encodeNotification,
  encodeRequest,
  encodeResult,
  isJsonObject,
  parseJsonRpcLine,
  type JsonRpcError,
  type JsonRpcId,
  type JsonRpcMessage,
} from './json-rpc.js';
import { toSessionNotification, type AcpSessionNotification, type AcpSessionUpdate } from './session-updates.js';

export const DEFAULT_ACP_WAIT_MS = 20_000;
const SHUTDOWN_GRACE_MS = 3_000;
const STDERR_LINES_IN_ERRORS = 8;

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
  /** How `session/request_permission` is answered. Default `allow`. */
  readonly permission?: PermissionChoice;
  /** Bound of every wait unless a call passes its own. Default 20 s. */
  readonly timeoutMs?: number;
}

/** A request the agent sent to the client, and what the client answered. */
export interface AcpAgentRequest {
  readonly method: string;
  readonly params: unknown;
  readonly answer: { readonly result: unknown } | { readonly error: JsonRpcError };
}

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

type Received = { readonly kind: 'update'; readonly notification: AcpSessionNotification } | { readonly kind: 'response'; readonly message: JsonRpcMessage };

/** An ACP client over newline-delimited JSON-RPC on an agent process's stdio, as an editor is. */
export class AcpClient {
  readonly label: string;
  readonly #options: StartAcpAgentOptions;
  readonly #timeoutMs: number;
  readonly #log: EventLog<Received>;
  readonly #agentRequests: AcpAgentRequest[] = [];
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #invalidLines: string[] = [];
  #stderr = '';
  #nextId = 1;
  #disposed: Promise<void> | undefined;

  private constructor(options: StartAcpAgentOptions) {
    this.label = options.label;
    this.#options = options;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_ACP_WAIT_MS;
    this.#log = new EventLog<Received>((what, why) => this.#error(`${why} waiting for ${what}`));
    this.#child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: 'pipe' });
    trackChild(this.#child);
    this.#listen();
  }

  /** Spawns the agent; nothing is sent until `initialize`. */
  static start(options: StartAcpAgentOptions): AcpClient {
    const client = new AcpClient(options);
    trackResource(client);
    return client;
  }

  /** Everything the agent wrote to stderr so far. */
  stderr(): string {
    return this.#stderr;
  }

  /** Stdout lines that were not JSON-RPC messages (an agent must print none). */
  invalidLines(): string[] {
    return [...this.#invalidLines];
  }

  /** Every request the agent sent to the client, with the answer, oldest first. */
  agentRequests(): AcpAgentRequest[] {
    return [...this.#agentRequests];
  }

  /** Every session update so far, of one session or all. */
  updates(sessionId?: string): AcpSessionUpdate[] {
    return this.#updatesSince(0, sessionId);
  }

  /** How many records arrived so far: a mark for `waitForUpdate`'s `fromIndex`. */
  get mark(): number {
    return this.#log.length;
  }

  /** The first update (of `sessionId`, if given) at or after `fromIndex` (a `mark`) matching `predicate`, waiting at most `timeoutMs`. */
  async waitForUpdate(
    predicate: (update: AcpSessionUpdate) => boolean,
    options: { readonly sessionId?: string; readonly fromIndex?: number; readonly timeoutMs?: number; readonly what?: string } = {},
  ): Promise<AcpSessionUpdate> {
    const { sessionId } = options;
    const matches = (notification: AcpSessionNotification): boolean =>
      (sessionId === undefined || notification.sessionId === sessionId) && predicate(notification.update);
    const received = await this.#log.waitFor((record) => record.kind === 'update' && matches(record.notification), {
      fromIndex: options.fromIndex ?? 0,
      timeoutMs: options.timeoutMs ?? this.#timeoutMs,
      what: options.what ?? 'a matching session update',
    });
    if (received.kind !== 'update') throw this.#error('a wait for an update matched a response');
    return received.notification.update;
  }

  /** Sends a request and resolves with its result; rejects on an error response or after `timeoutMs`. */
  async request(method: string, params: unknown, timeoutMs = this.#timeoutMs): Promise<unknown> {
    const message = await this.#send(method, params).response(timeoutMs);
    if (message.kind === 'error') throw this.#error(`${method} failed: ${message.error.message} (code ${message.error.code})`);
    return message.kind === 'result' ? message.result : undefined;
  }

  notify(method: string, params: unknown): void {
    this.#write(encodeNotification(method, params));
  }

  /** `initialize` with protocol version 1 and the test client's capabilities. */
  async initialize(): Promise<Readonly<Record<string, unknown>>> {
    const result = await this.request('initialize', { protocolVersion: 1, clientCapabilities: TEST_CLIENT_CAPABILITIES });
    return isJsonObject(result) ? result : {};
  }

  /** `session/new` in `cwd` without MCP servers; resolves with the session id. */
  async newSession(cwd: string): Promise<string> {
    const result = await this.request('session/new', { cwd, mcpServers: [] });
    const sessionId = isJsonObject(result) ? result['sessionId'] : undefined;
    if (typeof sessionId !== 'string') throw this.#error('session/new answered without a sessionId');
    return sessionId;
  }

  /** Sends one text prompt and returns the turn without waiting for its answer. */
  startPrompt(sessionId: string, text: string): AcpTurn {
    const fromIndex = this.#log.length;
    const pending = this.#send('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
    const updates = (): AcpSessionUpdate[] => this.#updatesSince(fromIndex, sessionId);
    let answered = false;
    const completion = async (timeoutMs = this.#timeoutMs): Promise<AcpPromptOutcome> => {
      const message = await pending.response(timeoutMs);
      answered = true;
      if (message.kind === 'error') throw this.#error(`session/prompt failed: ${message.error.message} (code ${message.error.code})`);
      const stopReason = message.kind === 'result' && isJsonObject(message.result) ? message.result['stopReason'] : undefined;
      return { stopReason: typeof stopReason === 'string' ? stopReason : undefined, updates: updates() };
    };
    return {
      mark: fromIndex,
      updates,
      completion,
      completesWithin: (timeoutMs) =>
        completion(timeoutMs).then(
          () => true,
          (error: unknown) => {
            if (answered) throw error;
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
    this.notify('session/cancel', { sessionId });
  }

  /** Closes stdin, SIGKILLs after a grace period. Idempotent. */
  dispose(): Promise<void> {
    this.#disposed ??= (async () => {
      untrackResource(this);
      await stopChild(this.#child, SHUTDOWN_GRACE_MS);
    })();
    return this.#disposed;
  }

  #listen(): void {
    const child = this.#child;
    const splitter = new JsonlSplitter();
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of splitter.push(chunk)) this.#receive(parseJsonRpcLine(line));
    });
    child.stdout.on('end', () => {
      for (const line of splitter.end()) this.#receive(parseJsonRpcLine(line));
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.#stderr += chunk));
    // Writes after an exit fail with EPIPE; the exit itself is what waits report.
    child.stdin.on('error', () => undefined);
    child.once('error', () => {
      this.#log.close('the agent could not be started');
    });
    child.once('exit', (code, signal) => {
      this.#log.close(`the agent exited (code ${String(code)}, signal ${String(signal)})`);
    });
  }

  #receive(message: JsonRpcMessage): void {
    switch (message.kind) {
      case 'invalid':
        this.#invalidLines.push(message.line);
        return;
      case 'notification': {
        const notification = message.method === 'session/update' ? toSessionNotification(message.params) : undefined;
        if (notification !== undefined) this.#log.push({ kind: 'update', notification });
        return;
      }
      case 'request':
        void this.#answer(message.id, message.method, message.params);
        return;
      default:
        this.#log.push({ kind: 'response', message });
    }
  }

  async #answer(id: JsonRpcId, method: string, params: unknown): Promise<void> {
    let answer: AcpAgentRequest['answer'];
    try {
      answer = await this.#answerFor(method, params);
    } catch (error) {
      answer = { error: { code: JSON_RPC_INTERNAL_ERROR, message: error instanceof Error ? error.message : String(error) } };
    }
    this.#agentRequests.push({ method, params, answer });
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    this.#write('result' in answer ? encodeResult(id, answer.result) : encodeError(id, answer.error));
  }

  async #answerFor(method: string, params: unknown): Promise<AcpAgentRequest['answer']> {
    const record = isJsonObject(params) ? params : {};
    switch (method) {
      case 'session/request_permission':
        return { result: answerPermission(params, this.#options.permission ?? 'allow') };
      case 'fs/read_text_file': {
        const path = this.#insideRoot(record['path']);
        if (path === undefined) return invalidParams('the path is not inside the client root');
        const line = typeof record['line'] === 'number' ? record['line'] : undefined;
        const limit = typeof record['limit'] === 'number' ? record['limit'] : undefined;
        return { result: { content: sliceLines(await readFile(path, 'utf8'), line, limit) } };
      }
      case 'fs/write_text_file': {
        const path = this.#insideRoot(record['path']);
        if (path === undefined || typeof record['content'] !== 'string') return invalidParams('a path inside the client root and a content string are needed');
        await writeFile(path, record['content']);
        return { result: null };
      }
      default:
        return { error: { code: JSON_RPC_METHOD_NOT_FOUND, message: `the test client does not offer ${method}` } };
    }
  }

  #insideRoot(path: unknown): string | undefined {
    return typeof path === 'string' ? pathInsideRoot(this.#options.fileRoot, path) : undefined;
  }

  #send(method: string, params: unknown): { response(timeoutMs: number): Promise<JsonRpcMessage> } {
    const id = this.#nextId++;
    const fromIndex = this.#log.length;
    this.#write(encodeRequest(id, method, params));
    return {
      response: async (timeoutMs) => {
        // A later wait on the same request starts afresh, so one that timed out can be retried.
        const received = await this.#log.waitFor((record) => record.kind === 'response' && 'id' in record.message && record.message.id === id, {
          fromIndex,
          timeoutMs,
          what: `the answer to ${method}`,
        });
        if (received.kind !== 'response') throw this.#error(`the answer to ${method} is not a response`);
        return received.message;
      },
    };
  }

  #updatesSince(fromIndex: number, sessionId: string | undefined): AcpSessionUpdate[] {
    return this.#log
      .since(fromIndex)
      .flatMap((record) => (record.kind === 'update' && (sessionId === undefined || record.notification.sessionId === sessionId) ? [record.notification.update] : []));
  }

  #write(line: string): void {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) throw this.#error('the agent is not running');
    this.#child.stdin.write(line);
  }

  #error(problem: string): Error {
    const tail = lastLines(this.#stderr, STDERR_LINES_IN_ERRORS);
    const stderr = tail.length === 0 ? '' : `\nLast stderr lines:\n${tail.join('\n')}`;
    return new Error(`${this.label}: ${problem}${stderr}`);
  }
}

function invalidParams(message: string): AcpAgentRequest['answer'] {
  return { error: { code: JSON_RPC_INVALID_PARAMS, message } };
}

export function startAcpAgent(options: StartAcpAgentOptions): AcpClient {
  return AcpClient.start(options);
}
