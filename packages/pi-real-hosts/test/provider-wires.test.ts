import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBunBinary } from '../src/real/bun-binary.js';
import { readWireRequest, toolResultEntriesInCallOrder, toolResultsInCallOrder } from '../src/real/model-request.js';
import type { ScriptedReply } from '../src/real/openai-stream.js';
import type { ProviderApi, WireMessage, WireRefusal, WireRequest, WireToolResult } from '../src/real/provider-apis/wire.js';
import { PROVIDER_APIS, wireFor } from '../src/real/provider-apis/wires.js';
import { hostDir, loadPiStream, PI_ZERO_USAGE, piAiDir, piModel, type PiAssistantMessage, type PiStreamSource } from './support/pi-ai-of-line.js';
import { startWireServer, type WireServer } from './support/wire-server.js';

// The scripted model's provider wires (src/real/provider-apis/), one table per part of a wire: the route
// it serves, how it reads a request into one shape, what its provider refuses (with that provider's error
// body), how it streams a reply; then Pi's own provider client of 0.73.1, 0.84.2 and 1.6.0 (and Google's
// of oh-my-pi under Bun) against each wire on loopback: what Pi sends must read and pass the rules, what
// the wire streams must come back as Pi's message.

const EMPTY_REQUEST: WireRequest = { model: '', systemPrompt: '', messages: [], tools: [], toolResults: [], callIds: [] };
const PARAMETERS = { model: 'scripted-model', callIdPrefix: 'call_7', promptTokens: 42 };

describe.each([
  ['openai-completions', 'http://127.0.0.1:9/v1', ['/v1/chat/completions'], [['GET', '/v1/chat/completions'], ['POST', '/v1/responses']]],
  ['openai-responses', 'http://127.0.0.1:9/v1', ['/v1/responses', '/v1/responses?api-version=1'], [['GET', '/v1/responses'], ['POST', '/v1/chat/completions'], ['POST', '/v1/responses/compact']]],
  [
    'anthropic-messages',
    // The SDK appends /v1/messages to the baseUrl itself.
    'http://127.0.0.1:9',
    ['/v1/messages', '/v1/messages?beta=true'],
    [['GET', '/v1/messages'], ['POST', '/v1/messages/count_tokens'], ['POST', '/v1/v1/messages'], ['POST', '/v1/chat/completions']],
  ],
  [
    'google-generative-ai',
    'http://127.0.0.1:9/v1beta',
    ['/v1beta/models/scripted-model:streamGenerateContent?alt=sse', '/v1beta/models/gemini-2.5-flash:streamGenerateContent?key=x&alt=sse'],
    [['GET', '/v1beta/models/m:streamGenerateContent?alt=sse'], ['POST', '/v1beta/models/m:streamGenerateContent'], ['POST', '/v1beta/models/m:generateContent?alt=sse']],
  ],
] as const)('the %s wire', (api, baseUrl, handled, notHandled) => {
  const wire = wireFor(api);

  it('serves its route below its baseUrl and nothing else, and reads a body that is not one as empty', () => {
    expect(wire.api).toBe(api);
    expect(wire.baseUrl('http://127.0.0.1:9')).toBe(baseUrl);
    expect(handled.map((path) => wire.handles('POST', path))).toEqual(handled.map(() => true));
    expect(notHandled.map(([method, path]) => wire.handles(method, path))).toEqual(notHandled.map(() => false));
    expect(wire.read(null)).toEqual(EMPTY_REQUEST);
    expect(wire.read('nonsense')).toEqual(EMPTY_REQUEST);
  });
});

// ------------------------------------------------------------------------------------------------
// Reading: each body holds what its format allows that Pi's clients below do not send.

const OBJECT_SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

/** `role: text` lines as the messages a wire reads. */
function said(...lines: string[]): WireMessage[] {
  return lines.map((line) => {
    const [role = '', ...text] = line.split(': ');
    return { role: role as WireMessage['role'], text: text.join(': ') };
  });
}

/** `[callId, text, isError?]` as the tool results a wire reads. */
function results(...entries: [callId: string, text: string, isError?: true][]): WireToolResult[] {
  return entries.map(([callId, text, isError = false]) => ({ callId, text, isError }));
}

