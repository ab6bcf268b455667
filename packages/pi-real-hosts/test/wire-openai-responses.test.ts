import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedReply } from '../src/real/openai-stream.js';
import { OPENAI_RESPONSES_WIRE } from '../src/real/provider-apis/openai-responses.js';
import { loadPiStream, piModel, type PiStream, type PiStreamSource } from './support/pi-ai-of-line.js';
import { sseEvents } from './support/sse.js';
import { startWireServer, type WireServer } from './support/wire-server.js';

const wire = OPENAI_RESPONSES_WIRE;

const OBJECT_SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

function bodyWithTools(...tools: Record<string, unknown>[]): Record<string, unknown> {
  return { model: 'm', input: [], tools };
}

function refusalMessage(body: unknown): string | undefined {
  const refusal = wire.refuse(body);
  return (refusal?.body as { error?: { message?: string } } | undefined)?.error?.message;
}

describe('OPENAI_RESPONSES_WIRE', () => {
  it('answers POST to the responses path under /v1, with or without a query', () => {
    expect(wire.api).toBe('openai-responses');
    expect(wire.baseUrl('http://127.0.0.1:9')).toBe('http://127.0.0.1:9/v1');
    expect(wire.handles('POST', '/v1/responses')).toBe(true);
    expect(wire.handles('POST', '/v1/responses?api-version=1')).toBe(true);
    expect(wire.handles('GET', '/v1/responses')).toBe(false);
    expect(wire.handles('POST', '/v1/chat/completions')).toBe(false);
    expect(wire.handles('POST', '/v1/responses/compact')).toBe(false);
  });

  it('reads the system prompt, the conversation, the tools, the calls and their results', () => {
    const request = wire.read({
      model: 'scripted-model',
      instructions: 'Be brief.',
      input: [
        { role: 'system', content: 'You are Pi.' },
        { role: 'developer', content: [{ type: 'input_text', text: 'Use tools.' }] },
        { role: 'user', content: [{ type: 'input_text', text: 'list ' }, { type: 'input_text', text: 'files' }] },
        { type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'Looking.', annotations: [] }] },
        { type: 'function_call', id: 'fc_1', call_id: 'call_1_0', name: 'ls', arguments: '{}' },
        { type: 'function_call', call_id: 'call_1_1', name: 'read', arguments: '{"path":"a"}' },
        { type: 'function_call_output', call_id: 'call_1_0', output: 'a\nb' },
        { type: 'function_call_output', call_id: 'call_1_1', output: [{ type: 'input_text', text: 'ENOENT' }] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] },
        { role: 'user', content: 'thanks' },
      ],
      tools: [
        { type: 'function', name: 'ls', description: 'List.', parameters: { type: 'object', properties: {} }, strict: false },
        { type: 'custom', name: 'apply_patch', format: { type: 'grammar' } },
        { type: 'function', name: 'read', parameters: OBJECT_SCHEMA, strict: true },
      ],
    });

    expect(request).toEqual({
      model: 'scripted-model',
      systemPrompt: 'Be brief.\nYou are Pi.\nUse tools.',
      messages: [
        { role: 'user', text: 'list files' },
        { role: 'assistant', text: 'Looking.' },
        { role: 'tool', text: 'a\nb' },
        { role: 'tool', text: 'ENOENT' },
        { role: 'assistant', text: 'Done.' },
        { role: 'user', text: 'thanks' },
      ],
      tools: [
        { name: 'ls', description: 'List.', parameters: { type: 'object', properties: {} }, strict: false },
        { name: 'read', description: '', parameters: OBJECT_SCHEMA, strict: true },
      ],
      toolResults: [
        { callId: 'call_1_0', text: 'a\nb', isError: false },
        { callId: 'call_1_1', text: 'ENOENT', isError: false },
      ],
      callIds: ['call_1_0', 'call_1_1'],
    });
  });

  it('reads what it cannot parse as an empty request', () => {
    expect(wire.read('nonsense')).toEqual({ model: '', systemPrompt: '', messages: [], tools: [], toolResults: [], callIds: [] });
  });

  it('refuses function names as OpenAI does', () => {
    expect(wire.refuse(bodyWithTools({ type: 'function', name: 'read file', parameters: OBJECT_SCHEMA }))).toEqual({
      status: 400,
      body: {
        error: {
          message: "Invalid 'tools[0].name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
          type: 'invalid_request_error',
          param: 'tools[0].name',
          code: 'invalid_value',
        },
      },
    });
    expect(refusalMessage(bodyWithTools({ type: 'function', name: 'a'.repeat(65), parameters: null }))).toBe(
      "Invalid 'tools[0].name': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
    );
    expect(refusalMessage(bodyWithTools({ type: 'function', name: '' }))).toBe(
      "Invalid 'tools[0].name': empty string. Expected a string with minimum length 1, but got an empty string instead.",
    );
    expect(refusalMessage(bodyWithTools({ type: 'function' }))).toBe("Missing required parameter: 'tools[0].name'.");
    expect(wire.refuse(bodyWithTools({ type: 'function', name: 'a'.repeat(64), parameters: OBJECT_SCHEMA }))).toBeUndefined();
  });

  it('refuses parameters that are not an object schema', () => {
    const body = bodyWithTools({ type: 'function', name: 'ok', parameters: OBJECT_SCHEMA }, { type: 'function', name: 'union', parameters: { anyOf: [OBJECT_SCHEMA] } });
    expect(wire.refuse(body)).toEqual({
      status: 400,
      body: {
        error: {
          message: `Invalid schema for function 'union': schema must be a JSON Schema of 'type: "object"', got 'type: "None"'.`,
          type: 'invalid_request_error',
          param: 'tools[1].parameters',
          code: 'invalid_function_parameters',
        },
      },
    });
    expect(refusalMessage(bodyWithTools({ type: 'function', name: 's', parameters: { type: 'string' } }))).toBe(
      `Invalid schema for function 's': schema must be a JSON Schema of 'type: "object"', got 'type: "string"'.`,
    );
  });

  it('lets non-strict functions have optional and extra properties, and other tools through', () => {
    const loose = { type: 'object', properties: { path: { type: 'string' }, limit: { type: 'number' } }, required: ['path'] };
    expect(wire.refuse(bodyWithTools({ type: 'function', name: 'read', parameters: loose }, { type: 'function', name: 'read2', parameters: loose, strict: false }))).toBeUndefined();
    expect(wire.refuse(bodyWithTools({ type: 'custom', name: 'apply patch' }, { type: 'web_search' }))).toBeUndefined();
    expect(wire.refuse({ model: 'm', input: [] })).toBeUndefined();
  });

  it('refuses strict schemas structured outputs cannot enforce, naming where', () => {
    const strict = (parameters: Record<string, unknown>): string | undefined => refusalMessage(bodyWithTools({ type: 'function', name: 'f', parameters, strict: true }));
    const prefix = "Invalid schema for function 'f': ";

    expect(strict({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })).toBe(
      `${prefix}In context=(), 'additionalProperties' is required to be supplied and to be false.`,
    );
    expect(strict({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'], additionalProperties: false })).toBe(
      `${prefix}In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'b'.`,
    );
    const nested = { type: 'object', properties: { options: { type: 'object', properties: { deep: { type: 'boolean' } }, required: ['deep'] } }, required: ['options'], additionalProperties: false };
    expect(strict(nested)).toBe(`${prefix}In context=('properties', 'options'), 'additionalProperties' is required to be supplied and to be false.`);
    expect(strict({ type: 'object', anyOf: [{ type: 'object' }], properties: {}, additionalProperties: false })).toBe(`${prefix}In context=(), 'anyOf' is not permitted.`);
    const allOf = { type: 'object', properties: { x: { allOf: [{ type: 'string' }] } }, required: ['x'], additionalProperties: false };
    expect(strict(allOf)).toBe(`${prefix}In context=('properties', 'x'), 'allOf' is not permitted.`);
    const inUnion = { type: 'object', properties: { x: { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] } }, required: ['x'], additionalProperties: false };
    expect(strict(inUnion)).toBe(`${prefix}In context=('properties', 'x', 'anyOf', 0), 'additionalProperties' is required to be supplied and to be false.`);
    const inItems = { type: 'object', properties: { xs: { type: 'array', items: { type: 'object', properties: {}, additionalProperties: true } } }, required: ['xs'], additionalProperties: false };
    expect(strict(inItems)).toBe(`${prefix}In context=('properties', 'xs', 'items'), 'additionalProperties' is required to be supplied and to be false.`);

    // What Pi's strict conversion sends: optional properties made required and nullable.
    const enforceable = {
      type: 'object',
      properties: { path: { type: 'string' }, limit: { anyOf: [{ type: 'number' }, { type: 'null' }] }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['path', 'limit', 'tags'],
      additionalProperties: false,
    };
    expect(strict(enforceable)).toBeUndefined();
  });

  it('streams a text reply as one message item and a completed response with usage', () => {
    const { contentType, body } = wire.stream({ text: 'Hello.' }, { model: 'scripted-model', callIdPrefix: 'call_2', promptTokens: 40 });
    const events = sseEvents(body);

    expect(contentType).toBe('text/event-stream');
    expect(events.map((event) => event.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.every((event, index) => event.data['type'] === event.event && event.data['sequence_number'] === index)).toBe(true);
    expect(events[4]?.data).toMatchObject({ item_id: 'msg_call_2', output_index: 0, content_index: 0, delta: 'Hello.' });
    expect(events[8]?.data['response']).toMatchObject({
      id: 'resp_call_2',
      status: 'completed',
      model: 'scripted-model',
      output: [{ id: 'msg_call_2', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello.' }] }],
      usage: { input_tokens: 40, output_tokens: 2, total_tokens: 42 },
    });
  });

  it('streams tool calls as function_call items after the text, with their ids and JSON arguments', () => {
    const reply: ScriptedReply = { text: 'Reading.', toolCalls: [{ name: 'read', arguments: { path: 'a.txt' } }, { name: 'ls', arguments: undefined }] };
    const events = sseEvents(wire.stream(reply, { model: 'm', callIdPrefix: 'call_3', promptTokens: 1 }).body);
    const added = events.filter((event) => event.event === 'response.output_item.added').map((event) => event.data);

    expect(added).toEqual([
      expect.objectContaining({ output_index: 0, item: expect.objectContaining({ type: 'message' }) as unknown }),
      expect.objectContaining({ output_index: 1, item: { id: 'fc_call_3_0', type: 'function_call', status: 'in_progress', arguments: '', call_id: 'call_3_0', name: 'read' } }),
      expect.objectContaining({ output_index: 2, item: { id: 'fc_call_3_1', type: 'function_call', status: 'in_progress', arguments: '', call_id: 'call_3_1', name: 'ls' } }),
    ]);
    expect(events.filter((event) => event.event === 'response.function_call_arguments.done').map((event) => event.data)).toEqual([
      expect.objectContaining({ item_id: 'fc_call_3_0', output_index: 1, arguments: '{"path":"a.txt"}' }),
      expect.objectContaining({ item_id: 'fc_call_3_1', output_index: 2, arguments: '{}' }),
    ]);
    const completed = events.at(-1)?.data['response'] as { output: { type: string; call_id?: string }[] };
    expect(completed.output.map((item) => [item.type, item.call_id])).toEqual([['message', undefined], ['function_call', 'call_3_0'], ['function_call', 'call_3_1']]);
  });

  it('streams a call-only reply without a message item', () => {
    const events = sseEvents(wire.stream({ toolCalls: [{ name: 'ls', arguments: {} }] }, { model: 'm', callIdPrefix: 'c', promptTokens: 1 }).body);
    expect(events.filter((event) => event.event === 'response.output_item.added').map((event) => (event.data['item'] as { type: string }).type)).toEqual(['function_call']);
    expect(events.find((event) => event.event === 'response.output_item.added')?.data['output_index']).toBe(0);
  });
});

// Proof against Pi's own client: each line's pi-ai (resolved from that Pi line, as the CLI would) streams
// from a loopback server that answers with this wire, and sends its next request back through `read`.

interface PiLine extends PiStreamSource {
  readonly line: string;
}

// pi-ai's public `stream` (by `api`, folding the system prompt and tools in as Pi's agent does).
const PI_LINES: readonly PiLine[] = [
  { line: '1.6.0', agent: 'pi-coding-agent-1.6.0', module: 'dist/compat.js', exportName: 'stream' },
  { line: '0.84.2', agent: 'pi-coding-agent-0.84.2', module: 'dist/compat.js', exportName: 'stream' },
  { line: '0.73.1', agent: 'pi-coding-agent-0.73.1', module: 'dist/index.js', exportName: 'stream' },
];

const READ_TOOL = {
  name: 'read',
  description: 'Read a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' }, limit: { type: 'number' } }, required: ['path'] },
};
const LS_TOOL = { name: 'ls', description: 'List files.', parameters: { type: 'object', properties: {} } };

