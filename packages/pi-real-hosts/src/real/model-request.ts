import { OPENAI_COMPLETIONS_WIRE, chatContentText } from './provider-apis/openai-completions.js';
import type { ProviderApi, ProviderWire, WireToolResult } from './provider-apis/wire.js';

/** Pure reading of the bodies Pi sends to the scripted model, in any provider's wire format. */

/** One message as Pi sent it (OpenAI chat format: system, user, assistant, tool). */
export type ChatMessage = { readonly role: string; readonly content: unknown } & Readonly<Record<string, unknown>>;

/** A tool Pi offered the model in this request. */
export interface OfferedTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
  /** Whether Pi asked the provider to sample only what the schema allows (strict tools). */
  readonly strict: boolean;
}

/** Everything the scripted model received in one request. */
export interface ModelRequest {
  /** `summary` for the host's compaction / branch-summary calls (see SUMMARIZATION_MARKERS), `chat` for agent turns. */
  readonly kind: 'chat' | 'summary';
  /** The provider wire the request came in. */
  readonly api: ProviderApi;
  readonly model: string;
  /** Chat completions: the messages as sent; other wires: each message as `{ role, content: text }`. */
  readonly messages: readonly ChatMessage[];
  /** Every tool result the request carries, in the request's order, with the provider's error mark read. */
  readonly toolResults: readonly WireToolResult[];
  /** The ids of the assistant's tool calls, in call order. */
  readonly callIds: readonly string[];
  /** The system (or developer) message text. */
  readonly systemPrompt: string;
  readonly tools: readonly OfferedTool[];
  readonly toolNames: readonly string[];
  /** The request body as parsed JSON. */
  readonly body: unknown;
}

/**
 * The opening of each host's summarization system prompt: Pi's (0.73.1, 0.84.2, 1.6.0) and
 * oh-my-pi's (18.2.3). A whole sentence, not a word: omp's ordinary system prompt says "summaries" too.
 */
const SUMMARIZATION_MARKERS: readonly string[] = Object.freeze([
  'You are a context summarization assistant',
  'Summarize user–AI coding-assistant conversations in the exact specified structured format.',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of a message's content, whether a string or an array of parts. */
export const contentText = chatContentText;

/** A chat-completions body, as Pi sends it on `api: "openai-completions"`. */
export function readModelRequest(body: unknown): ModelRequest {
  return readWireRequest(OPENAI_COMPLETIONS_WIRE, body);
}

/** A body in `wire`'s format, read into the same shape whatever the provider. */
export function readWireRequest(wire: ProviderWire, body: unknown): ModelRequest {
  const read = wire.read(body);
  const record = isRecord(body) ? body : {};
  const messages: ChatMessage[] =
    wire.api === 'openai-completions' && Array.isArray(record['messages'])
      ? record['messages'].filter(isRecord).map((message) => ({ ...message, role: typeof message['role'] === 'string' ? message['role'] : '', content: message['content'] }))
      : read.messages.map((message) => ({ role: message.role, content: message.text }));
  return {
    kind: SUMMARIZATION_MARKERS.some((marker) => read.systemPrompt.includes(marker)) ? 'summary' : 'chat',
    api: wire.api,
    model: read.model,
    messages,
    toolResults: read.toolResults,
    callIds: read.callIds,
    systemPrompt: read.systemPrompt,
    tools: read.tools,
    toolNames: read.tools.map((tool) => tool.name),
    body,
  };
}

/**
 * The keys of each named tool's declaration as the provider receives it (the OpenAI `function`
 * object, sorted), in the order the request offered them; a tool the request did not offer is left out.
 */
export function sentDeclarationKeys(request: ModelRequest, names: readonly string[]): [string, string[]][] {
  const body = isRecord(request.body) ? request.body : {};
  const tools = Array.isArray(body['tools']) ? body['tools'] : [];
  return tools.flatMap((tool): [string, string[]][] => {
    const declaration = isRecord(tool) && isRecord(tool['function']) ? tool['function'] : undefined;
    const name = declaration?.['name'];
    return declaration !== undefined && typeof name === 'string' && names.includes(name) ? [[name, Object.keys(declaration).sort()]] : [];
  });
}

/**
 * The text of each tool result in the request, in the order the assistant called the tools (matched
 * by `tool_call_id`): oh-my-pi runs one message's calls concurrently and sends results as they finish.
 */
export function toolResultsInCallOrder(request: ModelRequest | undefined): string[] {
  return toolResultEntriesInCallOrder(request).map((result) => result.text);
}

/** The tool results of the request with the provider's error mark, in the order the assistant called the tools. */
export function toolResultEntriesInCallOrder(request: ModelRequest | undefined): WireToolResult[] {
  const results = new Map((request?.toolResults ?? []).map((result) => [result.callId, result]));
  return (request?.callIds ?? []).flatMap((id) => {
    const result = results.get(id);
    return result === undefined ? [] : [result];
  });
}