it.each<[ProviderApi, unknown, WireRequest]>([
  [
    'openai-completions',
    {
      model: 'm',
      messages: [
        { role: 'system', content: 'You are Pi.' },
        { role: 'developer', content: [{ type: 'text', text: 'Use tools.' }] },
        { role: 'user', content: [{ type: 'text', text: 'go' }, { type: 'image_url' }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'echo', arguments: '{}' } }, { id: 'b', type: 'function' }] },
        { role: 'tool', tool_call_id: 'b', content: 'second' },
        { role: 'tool', tool_call_id: 'a', content: [{ type: 'text', text: 'first' }] },
      ],
      tools: [{ type: 'function', function: { name: 'echo', description: 'Echo', parameters: OBJECT_SCHEMA, strict: true } }],
    },
    {
      model: 'm',
      systemPrompt: 'You are Pi.\nUse tools.',
      messages: said('user: go', 'assistant: ', 'tool: second', 'tool: first'),
      tools: [{ name: 'echo', description: 'Echo', parameters: OBJECT_SCHEMA, strict: true }],
      toolResults: results(['b', 'second'], ['a', 'first']),
      callIds: ['a', 'b'],
    },
  ],
  [
    'openai-responses',
    {
      model: 'scripted-model',
      instructions: 'Be brief.',
      input: [
        { role: 'system', content: 'You are Pi.' },
        { role: 'developer', content: [{ type: 'input_text', text: 'Use tools.' }] },
        { role: 'user', content: [{ type: 'input_text', text: 'list ' }, { type: 'input_text', text: 'files' }] },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'Looking.', annotations: [] }] },
        { type: 'function_call', id: 'fc_1', call_id: 'call_1_0', name: 'ls', arguments: '{}' },
        { type: 'function_call', call_id: 'call_1_1', name: 'read', arguments: '{"path":"a"}' },
        { type: 'function_call_output', call_id: 'call_1_0', output: 'a\nb' },
        { type: 'function_call_output', call_id: 'call_1_1', output: [{ type: 'input_text', text: 'ENOENT' }] },
        { type: 'message', role: 'assistant', content: [{ type: 'refusal', refusal: 'No.' }] },
        { role: 'user', content: 'thanks' },
      ],
      tools: [
        { type: 'function', name: 'ls', description: 'List.', parameters: { type: 'object', properties: {} }, strict: false },
        { type: 'custom', name: 'apply_patch', format: { type: 'grammar' } },
        { type: 'function', name: 'read', parameters: OBJECT_SCHEMA, strict: true },
      ],
    },
    {
      model: 'scripted-model',
      systemPrompt: 'Be brief.\nYou are Pi.\nUse tools.',
      messages: said('user: list files', 'assistant: Looking.', 'tool: a\nb', 'tool: ENOENT', 'assistant: No.', 'user: thanks'),
      tools: [
        { name: 'ls', description: 'List.', parameters: { type: 'object', properties: {} }, strict: false },
        { name: 'read', description: '', parameters: OBJECT_SCHEMA, strict: true },
      ],
      // The Responses API has no error mark: Pi sends an error result as plain text.
      toolResults: results(['call_1_0', 'a\nb'], ['call_1_1', 'ENOENT']),
      callIds: ['call_1_0', 'call_1_1'],
    },
  ],
  [
    'anthropic-messages',
    {
      model: 'scripted-model',
      system: [{ type: 'text', text: 'You are scripted.', cache_control: { type: 'ephemeral' } }, { type: 'text', text: 'Be brief.' }],
      messages: [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: [{ type: 'text', text: 'calling' }, { type: 'tool_use', id: 'call_1_0', name: 'echo', input: {} }, { type: 'tool_use', id: 'call_1_1', name: 'echo', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1_1', content: 'second result', is_error: false },
            { type: 'tool_result', tool_use_id: 'call_1_0', content: [{ type: 'text', text: 'failed: ' }, { type: 'image', source: {} }, { type: 'text', text: 'no' }], is_error: true },
            { type: 'text', text: 'and then' },
          ],
        },
        { role: 'system', content: 'not conversation' },
      ],
      tools: [{ name: 'echo', description: 'Echo.', input_schema: OBJECT_SCHEMA, strict: true }],
    },
    {
      model: 'scripted-model',
      systemPrompt: 'You are scripted.\nBe brief.',
      messages: said('user: first', 'assistant: calling', 'tool: second result', 'tool: failed: no', 'user: and then'),
      tools: [{ name: 'echo', description: 'Echo.', parameters: OBJECT_SCHEMA, strict: true }],
      toolResults: results(['call_1_1', 'second result'], ['call_1_0', 'failed: no', true]),
      callIds: ['call_1_0', 'call_1_1'],
    },
  ],
  [
    'google-generative-ai',
    {
      systemInstruction: { role: 'user', parts: [{ text: 'You are scripted.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'list files' }] },
        { role: 'model', parts: [{ text: 'Checking.' }, { functionCall: { name: 'bash', args: { command: 'ls' } } }, { functionCall: { name: 'bash', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'bash', response: { error: 'boom' } } }, { functionResponse: { name: 'bash', response: { output: '/tmp' } } }] },
        { role: 'model', parts: [{ thought: true, text: 'hmm' }, { functionCall: { id: 'call_2_0', name: 'read', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'call_2_0', name: 'read', response: { output: { lines: 2 } } } }, { functionResponse: { name: 'odd', response: { value: 1 } } }, { text: 'next' }] },
      ],
      // Legacy `parameters` read like parametersJsonSchema; VALIDATED calling holds every call to its schema.
      tools: [{ functionDeclarations: [{ name: 'bash', description: 'Run a command', parametersJsonSchema: OBJECT_SCHEMA }, { name: 'read', parameters: { type: 'OBJECT' } }] }],
      toolConfig: { functionCallingConfig: { mode: 'VALIDATED' } },
    },
    {
      // The model is in the URL, not the body.
      model: '',
      systemPrompt: 'You are scripted.',
      messages: said('user: list files', 'assistant: Checking.', 'tool: boom', 'tool: /tmp', 'assistant: ', 'tool: {"lines":2}', 'tool: {"value":1}', 'user: next'),
      tools: [
        { name: 'bash', description: 'Run a command', parameters: OBJECT_SCHEMA, strict: true },
        { name: 'read', description: '', parameters: { type: 'OBJECT' }, strict: true },
      ],
      // Without an id a call is its name, numbered from the name's second use, as Google pairs them; a
      // response with neither `output` nor `error` is all output.
      toolResults: results(['bash', 'boom', true], ['bash#2', '/tmp'], ['call_2_0', '{"lines":2}'], ['odd', '{"value":1}']),
      callIds: ['bash', 'bash#2', 'call_2_0'],
    },
  ],
])('the %s wire reads its body into the one shape', (api, body, expected) => {
  expect(wireFor(api).read(body)).toEqual(expected);
});

