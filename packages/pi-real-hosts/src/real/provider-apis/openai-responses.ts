import { estimateTokens, type ScriptedReply } from '../openai-stream.js';
import type { ProviderWire, StreamParameters, WireMessage, WireRefusal, WireRequest, WireTool, WireToolResult } from './wire.js';
import { isRecord, records, stringOf } from './json-fields.js';

// OpenAI's Responses API (models.json `api: "openai-responses"`), as Pi's pi-ai speaks it: the `openai`
// SDK posts to `${baseUrl}/responses`; pi-ai 0.73.1, 0.84 and 1.6.0 send the system prompt as a `system`
// input item (`developer` for a `reasoning` model), oh-my-pi as the top-level `instructions` (or a
// `developer` item on OpenAI's own hosts). A `function_call_output` carries no error mark: Pi sends an
// error result's text as it sends any other, so `isError` is always false here.

const FUNCTION_NAME = /^[a-zA-Z0-9_-]+$/u;
const FUNCTION_NAME_MAX = 64;

/** Structured outputs refuse these anywhere in a strict schema. */
const NOT_PERMITTED = ['allOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas'] as const;

/** The text of a content: a string, or parts (`input_text`, `output_text`, `refusal`); images read as nothing. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return records(content)
    .map((part) => stringOf(part['text']) || stringOf(part['refusal']))
    .join('');
}

/** An input item is a message when it has a role; the SDK lets `type: "message"` be left out. */
function roleOf(item: Record<string, unknown>): string | undefined {
  const type = item['type'];
  return (type === undefined || type === 'message') && typeof item['role'] === 'string' ? item['role'] : undefined;
}

/** Who said an item, for the flattened conversation; system items and Pi's scaffolding are no one's. */
function speakerOf(item: Record<string, unknown>): WireMessage | undefined {
  const role = roleOf(item);
  if (role === 'user') return { role: 'user', text: contentText(item['content']) };
  if (role === 'assistant') return { role: 'assistant', text: contentText(item['content']) };
  // A reply is several items (reasoning, message, function calls); they merge into its one message.
  if (item['type'] === 'function_call' || item['type'] === 'reasoning') return { role: 'assistant', text: '' };
  if (item['type'] === 'function_call_output') return { role: 'tool', text: contentText(item['output']) };
  return undefined;
}

/** The conversation as chat messages: one per user message, tool result, or assistant reply. */
function readMessages(items: readonly Record<string, unknown>[]): WireMessage[] {
  return items.reduce<WireMessage[]>((messages, item) => {
    const said = speakerOf(item);
    if (said === undefined) return messages;
    const last = messages.at(-1);
    if (said.role === 'assistant' && last?.role === 'assistant') {
      return [...messages.slice(0, -1), { role: 'assistant', text: last.text + said.text }];
    }
    return [...messages, said];
  }, []);
}

function readSystemPrompt(body: Record<string, unknown>, items: readonly Record<string, unknown>[]): string {
  const instructions = typeof body['instructions'] === 'string' ? [body['instructions']] : [];
  const system = items.filter((item) => roleOf(item) === 'system' || roleOf(item) === 'developer').map((item) => contentText(item['content']));
  return [...instructions, ...system].join('\n');
}

/** Function tools only: Pi's grammar (`custom`) tools appear only with compat `supportsOpenAIGrammarTools`. */
function readTools(body: Record<string, unknown>): WireTool[] {
  return records(body['tools'])
    .filter((tool) => tool['type'] === 'function')
    .map((tool) => ({
      name: stringOf(tool['name']),
      description: stringOf(tool['description']),
      parameters: tool['parameters'],
      strict: tool['strict'] === true,
    }));
}

function invalidRequest(message: string, param: string, code: string): WireRefusal {
  return { status: 400, body: { error: { message, type: 'invalid_request_error', param, code } } };
}