describe.each(PI_LINES)("Pi $line's own openai-responses client", (line) => {
  const replies: ScriptedReply[] = [];
  let server: WireServer;
  let stream: PiStream;
  let model: Record<string, unknown>;

  beforeAll(async () => {
    stream = await loadPiStream(line);
    // Each request gets the next queued reply, its call ids numbered by the request.
    server = await startWireServer(wire, (received) => ({
      reply: replies.shift() ?? { text: 'no reply queued' },
      parameters: { model: 'scripted-model', callIdPrefix: `call_${received.length}`, promptTokens: 100 },
    }));
    model = piModel('openai-responses', server.baseUrl);
  });

  afterAll(async () => {
    await server.close();
  });

  it('reads the text and tool calls of the stream, and sends the calls and results back as read expects', async () => {
    const user = { role: 'user', content: 'read a.txt and list', timestamp: 0 };
    const context = { systemPrompt: 'You are scripted.', messages: [user], tools: [READ_TOOL, LS_TOOL] };
    replies.push({ text: 'Reading.', toolCalls: [{ name: 'read', arguments: { path: 'a.txt' } }, { name: 'ls', arguments: {} }] });

    const first = await stream(model, context, { apiKey: 'test-key' }).result();

    expect(first.errorMessage).toBeUndefined();
    expect(first.stopReason).toBe('toolUse');
    expect(first.content.filter((block) => block.type === 'text').map((block) => block.text)).toEqual(['Reading.']);
    const calls = first.content.filter((block) => block.type === 'toolCall');
    expect(calls.map((call) => [call.id, call.name, call.arguments])).toEqual([
      [`call_${server.received.length}_0|fc_call_${server.received.length}_0`, 'read', { path: 'a.txt' }],
      [`call_${server.received.length}_1|fc_call_${server.received.length}_1`, 'ls', {}],
    ]);
    expect(first.usage.input).toBe(100);
    expect(server.received.at(-1)?.url).toBe('/v1/responses');
    const firstRequest = wire.read(server.received.at(-1)?.body);
    expect(firstRequest).toMatchObject({
      model: 'scripted-model',
      systemPrompt: 'You are scripted.',
      messages: [{ role: 'user', text: 'read a.txt and list' }],
      tools: [
        { name: 'read', description: 'Read a file.', parameters: READ_TOOL.parameters, strict: false },
        { name: 'ls', description: 'List files.' },
      ],
      toolResults: [],
      callIds: [],
    });

    const results = calls.map((call, index) => ({
      role: 'toolResult',
      toolCallId: call.id,
      toolName: call.name,
      content: [{ type: 'text', text: index === 0 ? 'ENOENT: a.txt' : 'b.txt' }],
      isError: index === 0,
      timestamp: 0,
    }));
    replies.push({ text: 'a.txt is missing.' });

    const second = await stream(model, { ...context, messages: [user, first, ...results] }, { apiKey: 'test-key' }).result();

    expect(second.stopReason).toBe('stop');
    expect(second.content).toEqual([expect.objectContaining({ type: 'text', text: 'a.txt is missing.' })]);
    const callIds = calls.map((call) => call.id?.split('|')[0]);
    expect(wire.read(server.received.at(-1)?.body)).toMatchObject({
      messages: [
        { role: 'user', text: 'read a.txt and list' },
        { role: 'assistant', text: 'Reading.' },
        { role: 'tool', text: 'ENOENT: a.txt' },
        { role: 'tool', text: 'b.txt' },
      ],
      callIds,
      // Pi sends an error result as plain text: the Responses API has no error flag.
      toolResults: [
        { callId: callIds[0], text: 'ENOENT: a.txt', isError: false },
        { callId: callIds[1], text: 'b.txt', isError: false },
      ],
    });
  });

  it('surfaces the refusal of a tool OpenAI would refuse', async () => {
    const badTool = { ...LS_TOOL, name: 'list files' };
    const refused = await stream(model, { systemPrompt: '', messages: [{ role: 'user', content: 'hi', timestamp: 0 }], tools: [badTool] }, { apiKey: 'test-key' }).result();

    expect(refused.stopReason).toBe('error');
    expect(refused.errorMessage).toContain("Invalid 'tools[0].name': string does not match pattern.");
  });
});