it('reads a system prompt sent as a plain string (Anthropic, and the raw Google API)', () => {
  expect(wireFor('anthropic-messages').read({ system: 'plain', messages: [] }).systemPrompt).toBe('plain');
  expect(wireFor('google-generative-ai').read({ systemInstruction: 'plain', contents: [] }).systemPrompt).toBe('plain');
});

it('orders the tool results of a request by the calls they answer, in whatever order they came back (oh-my-pi sends them as they finish)', () => {
  const request = readWireRequest(wireFor('openai-completions'), {
    messages: [
      { role: 'assistant', content: null, tool_calls: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] },
      { role: 'tool', tool_call_id: 'c', content: 'third' },
      { role: 'tool', tool_call_id: 'a', content: 'first' },
      { role: 'tool', tool_call_id: 'b', content: [{ type: 'text', text: 'second' }] },
    ],
  });
  expect(toolResultsInCallOrder(request)).toEqual(['first', 'second', 'third']);
  expect(toolResultEntriesInCallOrder(request).map((result) => result.callId)).toEqual(['a', 'b', 'c']);
  expect(toolResultsInCallOrder(undefined)).toEqual([]);
});

// ------------------------------------------------------------------------------------------------
// Refusals: each row is one function tool, or several, and what its provider answers.

/** A request of `tools` as each wire carries function tools. */
function bodyWith(api: ProviderApi, tools: readonly Record<string, unknown>[]): unknown {
  switch (api) {
    case 'openai-completions':
      return { model: 'm', messages: [], tools: tools.map((fn) => ({ type: 'function', function: fn })) };
    case 'openai-responses':
      return { model: 'm', input: [], tools: tools.map((fn) => ({ type: 'function', ...fn })) };
    case 'anthropic-messages':
      return { model: 'm', max_tokens: 1, messages: [], tools: tools.map(({ parameters, ...tool }) => (parameters === undefined ? tool : { ...tool, input_schema: parameters })) };
    case 'google-generative-ai':
      return { contents: [], tools: [{ functionDeclarations: tools }] };
  }
}

/** The message of a refusal's body, checking the rest of the body is its provider's error form. */
function refusalMessage(refusal: WireRefusal | undefined): string | undefined {
  if (refusal === undefined) return undefined;
  expect(refusal.status).toBe(400);
  const body = refusal.body as { type?: string; error: { type?: string; status?: string; message: string } };
  expect(body.error.type ?? body.error.status).toMatch(/^(invalid_request_error|INVALID_ARGUMENT)$/u);
  return body.error.message;
}

function refused(api: ProviderApi, ...tools: Record<string, unknown>[]): string | undefined {
  return refusalMessage(wireFor(api).refuse(bodyWith(api, tools)));
}

const fn = (name: string, parameters?: unknown, strict?: boolean): Record<string, unknown> => ({
  name,
  description: `The ${name} tool.`,
  ...(parameters === undefined ? {} : { parameters }),
  ...(strict === undefined ? {} : { strict }),
});
const closed = (properties: Record<string, unknown>, required = Object.keys(properties)): Record<string, unknown> => ({ type: 'object', properties, required, additionalProperties: false });