function nameRefusal(name: unknown, index: number): WireRefusal | undefined {
  const param = `tools[${index}].name`;
  if (typeof name !== 'string') return invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');
  if (name === '') return invalidRequest(`Invalid '${param}': empty string. Expected a string with minimum length 1, but got an empty string instead.`, param, 'empty_string');
  if (name.length > FUNCTION_NAME_MAX) {
    return invalidRequest(`Invalid '${param}': string too long. Expected a string with maximum length ${FUNCTION_NAME_MAX}, but got a string with length ${name.length} instead.`, param, 'string_above_max_length');
  }
  if (!FUNCTION_NAME.test(name)) return invalidRequest(`Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, param, 'invalid_value');
  return undefined;
}

/** OpenAI names a schema location as a Python tuple: `()`, `('properties', 'path')`. */
function pythonTuple(path: readonly (string | number)[]): string {
  const parts = path.map((part) => (typeof part === 'number' ? String(part) : `'${part}'`));
  return parts.length === 1 ? `(${parts.join('')},)` : `(${parts.join(', ')})`;
}

function typesOf(schema: Record<string, unknown>): unknown[] {
  const type = schema['type'];
  return Array.isArray(type) ? type : [type];
}

/** The subschemas strict mode checks too, with their locations. */
function subschemas(schema: Record<string, unknown>, path: readonly (string | number)[]): [readonly (string | number)[], unknown][] {
  const named = (key: string): [readonly (string | number)[], unknown][] =>
    isRecord(schema[key]) ? Object.entries(schema[key]).map(([name, child]) => [[...path, key, name], child]) : [];
  const anyOf = Array.isArray(schema['anyOf']) ? schema['anyOf'] : [];
  return [
    ...named('properties'),
    ...(schema['items'] === undefined ? [] : [[[...path, 'items'], schema['items']] as [readonly (string | number)[], unknown]]),
    ...anyOf.map((child, index): [readonly (string | number)[], unknown] => [[...path, 'anyOf', index], child]),
    ...named('$defs'),
    ...named('definitions'),
  ];
}

/** Why structured outputs cannot enforce a strict schema (OpenAI's wording), or undefined. */
function strictProblem(schema: unknown, path: readonly (string | number)[]): string | undefined {
  if (!isRecord(schema)) return undefined;
  const at = `In context=${pythonTuple(path)}, `;
  // The root must be a plain object: a union there is refused even though anyOf is allowed below it.
  const keyword = NOT_PERMITTED.find((key) => key in schema) ?? (path.length === 0 && 'anyOf' in schema ? 'anyOf' : undefined);
  if (keyword !== undefined) return `${at}'${keyword}' is not permitted.`;
  if (typesOf(schema).includes('object')) {
    if (schema['additionalProperties'] !== false) return `${at}'additionalProperties' is required to be supplied and to be false.`;
    const properties = isRecord(schema['properties']) ? Object.keys(schema['properties']) : [];
    const required: unknown[] = Array.isArray(schema['required']) ? schema['required'] : [];
    const missing = properties.find((name) => !required.includes(name));
    if (missing !== undefined) return `${at}'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
  }
  for (const [childPath, child] of subschemas(schema, path)) {
    const problem = strictProblem(child, childPath);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function parametersRefusal(tool: Record<string, unknown>, index: number): WireRefusal | undefined {
  const refusal = (problem: string): WireRefusal =>
    invalidRequest(`Invalid schema for function '${stringOf(tool['name'])}': ${problem}`, `tools[${index}].parameters`, 'invalid_function_parameters');
  const parameters = tool['parameters'];
  // The API types `parameters` as nullable: a function without parameters is fine.
  if (parameters === undefined || parameters === null) return undefined;
  if (!isRecord(parameters) || parameters['type'] !== 'object') {
    const type = isRecord(parameters) ? parameters['type'] : undefined;
    const got = type === undefined ? 'None' : typeof type === 'string' ? type : JSON.stringify(type);
    return refusal(`schema must be a JSON Schema of 'type: "object"', got 'type: "${got}"'.`);
  }
  if (tool['strict'] !== true) return undefined;
  const problem = strictProblem(parameters, []);
  return problem === undefined ? undefined : refusal(problem);
}

/** One event as OpenAI streams it: the `event:` line names the type the data holds again. */
function sseEvent(event: Record<string, unknown>, sequenceNumber: number): string {
  return `event: ${stringOf(event['type'])}\ndata: ${JSON.stringify({ ...event, sequence_number: sequenceNumber })}\n\n`;
}

interface StreamedItem {
  /** The item as `response.output_item.done` and `response.completed` hold it. */
  readonly done: Record<string, unknown>;
  readonly events: readonly Record<string, unknown>[];
}

function messageItem(id: string, outputIndex: number, text: string): StreamedItem {
  const at = { item_id: id, output_index: outputIndex, content_index: 0 };
  const part = { type: 'output_text', text, annotations: [] };
  const done = { id, type: 'message', status: 'completed', role: 'assistant', content: [{ ...part, logprobs: [] }] };
  return {
    done,
    events: [
      { type: 'response.output_item.added', output_index: outputIndex, item: { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] } },
      // Pi 0.73.1 drops text deltas that no content_part.added announced.
      { type: 'response.content_part.added', ...at, part: { ...part, text: '' } },
      { type: 'response.output_text.delta', ...at, delta: text, logprobs: [] },
      { type: 'response.output_text.done', ...at, text, logprobs: [] },
      { type: 'response.content_part.done', ...at, part },
      { type: 'response.output_item.done', output_index: outputIndex, item: done },
    ],
  };
}

function functionCallItem(id: string, callId: string, name: string, args: string, outputIndex: number): StreamedItem {
  const at = { item_id: id, output_index: outputIndex };
  const done = { id, type: 'function_call', status: 'completed', arguments: args, call_id: callId, name };
  return {
    done,
    events: [
      { type: 'response.output_item.added', output_index: outputIndex, item: { ...done, status: 'in_progress', arguments: '' } },
      { type: 'response.function_call_arguments.delta', ...at, delta: args },
      { type: 'response.function_call_arguments.done', ...at, arguments: args },
      // Pi 1.6.0 refuses a tool call whose output_item.done never came.
      { type: 'response.output_item.done', output_index: outputIndex, item: done },
    ],
  };
}

/** The SSE body of one reply: its text as a message item, then one function_call item per call. */
export function encodeResponsesStream(reply: ScriptedReply, parameters: StreamParameters): string {
  const toolCalls = 'toolCalls' in reply ? reply.toolCalls : [];
  const text = reply.text ?? '';
  const id = `resp_${parameters.callIdPrefix}`;
  // A reply of nothing still gets its (empty) message, as OpenAI answers.
  const message = text !== '' || toolCalls.length === 0 ? [messageItem(`msg_${parameters.callIdPrefix}`, 0, text)] : [];
  const calls = toolCalls.map((call, index) => {
    const callId = `${parameters.callIdPrefix}_${index}`;
    return functionCallItem(`fc_${callId}`, callId, call.name, JSON.stringify(call.arguments ?? {}), message.length + index);
  });
  const items = [...message, ...calls];
  const outputTokens = estimateTokens(text + JSON.stringify(toolCalls));
  const usage = {
    input_tokens: parameters.promptTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: parameters.promptTokens + outputTokens,
  };
  const response = (status: string, output: readonly unknown[], usageSoFar: unknown): Record<string, unknown> => ({
    id,
    object: 'response',
    created_at: 0,
    status,
    error: null,
    incomplete_details: null,
    model: parameters.model,
    output,
    usage: usageSoFar,
  });
  const events = [
    { type: 'response.created', response: response('in_progress', [], null) },
    { type: 'response.in_progress', response: response('in_progress', [], null) },
    ...items.flatMap((item) => item.events),
    // Pi reads usage and status (a tool call makes `completed` its toolUse) from here, not from the items.
    { type: 'response.completed', response: response('completed', items.map((item) => item.done), usage) },
  ];
  return events.map((event, index) => sseEvent(event, index)).join('');
}

export const OPENAI_RESPONSES_WIRE: ProviderWire = {
  api: 'openai-responses',
  strictToolsCompat: { supportsStrictMode: true },
  baseUrl: (origin) => `${origin}/v1`,
  handles: (method, path) => method === 'POST' && path.split('?')[0]?.endsWith('/responses') === true,
  read(body): WireRequest {
    const record = isRecord(body) ? body : {};
    const items = records(record['input']);
    const toolResults: WireToolResult[] = items
      .filter((item) => item['type'] === 'function_call_output')
      .map((item) => ({ callId: stringOf(item['call_id']), text: contentText(item['output']), isError: false }));
    return {
      model: stringOf(record['model']),
      systemPrompt: readSystemPrompt(record, items),
      messages: readMessages(items),
      tools: readTools(record),
      toolResults,
      callIds: items.filter((item) => item['type'] === 'function_call').map((item) => stringOf(item['call_id'])),
    };
  },
  refuse(body): WireRefusal | undefined {
    const tools: unknown[] = isRecord(body) && Array.isArray(body['tools']) ? body['tools'] : [];
    for (const [index, tool] of tools.entries()) {
      if (!isRecord(tool) || tool['type'] !== 'function') continue;
      const refusal = nameRefusal(tool['name'], index) ?? parametersRefusal(tool, index);
      if (refusal !== undefined) return refusal;
    }
    return undefined;
  },
  stream: (reply, parameters) => ({ contentType: 'text/event-stream', body: encodeResponsesStream(reply, parameters) }),
};
