import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedReply } from '../src/real/openai-stream.js';
import { ANTHROPIC_MESSAGES_WIRE as wire } from '../src/real/provider-apis/anthropic-messages.js';
import { loadPiStream, PI_ZERO_USAGE, piModel, type PiAssistantMessage, type PiStream, type PiStreamSource } from './support/pi-ai-of-line.js';
import { sseEvents } from './support/sse.js';
import { startWireServer, type WireServer } from './support/wire-server.js';

const PARAMETERS = { model: 'scripted-model', callIdPrefix: 'call_7', promptTokens: 42 };
const OBJECT_SCHEMA = { type: 'object', properties: { note: { type: 'string' } }, required: ['note'] };

function tool(name: string, inputSchema: unknown = OBJECT_SCHEMA, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, description: `The ${name} tool.`, input_schema: inputSchema, ...extra };
}

function refusalMessage(tools: readonly unknown[]): string | undefined {
  const refusal = wire.refuse({ model: 'scripted-model', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }], tools });
  if (refusal === undefined) return undefined;
  expect(refusal.status).toBe(400);
  const body = refusal.body as { type: string; error: { type: string; message: string } };
  expect(body.type).toBe('error');
  expect(body.error.type).toBe('invalid_request_error');
  return body.error.message;
}

describe('ANTHROPIC_MESSAGES_WIRE', () => {
  it('is served at the origin and handles POSTs to /v1/messages, with or without ?beta=true', () => {
    expect(wire.api).toBe('anthropic-messages');
    expect(wire.baseUrl('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(wire.handles('POST', '/v1/messages')).toBe(true);
    expect(wire.handles('POST', '/v1/messages?beta=true')).toBe(true);
    expect(wire.handles('GET', '/v1/messages')).toBe(false);
    expect(wire.handles('POST', '/v1/messages/count_tokens')).toBe(false);
    expect(wire.handles('POST', '/v1/v1/messages')).toBe(false);
    expect(wire.handles('POST', '/v1/chat/completions')).toBe(false);
  });

  it('reads the system prompt, the flattened conversation, tools, tool results and call ids', () => {
    const read = wire.read({
      model: 'scripted-model',
      max_tokens: 100,
      stream: true,
      system: [{ type: 'text', text: 'You are scripted.', cache_control: { type: 'ephemeral' } }],
      messages: [
        { role: 'user', content: 'first' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'calling' },
            { type: 'tool_use', id: 'call_1_0', name: 'echo_note', input: { note: 'a' } },
            { type: 'tool_use', id: 'call_1_1', name: 'echo_note', input: { note: 'b' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1_1', content: 'second result', is_error: false },
            { type: 'tool_result', tool_use_id: 'call_1_0', content: [{ type: 'text', text: 'failed: ' }, { type: 'image', source: {} }, { type: 'text', text: 'no' }], is_error: true },
            { type: 'text', text: 'and then', cache_control: { type: 'ephemeral' } },
          ],
        },
      ],
      tools: [tool('echo_note', OBJECT_SCHEMA, { eager_input_streaming: true, strict: true })],
    });

    expect(read).toEqual({
      model: 'scripted-model',
      systemPrompt: 'You are scripted.',
      messages: [
        { role: 'user', text: 'first' },
        { role: 'assistant', text: 'calling' },
        { role: 'tool', text: 'second result' },
        { role: 'tool', text: 'failed: no' },
        { role: 'user', text: 'and then' },
      ],
      tools: [{ name: 'echo_note', description: 'The echo_note tool.', parameters: OBJECT_SCHEMA, strict: true }],
      toolResults: [
        { callId: 'call_1_1', text: 'second result', isError: false },
        { callId: 'call_1_0', text: 'failed: no', isError: true },
      ],
      callIds: ['call_1_0', 'call_1_1'],
    });
    expect(wire.read({ system: 'plain', messages: [] })).toMatchObject({ model: '', systemPrompt: 'plain', messages: [], tools: [] });
    expect(wire.read(null)).toEqual({ model: '', systemPrompt: '', messages: [], tools: [], toolResults: [], callIds: [] });
  });

  it('accepts tools within the rules, server tools and up to 20 strict tools within the budgets', () => {
    expect(refusalMessage([])).toBeUndefined();
    expect(refusalMessage([tool('echo_note'), tool('read-file_2'), { type: 'web_search_20250305', name: 'web_search' }])).toBeUndefined();
    const strictSchema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
    const strictTools = Array.from({ length: 20 }, (_, index) => tool(`strict_${String(index)}`, strictSchema, { strict: true }));
    expect(refusalMessage(strictTools)).toBeUndefined();
  });

  it('refuses tool names off the pattern, and duplicate names', () => {
    expect(refusalMessage([tool('ok'), tool('bad.name')])).toBe("tools.1.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'");
    expect(refusalMessage([tool('x'.repeat(65))])).toBe("tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'");
    expect(refusalMessage([tool('x'.repeat(64))])).toBeUndefined();
    expect(refusalMessage([tool('')])).toContain('String should match pattern');
    expect(refusalMessage([tool('same'), tool('other'), tool('same')])).toBe('tools: Tool names must be unique.');
  });

  it('refuses an input_schema that is missing, not an object schema, or a top-level combinator', () => {
    expect(refusalMessage([{ name: 'a', description: '' }])).toBe('tools.0.custom.input_schema: Field required');
    expect(refusalMessage([tool('a', { type: 'array', items: { type: 'string' } })])).toBe("tools.0.custom.input_schema.type: Input should be 'object'");
    expect(refusalMessage([tool('a', { properties: {} })])).toBe('tools.0.custom.input_schema.type: Field required');
    for (const combinator of ['anyOf', 'oneOf', 'allOf']) {
      expect(refusalMessage([tool('a'), tool('b', { type: 'object', [combinator]: [OBJECT_SCHEMA] })])).toBe(
        'tools.1.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level',
      );
    }
  });

  it('refuses strict tools whose objects are open, more than 20 strict tools, and schemas over the grammar budgets', () => {
    const open = { type: 'object', properties: { inner: { type: 'object', properties: {} } }, required: ['inner'], additionalProperties: false };
    expect(refusalMessage([tool('a', open, { strict: true })])).toBe("tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false");
    // The same schema is fine without strict: only strict tool use compiles a grammar.
    expect(refusalMessage([tool('a', open)])).toBeUndefined();

    const closed = { type: 'object', properties: {}, additionalProperties: false };
    const many = Array.from({ length: 21 }, (_, index) => tool(`t${String(index)}`, closed, { strict: true }));
    expect(refusalMessage(many)).toBe('Too many strict tools (21). The maximum number of strict tools supported is 20. Try reducing the number of tools marked as strict.');

    // 13 optional properties a tool, two tools: 26 across the request.
    const optional = { type: 'object', properties: Object.fromEntries(Array.from({ length: 13 }, (_, index) => [`p${String(index)}`, { type: 'string' }])), additionalProperties: false };
    expect(refusalMessage([tool('a', optional, { strict: true }), tool('b', optional, { strict: true })])).toBe(
      'Schemas contains too many optional parameters (26), which would make grammar compilation inefficient. Reduce the number of optional parameters in your tool schemas (limit: 24).',
    );
    expect(refusalMessage([tool('a', optional, { strict: true }), tool('b', optional)])).toBeUndefined();

    // Pi 1.6.0's strict form: optional parameters become required `anyOf [T, null]` unions.
    const nullable = Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`p${String(index)}`, { anyOf: [{ type: 'string' }, { type: 'null' }] }]));
    const unions = { type: 'object', properties: nullable, required: Object.keys(nullable), additionalProperties: false };
    expect(refusalMessage([tool('a', unions, { strict: true })])).toMatch(/^Schemas contains too many parameters with union types \(17 parameters with type arrays or anyOf\)\. .*\(limit: 16 parameters with unions\)\.$/u);
  });

  it('streams text, then one tool_use block a call, and stops for tool use with the prompt tokens as input usage', () => {
    const reply: ScriptedReply = { text: 'Let me look.', toolCalls: [{ name: 'echo_note', arguments: { note: 'x' } }, { name: 'read', arguments: { path: 'a.txt', limit: 5 } }] };
    const { contentType, body } = wire.stream(reply, PARAMETERS);
    const events = sseEvents(body);

    expect(contentType).toBe('text/event-stream');
    expect(events.map((event) => event.event)).toEqual([
      'message_start',
      'ping',
      ...['content_block_start', 'content_block_delta', 'content_block_stop'],
      ...['content_block_start', 'content_block_delta', 'content_block_stop'],
      ...['content_block_start', 'content_block_delta', 'content_block_stop'],
      'message_delta',
      'message_stop',
    ]);
    for (const event of events) expect(event.data['type']).toBe(event.event);
    expect(events[0]?.data).toMatchObject({ message: { id: 'msg_call_7', role: 'assistant', model: 'scripted-model', content: [], usage: { input_tokens: 42 } } });
    expect(events.slice(2, 5).map((event) => event.data)).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me look.' } },
      { type: 'content_block_stop', index: 0 },
    ]);
    const toolBlocks = events.filter((event) => event.event === 'content_block_start').slice(1).map((event) => event.data['content_block']);
    expect(toolBlocks).toEqual([
      { type: 'tool_use', id: 'call_7_0', name: 'echo_note', input: {} },
      { type: 'tool_use', id: 'call_7_1', name: 'read', input: {} },
    ]);
    const inputs = events.flatMap((event) => {
      const delta = event.data['delta'] as { type?: string; partial_json?: string } | undefined;
      return delta?.type === 'input_json_delta' ? [[event.data['index'], JSON.parse(delta.partial_json ?? '') as unknown]] : [];
    });
    expect(inputs).toEqual([
      [1, { note: 'x' }],
      [2, { path: 'a.txt', limit: 5 }],
    ]);
    expect(events.at(-2)?.data).toMatchObject({ delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { input_tokens: 42 } });
    expect(body.endsWith('event: message_stop\ndata: {"type":"message_stop"}\n\n')).toBe(true);
  });

  it('ends a text reply with end_turn, and a reply without text has no text block', () => {
    const text = sseEvents(wire.stream({ text: 'Done.' }, PARAMETERS).body);
    expect(text.filter((event) => event.event === 'content_block_start')).toHaveLength(1);
    expect(text.at(-2)?.data).toMatchObject({ delta: { stop_reason: 'end_turn' } });

    const calls = sseEvents(wire.stream({ toolCalls: [{ name: 'echo_note', arguments: undefined }] }, PARAMETERS).body);
    expect(calls.filter((event) => event.event === 'content_block_start').map((event) => event.data['content_block'])).toEqual([{ type: 'tool_use', id: 'call_7_0', name: 'echo_note', input: {} }]);
    expect(calls.find((event) => event.event === 'content_block_delta')?.data['delta']).toEqual({ type: 'input_json_delta', partial_json: '{}' });
  });
});