describe.each([
  ['openai-completions', 'tools[1].function'],
  ['openai-responses', 'tools[1]'],
] as const)('OpenAI refuses on %s, at %s', (api, at) => {
  const schemaOf = "Invalid schema for function 'f': ";
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['a plain object schema', fn('f', OBJECT_SCHEMA), undefined],
    ['no parameters at all', fn('f'), undefined],
    ['a name of 64 characters', fn('a'.repeat(64), null), undefined],
    ['a name off the pattern', fn('read file', OBJECT_SCHEMA), `Invalid '${at}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`],
    ['a name of 65 characters', fn('a'.repeat(65)), `Invalid '${at}.name': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.`],
    ['an empty name', fn(''), `Invalid '${at}.name': empty string. Expected a string with minimum length 1, but got an empty string instead.`],
    ['no name', { parameters: OBJECT_SCHEMA }, `Missing required parameter: '${at}.name'.`],
    ['a union at the root', fn('f', { anyOf: [OBJECT_SCHEMA] }), `${schemaOf}schema must be a JSON Schema of 'type: "object"', got 'type: "None"'.`],
    ['a string schema', fn('f', { type: 'string' }), `${schemaOf}schema must be a JSON Schema of 'type: "object"', got 'type: "string"'.`],
    ['optional and extra properties when not strict', fn('f', { type: 'object', properties: { a: { type: 'string' }, b: {} }, required: ['a'] }, false), undefined],
    ['a strict open object', fn('f', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, true), `${schemaOf}In context=(), 'additionalProperties' is required to be supplied and to be false.`],
    [
      'a strict optional property',
      fn('f', { ...closed({ a: { type: 'string' }, b: { type: 'number' } }), required: ['a'] }, true),
      `${schemaOf}In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'b'.`,
    ],
    [
      'a strict nested open object',
      fn('f', closed({ options: { type: 'object', properties: { deep: { type: 'boolean' } }, required: ['deep'] } }), true),
      `${schemaOf}In context=('properties', 'options'), 'additionalProperties' is required to be supplied and to be false.`,
    ],
    ['a strict root anyOf', fn('f', { ...closed({}), anyOf: [{ type: 'object' }] }, true), `${schemaOf}In context=(), 'anyOf' is not permitted.`],
    ['a strict allOf below', fn('f', closed({ x: { allOf: [{ type: 'string' }] } }), true), `${schemaOf}In context=('properties', 'x'), 'allOf' is not permitted.`],
    [
      'a strict open object in a union',
      fn('f', closed({ x: { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] } }), true),
      `${schemaOf}In context=('properties', 'x', 'anyOf', 0), 'additionalProperties' is required to be supplied and to be false.`,
    ],
    [
      'a strict open object in items',
      fn('f', closed({ xs: { type: 'array', items: { type: 'object', properties: {}, additionalProperties: true } } }), true),
      `${schemaOf}In context=('properties', 'xs', 'items'), 'additionalProperties' is required to be supplied and to be false.`,
    ],
    // What Pi's strict conversion sends: optional properties made required and nullable.
    ['a strict schema Pi converted', fn('f', closed({ path: { type: 'string' }, limit: { anyOf: [{ type: 'number' }, { type: 'null' }] }, tags: { type: 'array', items: { type: 'string' } } }), true), undefined],
  ])('%s', (_title, tool, expected) => {
    expect(refused(api, fn('ok', OBJECT_SCHEMA), tool)).toBe(expected);
  });

  it('answers with the param and code of what it refuses', () => {
    expect(wireFor(api).refuse(bodyWith(api, [fn('ok'), fn('read file')]))?.body).toEqual({
      error: {
        message: `Invalid '${at}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
        type: 'invalid_request_error',
        param: `${at}.name`,
        code: 'invalid_value',
      },
    });
  });
});

it('lets Responses tools that are not functions through', () => {
  expect(wireFor('openai-responses').refuse({ model: 'm', input: [], tools: [{ type: 'custom', name: 'apply patch' }, { type: 'web_search' }] })).toBeUndefined();
});

describe('Anthropic refuses', () => {
  const api = 'anthropic-messages';
  const strictTools = (count: number, schema: unknown): Record<string, unknown>[] => Array.from({ length: count }, (_, index) => fn(`t${String(index)}`, schema, true));
  const optional13 = { type: 'object', properties: Object.fromEntries(Array.from({ length: 13 }, (_, index) => [`p${String(index)}`, { type: 'string' }])), additionalProperties: false };
  // Pi 1.6.0's strict form: optional parameters become required `anyOf [T, null]` unions.
  const nullable17 = closed(Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`p${String(index)}`, { anyOf: [{ type: 'string' }, { type: 'null' }] }])));
  const openInside = closed({ inner: { type: 'object', properties: {} } });
  const pattern = "String should match pattern '^[a-zA-Z0-9_-]{1,64}$'";

  it.each<[string, Record<string, unknown>[], string | undefined]>([
    ['tools within the rules, a server tool among them', [fn('echo_note', OBJECT_SCHEMA), fn('read-file_2', OBJECT_SCHEMA), { type: 'web_search_20250305', name: 'web_search' }], undefined],
    ['20 strict tools', strictTools(20, closed({ a: { type: 'string' } })), undefined],
    ['a name off the pattern', [fn('ok', OBJECT_SCHEMA), fn('bad.name', OBJECT_SCHEMA)], `tools.1.custom.name: ${pattern}`],
    ['a name of 65 characters', [fn('x'.repeat(65), OBJECT_SCHEMA)], `tools.0.custom.name: ${pattern}`],
    ['a name of 64 characters', [fn('x'.repeat(64), OBJECT_SCHEMA)], undefined],
    ['an empty name', [fn('', OBJECT_SCHEMA)], `tools.0.custom.name: ${pattern}`],
    ['a name used twice', [fn('same', OBJECT_SCHEMA), fn('other', OBJECT_SCHEMA), fn('same', OBJECT_SCHEMA)], 'tools: Tool names must be unique.'],
    ['no input_schema', [fn('a')], 'tools.0.custom.input_schema: Field required'],
    ['an array schema', [fn('a', { type: 'array', items: { type: 'string' } })], "tools.0.custom.input_schema.type: Input should be 'object'"],
    ['a schema without a type', [fn('a', { properties: {} })], 'tools.0.custom.input_schema.type: Field required'],
    ...(['anyOf', 'oneOf', 'allOf'] as const).map((combinator): [string, Record<string, unknown>[], string] => [
      `a top-level ${combinator}`,
      [fn('a', OBJECT_SCHEMA), fn('b', { type: 'object', [combinator]: [OBJECT_SCHEMA] })],
      'tools.1.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level',
    ]),
    ['a strict tool with an open object inside', [fn('a', openInside, true)], "tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false"],
    // Only strict tool use compiles a grammar: the same schema is fine without it.
    ['the same tool not strict', [fn('a', openInside)], undefined],
    ['21 strict tools', strictTools(21, closed({})), 'Too many strict tools (21). The maximum number of strict tools supported is 20. Try reducing the number of tools marked as strict.'],
    [
      '26 optional parameters across strict tools',
      [fn('a', optional13, true), fn('b', optional13, true)],
      'Schemas contains too many optional parameters (26), which would make grammar compilation inefficient. Reduce the number of optional parameters in your tool schemas (limit: 24).',
    ],
    ['26 optional parameters, half of them not strict', [fn('a', optional13, true), fn('b', optional13)], undefined],
    [
      '17 union parameters in a strict tool',
      [fn('a', nullable17, true)],
      'Schemas contains too many parameters with union types (17 parameters with type arrays or anyOf). Reduce the number of parameters with union types in your tool schemas (limit: 16 parameters with unions).',
    ],
  ])('%s', (_title, tools, expected) => {
    expect(refused(api, ...tools)).toBe(expected);
  });

  it('in its error form', () => {
    expect(wireFor(api).refuse(bodyWith(api, [fn('bad.name', OBJECT_SCHEMA)]))?.body).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: `tools.0.custom.name: ${pattern}` } });
  });
});

describe('Google refuses', () => {
  const api = 'google-generative-ai';
  const at = 'tools[0].function_declarations[1]';
  const named = (name: string): Record<string, unknown> => ({ name, parametersJsonSchema: {} });
  const bash = { name: 'bash', description: 'd', parameters: { type: 'object', properties: { a: { type: 'string' } } } };
  const jsonSchema = { type: 'object', properties: { mode: { const: 'x' }, n: { type: 'integer', enum: [1, 2] } }, additionalProperties: false, $schema: 'x' };
  const legacy = { type: 'OBJECT', properties: { mode: { type: 'string', enum: ['a', 'b'], nullable: true }, list: { type: 'array', items: { type: 'integer' } } }, required: ['mode'] };

  it.each<[string, Record<string, unknown>, string | undefined]>([
    // What every Pi line and oh-my-pi send: full JSON Schema in parametersJsonSchema.
    ['any JSON Schema in parametersJsonSchema', { name: 'x', parametersJsonSchema: jsonSchema }, undefined],
    ['a clean legacy schema', { name: 'ok.name-1_x', parameters: legacy }, undefined],
    ['a name of 64 characters', named(`a${'b'.repeat(63)}`), undefined],
    ...[`a${'b'.repeat(64)}`, 'mcp:tool', '9lives'].map((name): [string, Record<string, unknown>, string] => [
      `the name ${name.slice(0, 12)}`,
      named(name),
      `* GenerateContentRequest.${at}.name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.) or dashes (-), with a maximum length of 64.\n`,
    ]),
    [
      'both schemas, and enum off strings in a legacy one',
      { name: 'x', parameters: { type: 'object', properties: { n: { type: 'integer', enum: ['1', '2'] }, list: { type: 'array', items: { enum: ['a'] } } } }, parametersJsonSchema: { type: 'object' } },
      `* GenerateContentRequest.${at}.parameters_json_schema: must not be set together with parameters\n` +
        `* GenerateContentRequest.${at}.parameters.properties[n].enum: only allowed for STRING type\n` +
        `* GenerateContentRequest.${at}.parameters.properties[list].items.enum: only allowed for STRING type\n`,
    ],
    [
      "what Google's parser does not take: an unknown declaration field, a number enum, an unknown type, a type list",
      { name: 'x', strict: true, parameters: { type: 'object', properties: { n: { type: 'integer', enum: [4, 'six'] }, t: { type: 'enum' }, u: { anyOf: [{ type: ['string', 'null'] }] } } } },
      [
        `Invalid JSON payload received. Unknown name "strict" at '${at}': Cannot find field.`,
        `Invalid value at '${at}.parameters.properties[0].value.enum[0]' (TYPE_STRING), 4`,
        `Invalid value at '${at}.parameters.properties[1].value.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), "enum"`,
        `Invalid JSON payload received. Unknown name "type" at '${at}.parameters.properties[2].value.any_of[0]': Proto field is not repeating, cannot start list.`,
      ].join('\n'),
    ],
  ])('%s', (_title, declaration, expected) => {
    expect(refused(api, bash, declaration)).toBe(expected);
  });

  it('answers JSON Schema keywords in a legacy schema as parse errors, each a field violation', () => {
    const parameters = { $schema: 'x', type: 'object', properties: { a: { type: 'string' }, b: { const: 'x' }, c: { $ref: '#/x' } }, additionalProperties: false };
    const violations = [
      [`${at}.parameters`, '$schema'],
      [`${at}.parameters.properties[1].value`, 'const'],
      [`${at}.parameters.properties[2].value`, '$ref'],
      [`${at}.parameters`, 'additionalProperties'],
    ].map(([field = '', name = '']) => ({ field, description: `Invalid JSON payload received. Unknown name "${name}" at '${field}': Cannot find field.` }));
    expect(wireFor(api).refuse(bodyWith(api, [bash, { name: 'x', parameters }]))).toEqual({
      status: 400,
      body: {
        error: {
          code: 400,
          message: violations.map((violation) => violation.description).join('\n'),
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: violations }],
        },
      },
    });
  });
});

