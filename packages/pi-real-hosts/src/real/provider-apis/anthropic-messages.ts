import { estimateTokens, type ScriptedReply } from '../openai-stream.js';
import type { ProviderWire, StreamParameters, WireMessage, WireRefusal, WireRequest, WireTool, WireToolResult } from './wire.js';
import { isRecord, records, stringOf } from './json-fields.js';

// Anthropic's Messages API as Pi's `api: "anthropic-messages"` client speaks it. Pi builds an
// `@anthropic-ai/sdk` client on the models.json `baseUrl` and the SDK appends `/v1/messages`:
// Pi 0.73.1 to 0.84.x post there, 0.85 and later go through `client.beta.messages` and post to
// `/v1/messages?beta=true`; oh-my-pi posts to `/v1/messages` (with `?beta=true` for OAuth only).
// Pi reads the stream with its own SSE parser, which keeps an event only by its `event:` line.

/** The path every client above posts to, below the origin that is the `baseUrl`. */
const MESSAGES_PATH = '/v1/messages';

/**
 * Anthropic's documented tool name pattern. Live errors quoted in public reports already show
 * `{1,128}`, but the documentation still says 64, and 64 is the limit every client must meet.
 */
const TOOL_NAME_PATTERN = '^[a-zA-Z0-9_-]{1,64}$';
const TOOL_NAME = new RegExp(TOOL_NAME_PATTERN, 'u');

/** Strict tool use limits (Anthropic's structured outputs docs; oh-my-pi budgets the same numbers). */
const MAX_STRICT_TOOLS = 20;
const MAX_STRICT_OPTIONAL_PARAMETERS = 24;
const MAX_STRICT_UNION_PARAMETERS = 16;

const TOP_LEVEL_COMBINATORS = ['oneOf', 'allOf', 'anyOf'] as const;

type Json = Record<string, unknown>;

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

/**
 * The text of a content field: a string, or the `text` blocks of a block array (images carry none),
 * joined by `separator`. Pi sends the system prompt as one text block; oh-my-pi may send several.
 */
function contentText(content: unknown, separator = ''): string {
  if (typeof content === 'string') return content;
  return records(content)
    .filter((block) => block['type'] === 'text')
    .map((block) => stringOf(block['text']))
    .join(separator);
}

function readToolResult(block: Json): WireToolResult {
  return { callId: stringOf(block['tool_use_id']), text: contentText(block['content']), isError: block['is_error'] === true };
}

/**
 * One Anthropic message as the flat messages a model reads. A user message carries the tool
 * results of the previous turn as `tool_result` blocks, which Anthropic requires before any other
 * block, so they come out first as `tool` messages and the user's own text after them.
 */
function readMessage(message: Json): WireMessage[] {
  const role = message['role'];
  const content = message['content'];
  if (role === 'assistant') return [{ role, text: contentText(content) }];
  // Mid-conversation `system` messages (a compat opt-in in Pi and oh-my-pi) are not conversation.
  if (role !== 'user') return [];
  if (typeof content === 'string') return [{ role, text: content }];
  const blocks = records(content);
  const results = blocks.filter((block) => block['type'] === 'tool_result').map((block): WireMessage => ({ role: 'tool', text: readToolResult(block).text }));
  const textBlocks = blocks.filter((block) => block['type'] === 'text');
  return textBlocks.length > 0 ? [...results, { role, text: contentText(textBlocks) }] : results;
}

function readTools(body: Json): WireTool[] {
  return records(body['tools']).map((tool) => ({
    name: stringOf(tool['name']),
    description: stringOf(tool['description']),
    parameters: tool['input_schema'],
    strict: tool['strict'] === true,
  }));
}

/** Server tools (`web_search_20250305`...) carry a `type`; the schema rules are for custom tools. */
function isCustomTool(tool: Json): boolean {
  return tool['type'] === undefined || tool['type'] === 'custom';
}

function invalidRequest(message: string): WireRefusal {
  return { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message } } };
}