// Pi's own Anthropic provider, as installed for three release lines, against this wire on loopback:
// what Pi sends must read and pass the rules, and what the wire streams must come back as Pi's message.

interface PiLine extends PiStreamSource {
  /** The path Pi posts to. */
  readonly path: string;
}

const PI_LINES: readonly PiLine[] = [
  { agent: 'pi-coding-agent-0.73.1', module: 'dist/providers/anthropic.js', exportName: 'streamSimpleAnthropic', path: '/v1/messages' },
  { agent: 'pi-coding-agent-0.84.2', module: 'dist/api/anthropic-messages.js', exportName: 'streamSimple', path: '/v1/messages' },
  { agent: 'pi-coding-agent-1.6.0', module: 'dist/api/anthropic-messages.js', exportName: 'streamSimple', transcript: true, path: '/v1/messages?beta=true' },
];

describe.each(PI_LINES)("Pi's Anthropic provider ($agent) against the wire", (line) => {
  let server: WireServer;
  let stream: PiStream;
  let reply: ScriptedReply = { text: '' };

  beforeAll(async () => {
    stream = await loadPiStream(line);
    server = await startWireServer(wire, () => ({ reply, parameters: PARAMETERS }));
  });

  afterAll(async () => {
    await server.close();
  });

  const context = (toolName: string): unknown => ({
    systemPrompt: 'You are scripted.',
    tools: [{ name: toolName, description: 'Echo a note.', parameters: OBJECT_SCHEMA }],
    messages: [
      { role: 'user', content: 'first', timestamp: 1 },
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'calling' }, { type: 'toolCall', id: 'call_1_0', name: toolName, arguments: { note: 'a' } }],
        api: 'anthropic-messages',
        provider: 'scripted',
        model: 'scripted-model',
        usage: PI_ZERO_USAGE,
        stopReason: 'toolUse',
        timestamp: 2,
      },
      { role: 'toolResult', toolCallId: 'call_1_0', toolName, content: [{ type: 'text', text: 'failed: no' }], isError: true, timestamp: 3 },
      { role: 'user', content: 'second', timestamp: 4 },
    ],
  });
  const ask = (toolName = 'echo_note'): Promise<PiAssistantMessage> => stream(piModel('anthropic-messages', server.baseUrl), context(toolName), { apiKey: 'scripted-key', maxRetries: 0 }).result();

  it("posts a request the wire reads and accepts, and reads the wire's tool calls back", async () => {
    reply = { text: 'Let me look.', toolCalls: [{ name: 'echo_note', arguments: { note: 'x' } }, { name: 'echo_note', arguments: { note: 'y', nested: [1, { deep: true }] } }] };
    server.received.length = 0;

    const message = await ask();

    const [request] = server.received;
    expect(request?.url).toBe(line.path);
    expect(request?.headers['anthropic-version']).toBe('2023-06-01');
    expect(request?.headers['x-api-key']).toBe('scripted-key');
    expect(wire.refuse(request?.body)).toBeUndefined();
    expect(wire.read(request?.body)).toEqual({
      model: 'scripted-model',
      systemPrompt: 'You are scripted.',
      messages: [
        { role: 'user', text: 'first' },
        { role: 'assistant', text: 'calling' },
        { role: 'tool', text: 'failed: no' },
        { role: 'user', text: 'second' },
      ],
      tools: [{ name: 'echo_note', description: 'Echo a note.', parameters: OBJECT_SCHEMA, strict: false }],
      toolResults: [{ callId: 'call_1_0', text: 'failed: no', isError: true }],
      callIds: ['call_1_0'],
    });

    expect(message.errorMessage).toBeUndefined();
    expect(message.stopReason).toBe('toolUse');
    expect(message.usage.input).toBe(42);
    expect(message.content.map(({ type, text, id, name, arguments: args }) => ({ type, text, id, name, arguments: args }))).toEqual([
      { type: 'text', text: 'Let me look.', id: undefined, name: undefined, arguments: undefined },
      { type: 'toolCall', text: undefined, id: 'call_7_0', name: 'echo_note', arguments: { note: 'x' } },
      { type: 'toolCall', text: undefined, id: 'call_7_1', name: 'echo_note', arguments: { note: 'y', nested: [1, { deep: true }] } },
    ]);
  });

  it('reads a text reply as a stop', async () => {
    reply = { text: 'All done.' };

    const message = await ask();

    expect(message.stopReason).toBe('stop');
    expect(message.content).toEqual([{ type: 'text', text: 'All done.' }]);
  });

  it("surfaces the wire's refusal as Pi's error message", async () => {
    const message = await ask('bad.name');

    expect(message.stopReason).toBe('error');
    expect(message.errorMessage).toContain("tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'");
  });
});