// ------------------------------------------------------------------------------------------------
// Pi's own provider client of each anchor against each wire.

interface ClientCase extends PiStreamSource {
  readonly api: ProviderApi;
  readonly line: string;
  /** The path Pi posts to (the model id is `scripted-model`). */
  readonly url: string;
  /** The headers that carry the key and the API version. */
  readonly headers: Readonly<Record<string, string>>;
  /** The client sends a tool schema as `type`, `properties` and `required` only. */
  readonly schemaKeys?: true;
}

const OPENAI_SOURCES = [
  { line: '0.73.1', agent: 'pi-coding-agent-0.73.1', module: 'dist/index.js', exportName: 'stream' },
  { line: '0.84.2', agent: 'pi-coding-agent-0.84.2', module: 'dist/compat.js', exportName: 'stream' },
  { line: '1.6.0', agent: 'pi-coding-agent-1.6.0', module: 'dist/compat.js', exportName: 'stream' },
];
const KEY = 'scripted-offline-key';
const CLIENTS: readonly ClientCase[] = [
  ...OPENAI_SOURCES.map((source) => ({ ...source, api: 'openai-completions' as const, url: '/v1/chat/completions', headers: { authorization: `Bearer ${KEY}` } })),
  ...OPENAI_SOURCES.map((source) => ({ ...source, api: 'openai-responses' as const, url: '/v1/responses', headers: { authorization: `Bearer ${KEY}` } })),
  ...[
    { line: '0.73.1', module: 'dist/providers/anthropic.js', exportName: 'streamSimpleAnthropic', url: '/v1/messages', schemaKeys: true as const },
    { line: '0.84.2', module: 'dist/api/anthropic-messages.js', exportName: 'streamSimple', url: '/v1/messages', schemaKeys: true as const },
    { line: '1.6.0', module: 'dist/api/anthropic-messages.js', exportName: 'streamSimple', transcript: true, url: '/v1/messages?beta=true' },
  ].map((source) => ({ ...source, agent: `pi-coding-agent-${source.line}`, api: 'anthropic-messages' as const, headers: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' } })),
  ...[
    { line: '0.73.1', module: 'dist/providers/google.js', exportName: 'streamGoogle' },
    { line: '0.84.2', module: 'dist/api/google-generative-ai.js', exportName: 'stream' },
    { line: '1.6.0', module: 'dist/api/google-generative-ai.js', exportName: 'stream', transcript: true },
  ].map((source) => ({
    ...source,
    agent: `pi-coding-agent-${source.line}`,
    api: 'google-generative-ai' as const,
    url: '/v1beta/models/scripted-model:streamGenerateContent?alt=sse',
    headers: { 'x-goog-api-key': KEY },
  })),
];

const BASH_SCHEMA = { type: 'object', properties: { command: { type: 'string', description: 'Command' } }, required: ['command'], additionalProperties: false };
const READ_SCHEMA = { type: 'object', properties: { path: { type: 'string' }, offset: { type: 'number' } }, required: ['path'] };
/** Whether the wire has an error form for a tool result (Anthropic's `is_error`, Google's `response.error`). */
const MARKS_ERRORS: Readonly<Record<ProviderApi, boolean>> = {
  'openai-completions': false,
  'openai-responses': false,
  'anthropic-messages': true,
  'google-generative-ai': true,
};

/** A turn after one assistant message that called two tools, the first of which failed. */
function piContext(api: ProviderApi, modelId: string, toolName = 'bash'): Record<string, unknown> {
  // Pi's Responses client writes an item id after the call id; the other wires take the call id alone.
  const id = (index: number): string => (api === 'openai-responses' ? `call_0_${index}|fc_0_${index}` : `call_0_${index}`);
  return {
    systemPrompt: 'You are scripted.',
    tools: [
      { name: toolName, description: 'Run a command', parameters: BASH_SCHEMA },
      { name: 'read', description: 'Read a file', parameters: READ_SCHEMA },
    ],
    messages: [
      { role: 'user', content: 'list files', timestamp: 1 },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'toolCall', id: id(0), name: 'bash', arguments: { command: 'ls' } },
          { type: 'toolCall', id: id(1), name: 'read', arguments: { path: 'b.txt' } },
        ],
        api,
        provider: 'scripted',
        model: modelId,
        usage: PI_ZERO_USAGE,
        stopReason: 'toolUse',
        timestamp: 2,
      },
      { role: 'toolResult', toolCallId: id(0), toolName: 'bash', content: [{ type: 'text', text: 'boom' }], isError: true, timestamp: 3 },
      { role: 'toolResult', toolCallId: id(1), toolName: 'read', content: [{ type: 'text', text: 'hello' }], isError: false, timestamp: 4 },
      { role: 'user', content: 'and then?', timestamp: 5 },
    ],
  };
}

