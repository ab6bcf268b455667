import { encodeCompletionStream, type ScriptedReply } from '../openai-stream.js';
import type { ProviderWire, StreamParameters, WireMessage, WireRefusal, WireRequest, WireTool, WireToolResult } from './wire.js';
import { isRecord, records, stringOf } from './json-fields.js';

// OpenAI chat completions, the wire local models and OpenAI-compatible servers speak: the one the
// scripted model spoke alone before the other providers' wires.

const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/u;

/** The text of a message's content, whether a string or an array of parts. */
export function chatContentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isRecord)
    .map((part) => (typeof part['text'] === 'string' ? part['text'] : ''))
    .join('');
}

function functionsOf(body: Record<string, unknown>): Record<string, unknown>[] {
  return records(body['tools']).map((tool) => (isRecord(tool['function']) ? tool['function'] : {}));
}

function readTools(body: Record<string, unknown>): WireTool[] {
  return functionsOf(body).map((fn) => ({
    name: typeof fn['name'] === 'string' ? fn['name'] : '',
    description: typeof fn['description'] === 'string' ? fn['description'] : '',
    parameters: fn['parameters'],
    strict: fn['strict'] === true,
  }));
}

function readMessages(messages: readonly Record<string, unknown>[]): WireMessage[] {
  return messages.flatMap((message): WireMessage[] => {
    const role = message['role'];
    if (role !== 'user' && role !== 'assistant' && role !== 'tool') return [];
    return [{ role, text: chatContentText(message['content']) }];
  });
}

/** What OpenAI answers a strict function whose schema its structured outputs cannot enforce. */
function strictSchemaProblem(schema: unknown, path: string): string | undefined {
  if (!isRecord(schema)) return undefined;
  if (schema['type'] === 'object') {
    if (schema['additionalProperties'] !== false) return `In context=(${path}), 'additionalProperties' is required to be supplied and to be false.`;
    const properties = isRecord(schema['properties']) ? schema['properties'] : {};
    const required = Array.isArray(schema['required']) ? schema['required'] : [];
    const missing = Object.keys(properties).find((name) => !required.includes(name));
    if (missing !== undefined) return `In context=(${path}), 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    for (const [name, property] of Object.entries(properties)) {
      const problem = strictSchemaProblem(property, `${path}, 'properties', '${name}'`);
      if (problem !== undefined) return problem;
    }
  }
  for (const variant of records(schema['anyOf'])) {
    const problem = strictSchemaProblem(variant, `${path}, 'anyOf'`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function invalidFunction(index: number, message: string): WireRefusal {
  return {
    status: 400,
    body: { error: { message: `Invalid schema for function '${String(index)}': ${message}`, type: 'invalid_request_error', param: `tools[${String(index)}].function.parameters`, code: 'invalid_function_parameters' } },
  };
}

export const OPENAI_COMPLETIONS_WIRE: ProviderWire = {
  api: 'openai-completions',
  compat: { supportsDeveloperRole: false, supportsStore: false, supportsReasoningEffort: false },
  strictToolsCompat: { supportsStrictMode: true },
  baseUrl: (origin) => `${origin}/v1`,
  handles: (method, path) => method === 'POST' && path.split('?')[0]?.endsWith('/chat/completions') === true,
  read(body): WireRequest {
    const record = isRecord(body) ? body : {};
    const messages = records(record['messages']);
    const system = messages.filter((message) => message['role'] === 'system' || message['role'] === 'developer');
    const toolResults: WireToolResult[] = messages
      .filter((message) => message['role'] === 'tool')
      .map((message) => ({ callId: stringOf(message['tool_call_id']), text: chatContentText(message['content']), isError: false }));
    const callIds = messages.flatMap((message) => records(message['tool_calls']).map((call) => stringOf(call['id'])));
    return {
      model: typeof record['model'] === 'string' ? record['model'] : '',
      systemPrompt: system.map((message) => chatContentText(message['content'])).join('\n'),
      messages: readMessages(messages),
      tools: readTools(record),
      toolResults,
      callIds,
    };
  },
  refuse(body): WireRefusal | undefined {
    const functions = functionsOf(isRecord(body) ? body : {});
    for (const [index, fn] of functions.entries()) {
      const name = fn['name'];
      if (typeof name !== 'string' || !FUNCTION_NAME.test(name)) {
        return { status: 400, body: { error: { message: `Invalid 'tools[${String(index)}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, type: 'invalid_request_error', param: `tools[${String(index)}].function.name`, code: 'invalid_value' } } };
      }
      const parameters = fn['parameters'];
      if (parameters !== undefined && (!isRecord(parameters) || parameters['type'] !== 'object')) {
        return invalidFunction(index, "schema must be a JSON Schema of 'type: \"object\"', got 'type: \"" + String(isRecord(parameters) ? parameters['type'] : typeof parameters) + "\"'.");
      }
      if (fn['strict'] === true) {
        const problem = strictSchemaProblem(parameters, 'root');
        if (problem !== undefined) return invalidFunction(index, problem);
      }
    }
    return undefined;
  },
  stream: (reply: ScriptedReply, parameters: StreamParameters) => ({ contentType: 'text/event-stream', body: encodeCompletionStream(reply, parameters) }),
};
