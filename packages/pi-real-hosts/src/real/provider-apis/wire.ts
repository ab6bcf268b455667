import type { ProviderApi } from '@j1nn0/pi-testkit/host-facts';
import type { ScriptedReply, StreamParameters } from '../openai-stream.js';

/** The wire formats Pi speaks to a provider that the scripted model answers (models.json `api`). */
export type { ProviderApi };

/** A tool the request offered the model, read from that provider's encoding. */
export interface WireTool {
  readonly name: string;
  readonly description: string;
  /** The parameters schema as the provider received it (`parameters`, `input_schema`, `parametersJsonSchema`...). */
  readonly parameters: unknown;
  /** Whether the provider is asked to sample only what the schema allows (`strict: true`). */
  readonly strict: boolean;
}

/** One tool result the request carries back to the model, in the order the request holds them. */
export interface WireToolResult {
  /** The id of the call it answers (`tool_call_id`, `call_id`, `tool_use_id`; Google: the function name). */
  readonly callId: string;
  readonly text: string;
  /** Whether the provider's error form marked it (Anthropic `is_error`; others: see the wire's notes). */
  readonly isError: boolean;
}

/** One message of the conversation, its text flattened: what the model can read. */
export interface WireMessage {
  readonly role: 'user' | 'assistant' | 'tool';
  readonly text: string;
}

/** What a request holds, the same for every provider. */
export interface WireRequest {
  readonly model: string;
  readonly systemPrompt: string;
  readonly messages: readonly WireMessage[];
  readonly tools: readonly WireTool[];
  readonly toolResults: readonly WireToolResult[];
  /** The ids of the tool calls of the assistant messages, in order (to order results by call). */
  readonly callIds: readonly string[];
}

/** An HTTP error the provider would answer with: a refused schema, a malformed request. */
export interface WireRefusal {
  readonly status: number;
  readonly body: unknown;
}

export type { StreamParameters };

/** One provider's wire: its route, how its requests read, what it refuses, how it streams a reply. */
export interface ProviderWire {
  readonly api: ProviderApi;
  /** The models.json `compat` the provider entry needs, if any. */
  readonly compat?: Readonly<Record<string, unknown>>;
  /**
   * The `compat` with which Pi 1.6+ sends strict tool schemas on this wire, as Pi's own catalog entries
   * carry it (Claude: `supportsStrictTools`; OpenAI: `supportsStrictMode`). Undefined where Pi decides
   * it otherwise (Gemini: by the model's major version).
   */
  readonly strictToolsCompat?: Readonly<Record<string, unknown>>;
  /** The models.json `baseUrl` for a server at `origin` (http://127.0.0.1:PORT). */
  baseUrl(origin: string): string;
  /** Whether a request to `path` (with its query) is this API's generation call. */
  handles(method: string, path: string): boolean;
  read(body: unknown): WireRequest;
  /** The provider's answer to a request it would refuse (its documented schema rules), else undefined. */
  refuse(body: unknown): WireRefusal | undefined;
  /** The reply as the provider streams it. */
  stream(reply: ScriptedReply, parameters: StreamParameters): { readonly contentType: string; readonly body: string };
}