/** What every client must have sent for piContext, read through the wire. */
function expectSentTurn(api: ProviderApi, body: unknown, ids: readonly string[], bashSchema: unknown = BASH_SCHEMA): void {
  const wire = wireFor(api);
  expect(wire.refuse(body)).toBeUndefined();
  const read = wire.read(body);
  expect(read.systemPrompt).toBe('You are scripted.');
  expect(read.tools.map(({ name, description, strict }) => ({ name, description, strict }))).toEqual([
    { name: 'bash', description: 'Run a command', strict: false },
    { name: 'read', description: 'Read a file', strict: false },
  ]);
  expect(read.tools[0]?.parameters).toEqual(bashSchema);
  expect(read.messages).toEqual(said('user: list files', 'assistant: Checking.', 'tool: boom', 'tool: hello', 'user: and then?'));
  expect(read.callIds).toEqual(ids);
  expect(read.toolResults).toEqual([
    { callId: ids[0], text: 'boom', isError: MARKS_ERRORS[api] },
    { callId: ids[1], text: 'hello', isError: false },
  ]);
}

const REPLY: ScriptedReply = { text: 'Running it.', toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }, { name: 'read', arguments: { path: 'a.txt', offset: 2 } }] };

/** The streamed REPLY as the client read it: its text, its calls with ids (Responses: `call|item`), its usage. */
function expectReadReply(api: ProviderApi, message: PiAssistantMessage): void {
  const id = (index: number): string => (api === 'openai-responses' ? `call_7_${index}|fc_call_7_${index}` : `call_7_${index}`);
  expect(message.errorMessage).toBeUndefined();
  expect(message.stopReason).toBe('toolUse');
  expect(message.content.map(({ type, text, id: callId, name, arguments: args }) => ({ type, text, id: callId, name, args }))).toEqual([
    { type: 'text', text: 'Running it.', id: undefined, name: undefined, args: undefined },
    { type: 'toolCall', text: undefined, id: id(0), name: 'bash', args: { command: 'ls' } },
    { type: 'toolCall', text: undefined, id: id(1), name: 'read', args: { path: 'a.txt', offset: 2 } },
  ]);
  expect(message.usage.input).toBe(42);
}