/** Every schema node below `schema` (itself included): properties, items, combinator variants, definitions. */
function schemaNodes(schema: unknown): Json[] {
  if (!isRecord(schema)) return [];
  const children: unknown[] = [
    ...(isRecord(schema['properties']) ? Object.values(schema['properties']) : []),
    ...(Array.isArray(schema['items']) ? list(schema['items']) : [schema['items']]),
    ...list(schema['prefixItems']),
    schema['additionalProperties'],
    ...TOP_LEVEL_COMBINATORS.flatMap((key) => list(schema[key])),
    ...(isRecord(schema['$defs']) ? Object.values(schema['$defs']) : []),
    ...(isRecord(schema['definitions']) ? Object.values(schema['definitions']) : []),
  ];
  return [schema, ...children.flatMap(schemaNodes)];
}

function isObjectNode(node: Json): boolean {
  const type = node['type'];
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/** Properties an object node leaves out of `required`: each is an optional parameter to the grammar. */
function optionalCount(node: Json): number {
  if (!isRecord(node['properties'])) return 0;
  const required = Array.isArray(node['required']) ? node['required'] : [];
  return Object.keys(node['properties']).filter((name) => !required.includes(name)).length;
}

/** A type array or an `anyOf` makes a parameter a union, as Anthropic counts them. */
function isUnionNode(node: Json): boolean {
  return Array.isArray(node['type']) || Array.isArray(node['anyOf']);
}

/** What Anthropic answers a custom tool that breaks the schema rules, at `tools.<index>`. */
function customToolProblem(tool: Json, index: number): string | undefined {
  const at = `tools.${String(index)}.custom`;
  const name = tool['name'];
  if (typeof name !== 'string') return `${at}.name: Field required`;
  if (!TOOL_NAME.test(name)) return `${at}.name: String should match pattern '${TOOL_NAME_PATTERN}'`;
  const schema = tool['input_schema'];
  if (schema === undefined) return `${at}.input_schema: Field required`;
  if (!isRecord(schema)) return `${at}.input_schema: Input should be a valid dictionary`;
  if (schema['type'] === undefined) return `${at}.input_schema.type: Field required`;
  if (schema['type'] !== 'object') return `${at}.input_schema.type: Input should be 'object'`;
  if (TOP_LEVEL_COMBINATORS.some((key) => schema[key] !== undefined)) return `${at}.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level`;
  if (tool['strict'] === true && schemaNodes(schema).some((node) => isObjectNode(node) && node['additionalProperties'] !== false)) {
    return `${at}: For 'object' type, 'additionalProperties' must be explicitly set to false`;
  }
  return undefined;
}

/** The request-wide limits of strict tool use: one grammar is compiled from every strict schema. */
function strictLimitProblem(tools: readonly Json[]): string | undefined {
  const strict = tools.filter((tool) => tool['strict'] === true);
  if (strict.length > MAX_STRICT_TOOLS) {
    return `Too many strict tools (${String(strict.length)}). The maximum number of strict tools supported is ${String(MAX_STRICT_TOOLS)}. Try reducing the number of tools marked as strict.`;
  }
  const nodes = strict.flatMap((tool) => schemaNodes(tool['input_schema']));
  const optional = nodes.reduce((sum, node) => sum + optionalCount(node), 0);
  if (optional > MAX_STRICT_OPTIONAL_PARAMETERS) {
    return `Schemas contains too many optional parameters (${String(optional)}), which would make grammar compilation inefficient. Reduce the number of optional parameters in your tool schemas (limit: ${String(MAX_STRICT_OPTIONAL_PARAMETERS)}).`;
  }
  const unions = nodes.filter(isUnionNode).length;
  if (unions > MAX_STRICT_UNION_PARAMETERS) {
    return `Schemas contains too many parameters with union types (${String(unions)} parameters with type arrays or anyOf). Reduce the number of parameters with union types in your tool schemas (limit: ${String(MAX_STRICT_UNION_PARAMETERS)} parameters with unions).`;
  }
  return undefined;
}

function sseEvent(payload: { readonly type: string } & Json): string {
  // Pi drops an event whose `event:` line is missing or unknown, whatever its data says.
  return `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/** The SSE body of one assistant message, in the order Anthropic streams its events. */
function encodeMessagesStream(reply: ScriptedReply, parameters: StreamParameters): string {
  const toolCalls = 'toolCalls' in reply ? reply.toolCalls : [];
  const text = reply.text ?? '';
  const outputTokens = estimateTokens(text + JSON.stringify(toolCalls));
  const message = {
    id: `msg_${parameters.callIdPrefix}`,
    type: 'message',
    role: 'assistant',
    // Pi 0.84 and later take a model other than the requested one for a server-side fallback.
    model: parameters.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: parameters.promptTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
  };
  const blocks: string[] = [];
  const block = (start: Json, delta: Json): void => {
    const index = blocks.length;
    blocks.push(
      sseEvent({ type: 'content_block_start', index, content_block: start }) +
        sseEvent({ type: 'content_block_delta', index, delta }) +
        sseEvent({ type: 'content_block_stop', index }),
    );
  };
  if (text !== '') block({ type: 'text', text: '' }, { type: 'text_delta', text });
  toolCalls.forEach((call, index) => {
    // The input starts empty and arrives as JSON text, which Pi parses when the block stops.
    block({ type: 'tool_use', id: `${parameters.callIdPrefix}_${String(index)}`, name: call.name, input: {} }, { type: 'input_json_delta', partial_json: JSON.stringify(call.arguments ?? {}) });
  });
  // Pi 0.73.1 reads `usage` of message_delta without a guard, so it is always there.
  const usage = { input_tokens: parameters.promptTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: outputTokens };
  return [
    sseEvent({ type: 'message_start', message }),
    sseEvent({ type: 'ping' }),
    ...blocks,
    sseEvent({ type: 'message_delta', delta: { stop_reason: toolCalls.length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null }, usage }),
    sseEvent({ type: 'message_stop' }),
  ].join('');
}

export const ANTHROPIC_MESSAGES_WIRE: ProviderWire = {
  api: 'anthropic-messages',
  strictToolsCompat: { supportsStrictTools: true },
  // The SDK appends `/v1/messages` itself: a `baseUrl` ending in `/v1` would post to `/v1/v1/messages`
  // (oh-my-pi strips a trailing `/v1`, Pi does not).
  baseUrl: (origin) => origin,
  handles: (method, path) => method === 'POST' && path.split('?')[0] === MESSAGES_PATH,
  read(body): WireRequest {
    const record = isRecord(body) ? body : {};
    const messages = records(record['messages']);
    const blocksOf = (role: string): Json[] => messages.filter((message) => message['role'] === role).flatMap((message) => records(message['content']));
    return {
      model: stringOf(record['model']),
      systemPrompt: contentText(record['system'], '\n'),
      messages: messages.flatMap(readMessage),
      tools: readTools(record),
      toolResults: blocksOf('user').filter((block) => block['type'] === 'tool_result').map(readToolResult),
      callIds: blocksOf('assistant').filter((block) => block['type'] === 'tool_use').map((block) => stringOf(block['id'])),
    };
  },
  refuse(body): WireRefusal | undefined {
    const tools = records(isRecord(body) ? body['tools'] : undefined);
    for (const [index, tool] of tools.entries()) {
      const problem = isCustomTool(tool) ? customToolProblem(tool, index) : undefined;
      if (problem !== undefined) return invalidRequest(problem);
    }
    const names = tools.map((tool) => tool['name']);
    if (new Set(names).size !== names.length) return invalidRequest('tools: Tool names must be unique.');
    const limit = strictLimitProblem(tools);
    return limit === undefined ? undefined : invalidRequest(limit);
  },
  stream: (reply, parameters) => ({ contentType: 'text/event-stream', body: encodeMessagesStream(reply, parameters) }),
};
