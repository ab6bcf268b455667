import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readWireRequest, type ModelRequest } from './model-request.js';
import { estimateTokens, type ScriptedReply } from './openai-stream.js';
import type { ProviderApi, ProviderWire, WireRefusal } from './provider-apis/wire.js';
import { wireFor } from './provider-apis/wires.js';
import { trackResource, untrackResource } from './process-registry.js';

/** One queued answer: a fixed reply, or a function of what the model received. */
export type ScriptedStep = ScriptedReply | ((request: ModelRequest) => ScriptedReply);

/** The summary text for compaction requests, fixed or computed from the request. */
export type ScriptedSummary = string | ((request: ModelRequest) => string);

export interface ScriptedModelOptions {
  /** The provider wire it speaks, as models.json names it. Default: `openai-completions`. */
  readonly api?: ProviderApi;
  /**
   * Listed as the provider's own catalog lists its models: strict tool schemas on (Pi 1.6+ sends them
   * then; see the wire's `strictToolsCompat`). Default: off, as for any provider added in models.json.
   */
  readonly strictTools?: boolean;
}

/** A request the scripted model answered as its provider would answer one it refuses. */
export interface ScriptedRefusal extends WireRefusal {
  readonly request: ModelRequest;
}

/** The models.json content that makes Pi use this model; Pi reads it from the agent dir. */
export interface ModelsJson {
  readonly providers: Readonly<Record<string, unknown>>;
}

/** The answer when the queue is empty, and to a summary request until `setSummary`. */
const DEFAULT_SCRIPTED_REPLY: ScriptedReply = { text: 'Scripted reply.' };
const DEFAULT_SCRIPTED_SUMMARY = 'Scripted summary of the earlier conversation.';

/**
 * A streaming provider endpoint on 127.0.0.1 (chat completions, or the wire `api` names) that answers from
 * a script, records every request, and refuses a request its provider would refuse, as that provider does.
 */
export class ScriptedModel {
  readonly provider = 'scripted';
  readonly modelId = 'scripted-model';
  readonly wire: ProviderWire;
  readonly #server: Server;
  readonly #queue: ScriptedStep[] = [];
  readonly #requests: ModelRequest[] = [];
  readonly #refusals: ScriptedRefusal[] = [];
  readonly #compat: Readonly<Record<string, unknown>> | undefined;
  #summary: ScriptedSummary = DEFAULT_SCRIPTED_SUMMARY;
  #port = 0;
  #closed: Promise<void> | undefined;

  private constructor(server: Server, options: ScriptedModelOptions) {
    this.#server = server;
    this.wire = wireFor(options.api ?? 'openai-completions');
    const strictCompat = options.strictTools === true ? this.wire.strictToolsCompat : undefined;
    if (options.strictTools === true && strictCompat === undefined) throw new Error(`${this.wire.api}: no compat turns strict tools on`);
    this.#compat = this.wire.compat === undefined && strictCompat === undefined ? undefined : { ...this.wire.compat, ...strictCompat };
  }

  /** Starts the server on an ephemeral loopback port. */
  static async start(options: ScriptedModelOptions = {}): Promise<ScriptedModel> {
    const server = createServer();
    const model = new ScriptedModel(server, options);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      model.#handle(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        model.#port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
    trackResource(model);
    return model;
  }

  get baseUrl(): string {
    return this.wire.baseUrl(`http://127.0.0.1:${String(this.#port)}`);
  }

  /** `--provider` / `--model` values for Pi. */
  get cliArgs(): string[] {
    return ['--provider', this.provider, '--model', this.modelId];
  }

  /** Appends steps; each chat request consumes the oldest one. */
  enqueue(...steps: ScriptedStep[]): void {
    this.#queue.push(...steps);
  }

  setSummary(summary: ScriptedSummary): void {
    this.#summary = summary;
  }

  /** Steps not consumed yet (a test can assert the script ran out exactly). */
  pendingSteps(): number {
    return this.#queue.length;
  }

  /** Drops queued steps and recorded requests, e.g. between tests sharing one Pi process. */
  reset(): void {
    this.#queue.length = 0;
    this.#requests.length = 0;
    this.#refusals.length = 0;
  }

  /** Every request received, oldest first (copies). */
  requests(): ModelRequest[] {
    return structuredClone(this.#requests);
  }

  chatRequests(): ModelRequest[] {
    return this.requests().filter((request) => request.kind === 'chat');
  }

  summaryRequests(): ModelRequest[] {
    return this.requests().filter((request) => request.kind === 'summary');
  }

  /** The requests refused as the provider would refuse them (a tool schema it does not take), with its answer. */
  refusals(): ScriptedRefusal[] {
    return structuredClone(this.#refusals);
  }

  modelsJson(): ModelsJson {
    return {
      providers: {
        [this.provider]: {
          baseUrl: this.baseUrl,
          api: this.wire.api,
          // A lowercase literal: 0.73 would read an existing env var of that name, 0.84+ reads `$NAME` only.
          apiKey: 'scripted-offline-key',
          ...(this.#compat === undefined ? {} : { compat: this.#compat }),
          models: [{ id: this.modelId, name: this.modelId, reasoning: false, input: ['text'], contextWindow: 128000, maxTokens: 4096 }],
        },
      },
    };
  }

  dispose(): Promise<void> {
    this.#closed ??= new Promise<void>((resolve) => {
      untrackResource(this);
      this.#server.close(() => {
        resolve();
      });
      this.#server.closeAllConnections();
    });
    return this.#closed;
  }

  #handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (!this.wire.handles(request.method ?? '', request.url ?? '')) {
        this.#fail(response, 404, `unknown route ${request.method ?? ''} ${request.url ?? ''} for ${this.wire.api}`);
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        this.#fail(response, 400, 'request body is not JSON');
        return;
      }
      const modelRequest = readWireRequest(this.wire, body);
      this.#requests.push(modelRequest);
      const refusal = this.wire.refuse(body);
      if (refusal !== undefined) {
        this.#refusals.push({ ...refusal, request: modelRequest });
        response.writeHead(refusal.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(refusal.body));
        return;
      }
      let reply: ScriptedReply;
      try {
        reply = this.#replyTo(modelRequest);
      } catch {
        this.#fail(response, 500, `step for request ${this.#requests.length} threw`);
        return;
      }
      const streamed = this.wire.stream(reply, {
        model: modelRequest.model || this.modelId,
        callIdPrefix: `call_${String(this.#requests.length)}`,
        promptTokens: estimateTokens(raw),
      });
      response.writeHead(200, { 'content-type': streamed.contentType, 'cache-control': 'no-cache' });
      response.end(streamed.body);
    });
  }

  #replyTo(request: ModelRequest): ScriptedReply {
    if (request.kind === 'summary') {
      return { text: typeof this.#summary === 'string' ? this.#summary : this.#summary(request) };
    }
    const step = this.#queue.shift() ?? DEFAULT_SCRIPTED_REPLY;
    return typeof step === 'function' ? step(request) : step;
  }

  /** Answers with an HTTP error that says why (a bad route, a reply function that threw): Pi reports it as the turn's error. */
  #fail(response: ServerResponse, status: number, why: string): void {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: `scripted model: ${why}` } }));
  }
}

/** Starts a scripted model; `dispose()` (or `disposeAll()`) stops it. */
export function startScriptedModel(options: ScriptedModelOptions = {}): Promise<ScriptedModel> {
  return ScriptedModel.start(options);
}