// That Pi reads each wire's stream (text, calls, a stop) is what integration/test/provider-apis.test.ts
// runs end to end on these lines; here, what that run does not show: the route and key header, the
// whole turn as the wire reads it, and a refused request read as an error with the provider message.
describe.each(CLIENTS)("Pi $line's $api client", (client) => {
  const wire = wireFor(client.api);
  let server: WireServer;

  beforeAll(async () => {
    server = await startWireServer(wire, () => ({ reply: REPLY, parameters: PARAMETERS }));
  });

  afterAll(async () => {
    await server.close();
  });

  const ask = async (context: unknown): Promise<PiAssistantMessage> => {
    const model = { ...piModel(client.api, server.baseUrl), ...(wire.compat === undefined ? {} : { compat: wire.compat }) };
    return (await loadPiStream(client))(model, context, { apiKey: KEY, maxRetries: 0 }).result();
  };

  it('sends the turn on its route with its key header as the wire reads it, and reads a refused request as an error with the provider message', async () => {
    await ask(piContext(client.api, 'scripted-model'));
    const request = server.received.at(-1);
    expect(request?.url).toBe(client.url);
    expect(Object.fromEntries(Object.keys(client.headers).map((name) => [name, request?.headers[name]]))).toEqual(client.headers);
    // Google pairs a call and its result by name when Pi sends no ids (for a model that needs none).
    const ids = client.api === 'google-generative-ai' ? ['bash', 'read'] : ['call_0_0', 'call_0_1'];
    const { type, properties, required } = BASH_SCHEMA;
    expectSentTurn(client.api, request?.body, ids, client.schemaKeys === true ? { type, properties, required } : BASH_SCHEMA);

    const refusedMessage = await ask(piContext(client.api, 'scripted-model', 'bad name'));
    expect(refusedMessage.stopReason).toBe('error');
    const said = refusalMessage(wire.refuse(server.received.at(-1)?.body)) ?? 'no refusal';
    // Google's SDK shows the whole response body, so the message arrives JSON-escaped.
    expect(refusedMessage.errorMessage).toContain(client.api === 'google-generative-ai' ? JSON.stringify(said).slice(1, -1) : said);
  });
});

describe("Google's clients beyond the anchors' own turn", () => {
  const wire = wireFor('google-generative-ai');
  let server: WireServer;
  beforeAll(async () => {
    server = await startWireServer(wire, () => ({ reply: REPLY, parameters: PARAMETERS }));
  });
  afterAll(async () => {
    await server.close();
  });
  const googleModel = (): Record<string, unknown> => piModel('google-generative-ai', server.baseUrl);

  it("Pi 1.6.0 reports the refusal of a legacy `parameters` schema with Google's message", async () => {
    const client = CLIENTS.find((candidate) => candidate.api === 'google-generative-ai' && candidate.line === '1.6.0');
    if (client === undefined) throw new Error('no Pi 1.6.0 Google client');
    interface SdkParams {
      readonly config: { readonly tools: readonly { readonly functionDeclarations: readonly Record<string, unknown>[] }[] };
    }
    // Pi never declares tools this way on this API: its payload hook puts a schema in the legacy field.
    // The SDK converts a legacy schema without `$schema` to Google's (types upper-cased, every
    // `additionalProperties` dropped) but passes `const` through, which Google's parser rejects.
    const legacy = { type: 'object', properties: { command: { type: 'string' }, mode: { const: 'fast' } }, additionalProperties: false };
    const onPayload = (payload: SdkParams): SdkParams => ({
      ...payload,
      config: {
        ...payload.config,
        tools: payload.config.tools.map((tool) => ({
          functionDeclarations: tool.functionDeclarations.map(({ parametersJsonSchema: _sent, ...declaration }) => ({ ...declaration, parameters: legacy })),
        })),
      },
    });
    const message = await (await loadPiStream(client))(googleModel(), piContext('google-generative-ai', 'scripted-model'), { apiKey: KEY, onPayload, maxRetries: 0 }).result();
    expect(message.stopReason).toBe('error');
    const said = `Unknown name "const" at 'tools[0].function_declarations[0].parameters.properties[1].value': Cannot find field.`;
    expect(message.errorMessage).toContain(JSON.stringify(said).slice(1, -1));
    const sent = server.received.at(-1)?.body as { tools: { functionDeclarations: { parameters: unknown }[] }[] };
    expect(sent.tools[0]?.functionDeclarations[0]?.parameters).toEqual({ type: 'OBJECT', properties: { command: { type: 'STRING' }, mode: { const: 'fast' } } });
  });

  it('oh-my-pi 18.2.3 (Bun) sends what read takes and reads the streamed text and calls', async () => {
    const bun = findBunBinary();
    if (bun.bunPath === null) throw new Error(bun.skipReason);
    const moduleUrl = pathToFileURL(join(piAiDir('omp-coding-agent-18.2.3'), 'src', 'providers', 'google.ts')).href;
    // omp resolves `compat` from its catalog; a custom model of no known class gets none of the Google flags.
    const model = { ...googleModel(), compat: {} };
    const script = [
      `const { streamGoogle } = await import(${JSON.stringify(moduleUrl)});`,
      `const message = await streamGoogle(${JSON.stringify(model)}, ${JSON.stringify(piContext('google-generative-ai', 'scripted-model'))}, { apiKey: ${JSON.stringify(KEY)} }).result();`,
      'console.log(JSON.stringify(message));',
    ].join('\n');
    const env = { PATH: process.env['PATH'] ?? '' };
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(bun.bunPath, ['-e', script], { cwd: hostDir('omp-coding-agent-18.2.3'), timeout: 30_000, killSignal: 'SIGKILL', env }, (error, out, stderr) => {
        if (error === null) resolve(out);
        else reject(new Error(`Bun failed: ${error.message}\n${stderr}`));
      });
    });
    expectReadReply('google-generative-ai', JSON.parse(stdout) as PiAssistantMessage);
    // omp normalizes the schema for Google first: it drops what Gemini ignores, `additionalProperties` here.
    expectSentTurn('google-generative-ai', server.received.at(-1)?.body, ['bash', 'read'], { type: 'object', properties: BASH_SCHEMA.properties, required: ['command'] });
  }, 40_000);
});

it('lists every wire', () => {
  expect(PROVIDER_APIS).toEqual(['openai-completions', 'openai-responses', 'anthropic-messages', 'google-generative-ai']);
});
