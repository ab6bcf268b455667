import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateTokens, type ScriptedReply } from '../src/real/openai-stream.js';
import { GOOGLE_GENERATIVE_AI_WIRE as wire } from '../src/real/provider-apis/google-generative-ai.js';
import { hostDir, loadPiStream, PI_ZERO_USAGE, piAiDir, piModel, type PiAssistantMessage, type PiStreamSource } from './support/pi-ai-of-line.js';
import { startWireServer, type ReceivedRequest, type WireServer } from './support/wire-server.js';

const params = { model: 'scripted-model', callIdPrefix: 'call_7', promptTokens: 42 };

/** The SSE payloads of a stream, split as the SDK splits them. */
function payloads(body: string): unknown[] {
  return body
    .split('\r\n\r\n')
    .filter((event) => event !== '')
    .map((event) => JSON.parse(event.replace(/^data: /u, '')) as unknown);
}

const bashSchema = { type: 'object', properties: { command: { type: 'string', description: 'Command' } }, required: ['command'], additionalProperties: false };

/** A body as Pi 1.6.0 sends it through @google/genai 2.32.0 for a model that is not Gemini 3 (no call ids). */
const piBody = {
  contents: [
    { role: 'user', parts: [{ text: 'list files' }] },
    { role: 'model', parts: [{ text: 'Checking.' }, { functionCall: { name: 'bash', args: { command: 'ls' } } }, { functionCall: { name: 'bash', args: { command: 'pwd' } } }] },
    {
      role: 'user',
      parts: [
        { functionResponse: { name: 'bash', response: { error: 'boom' } } },
        { functionResponse: { name: 'bash', response: { output: '/tmp' } } },
      ],
    },
    { role: 'model', parts: [{ thought: true, text: 'hmm' }, { functionCall: { name: 'bash', args: { command: 'id' } } }] },
    { role: 'user', parts: [{ functionResponse: { name: 'bash', response: { output: 'uid=0' } } }] },
  ],
  systemInstruction: { role: 'user', parts: [{ text: 'You are scripted.' }] },
  tools: [{ functionDeclarations: [{ name: 'bash', description: 'Run a command', parametersJsonSchema: bashSchema }] }],
  generationConfig: { maxOutputTokens: 4096 },
};

describe('GOOGLE_GENERATIVE_AI_WIRE routes', () => {
  it('is the streamGenerateContent call under the versioned baseUrl, for any model', () => {
    expect(wire.baseUrl('http://127.0.0.1:9')).toBe('http://127.0.0.1:9/v1beta');
    expect(wire.handles('POST', '/v1beta/models/scripted-model:streamGenerateContent?alt=sse')).toBe(true);
    expect(wire.handles('POST', '/v1beta/models/gemini-2.5-flash:streamGenerateContent?key=x&alt=sse')).toBe(true);
    expect(wire.handles('GET', '/v1beta/models/scripted-model:streamGenerateContent?alt=sse')).toBe(false);
    expect(wire.handles('POST', '/v1beta/models/scripted-model:streamGenerateContent')).toBe(false);
    expect(wire.handles('POST', '/v1beta/models/scripted-model:generateContent?alt=sse')).toBe(false);
    expect(wire.handles('POST', '/v1/chat/completions')).toBe(false);
  });
});

describe('GOOGLE_GENERATIVE_AI_WIRE.read', () => {
  it('reads the system instruction, the turns, the tools and the results with their error mark', () => {
    const read = wire.read(piBody);
    expect(read.model).toBe('');
    expect(read.systemPrompt).toBe('You are scripted.');
    expect(read.messages).toEqual([
      { role: 'user', text: 'list files' },
      { role: 'assistant', text: 'Checking.' },
      { role: 'tool', text: 'boom' },
      { role: 'tool', text: '/tmp' },
      { role: 'assistant', text: '' },
      { role: 'tool', text: 'uid=0' },
    ]);
    expect(read.tools).toEqual([{ name: 'bash', description: 'Run a command', parameters: bashSchema, strict: false }]);
    // Without ids a call is its name, numbered from the name's second use, as Google pairs them.
    expect(read.callIds).toEqual(['bash', 'bash#2', 'bash#3']);
    expect(read.toolResults).toEqual([
      { callId: 'bash', text: 'boom', isError: true },
      { callId: 'bash#2', text: '/tmp', isError: false },
      { callId: 'bash#3', text: 'uid=0', isError: false },
    ]);
  });

  it('keys calls and results by id when Pi sends ids, and reads a plain system string, legacy parameters and validated calling', () => {
    const read = wire.read({
      systemInstruction: 'plain',
      contents: [
        { role: 'model', parts: [{ functionCall: { id: 'call_1_0', name: 'read', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'call_1_0', name: 'read', response: { output: { lines: 2 } } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'odd', response: { value: 1 } } }, { text: 'next' }] },
      ],
      tools: [{ functionDeclarations: [{ name: 'read', parameters: { type: 'OBJECT' } }] }],
      toolConfig: { functionCallingConfig: { mode: 'VALIDATED' } },
    });
    expect(read.systemPrompt).toBe('plain');
    expect(read.callIds).toEqual(['call_1_0']);
    expect(read.toolResults).toEqual([
      { callId: 'call_1_0', text: '{"lines":2}', isError: false },
      // Neither `output` nor `error`: Google takes the whole response as the output.
      { callId: 'odd', text: '{"value":1}', isError: false },
    ]);
    expect(read.messages.slice(1)).toEqual([
      { role: 'tool', text: '{"lines":2}' },
      { role: 'tool', text: '{"value":1}' },
      { role: 'user', text: 'next' },
    ]);
    expect(read.tools).toEqual([{ name: 'read', description: '', parameters: { type: 'OBJECT' }, strict: true }]);
  });

  it('reads nothing from a body that is not one', () => {
    expect(wire.read(null)).toEqual({ model: '', systemPrompt: '', messages: [], tools: [], toolResults: [], callIds: [] });
  });
});

function declare(declaration: Record<string, unknown>): unknown {
  return { contents: [], tools: [{ functionDeclarations: [{ name: 'bash', description: 'd', parameters: { type: 'object', properties: { a: { type: 'string' } } } }, declaration] }] };
}

describe('GOOGLE_GENERATIVE_AI_WIRE.refuse', () => {
  it("takes what Pi sends: full JSON Schema in parametersJsonSchema, and a clean legacy schema", () => {
    expect(wire.refuse(piBody)).toBeUndefined();
    const jsonSchema = { type: 'object', properties: { mode: { const: 'x' }, n: { type: 'integer', enum: [1, 2] } }, additionalProperties: false, $schema: 'x' };
    expect(wire.refuse(declare({ name: 'x', parametersJsonSchema: jsonSchema }))).toBeUndefined();
    const legacy = { type: 'OBJECT', properties: { mode: { type: 'string', enum: ['a', 'b'], nullable: true }, list: { type: 'array', items: { type: 'integer' } } }, required: ['mode'] };
    expect(wire.refuse(declare({ name: 'ok.name-1_x', parameters: legacy }))).toBeUndefined();
    expect(wire.refuse({ contents: [] })).toBeUndefined();
  });

  it("answers unknown JSON Schema keywords in legacy parameters as Google's parser does", () => {
    const parameters = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { type: 'string' }, b: { const: 'x' }, c: { $ref: '#/x' } }, additionalProperties: false };
    const at0 = 'tools[0].function_declarations[1].parameters';
    expect(wire.refuse(declare({ name: 'x', parameters }))).toEqual({
      status: 400,
      body: {
        error: {
          code: 400,
          message: [
            `Invalid JSON payload received. Unknown name "$schema" at '${at0}': Cannot find field.`,
            `Invalid JSON payload received. Unknown name "const" at '${at0}.properties[1].value': Cannot find field.`,
            `Invalid JSON payload received. Unknown name "$ref" at '${at0}.properties[2].value': Cannot find field.`,
            `Invalid JSON payload received. Unknown name "additionalProperties" at '${at0}': Cannot find field.`,
          ].join('\n'),
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.BadRequest',
              fieldViolations: [
                { field: at0, description: `Invalid JSON payload received. Unknown name "$schema" at '${at0}': Cannot find field.` },
                { field: `${at0}.properties[1].value`, description: `Invalid JSON payload received. Unknown name "const" at '${at0}.properties[1].value': Cannot find field.` },
                { field: `${at0}.properties[2].value`, description: `Invalid JSON payload received. Unknown name "$ref" at '${at0}.properties[2].value': Cannot find field.` },
                { field: at0, description: `Invalid JSON payload received. Unknown name "additionalProperties" at '${at0}': Cannot find field.` },
              ],
            },
          ],
        },
      },
    });
  });

  it('answers non-string enum values, bad types and unknown declaration fields as parse errors', () => {
    const parameters = { type: 'object', properties: { n: { type: 'integer', enum: [4, 'six'] }, t: { type: 'enum' }, u: { anyOf: [{ type: ['string', 'null'] }] } } };
    const refusal = wire.refuse(declare({ name: 'x', parameters, strict: true }));
    const at = 'tools[0].function_declarations[1]';
    expect(refusal?.status).toBe(400);
    expect((refusal?.body as { error: { message: string } }).error.message.split('\n')).toEqual([
      `Invalid JSON payload received. Unknown name "strict" at '${at}': Cannot find field.`,
      `Invalid value at '${at}.parameters.properties[0].value.enum[0]' (TYPE_STRING), 4`,
      `Invalid value at '${at}.parameters.properties[1].value.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), "enum"`,
      `Invalid JSON payload received. Unknown name "type" at '${at}.parameters.properties[2].value.any_of[0]': Proto field is not repeating, cannot start list.`,
    ]);
  });

  it("answers what parses but breaks Google's rules with its validation messages", () => {
    const parameters = { type: 'object', properties: { n: { type: 'integer', enum: ['1', '2'] }, list: { type: 'array', items: { enum: ['a'] } } } };
    expect(wire.refuse(declare({ name: '9lives', parameters, parametersJsonSchema: { type: 'object' } }))).toEqual({
      status: 400,
      body: {
        error: {
          code: 400,
          message:
            '* GenerateContentRequest.tools[0].function_declarations[1].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.) or dashes (-), with a maximum length of 64.\n' +
            '* GenerateContentRequest.tools[0].function_declarations[1].parameters_json_schema: must not be set together with parameters\n' +
            '* GenerateContentRequest.tools[0].function_declarations[1].parameters.properties[n].enum: only allowed for STRING type\n' +
            '* GenerateContentRequest.tools[0].function_declarations[1].parameters.properties[list].items.enum: only allowed for STRING type\n',
          status: 'INVALID_ARGUMENT',
        },
      },
    });
    expect(wire.refuse(declare({ name: `a${'b'.repeat(64)}`, parametersJsonSchema: {} }))).toBeDefined();
    expect(wire.refuse(declare({ name: `a${'b'.repeat(63)}`, parametersJsonSchema: {} }))).toBeUndefined();
    expect(wire.refuse(declare({ name: 'mcp:tool', parametersJsonSchema: {} }))).toBeDefined();
    expect(wire.refuse(declare({ description: 'no name' }))).toBeDefined();
  });
});

describe('GOOGLE_GENERATIVE_AI_WIRE.stream', () => {
  it('streams the text, then every call with its id and arguments, the last chunk with STOP and the usage', () => {
    const toolCalls = [{ name: 'bash', arguments: { command: 'ls' } }, { name: 'read', arguments: { path: 'a' } }];
    const streamed = wire.stream({ text: 'Running it.', toolCalls }, params);
    expect(streamed.contentType).toBe('text/event-stream');
    expect(streamed.body.endsWith('\r\n\r\n')).toBe(true);
    const candidates = estimateTokens(`Running it.${JSON.stringify(toolCalls)}`);
    expect(payloads(streamed.body)).toEqual([
      {
        candidates: [{ content: { parts: [{ text: 'Running it.' }], role: 'model' }, index: 0 }],
        usageMetadata: { promptTokenCount: 42, totalTokenCount: 42 },
        modelVersion: 'scripted-model',
        responseId: 'call_7',
      },
      {
        candidates: [
          {
            content: {
              parts: [
                { functionCall: { id: 'call_7_0', name: 'bash', args: { command: 'ls' } } },
                { functionCall: { id: 'call_7_1', name: 'read', args: { path: 'a' } } },
              ],
              role: 'model',
            },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: { promptTokenCount: 42, candidatesTokenCount: candidates, totalTokenCount: 42 + candidates },
        modelVersion: 'scripted-model',
        responseId: 'call_7',
      },
    ]);
  });

  it('streams a text reply as one chunk, and calls without text as one', () => {
    expect(payloads(wire.stream({ text: 'done' }, params).body)).toEqual([
      {
        candidates: [{ content: { parts: [{ text: 'done' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 42, candidatesTokenCount: estimateTokens('done[]'), totalTokenCount: 42 + estimateTokens('done[]') },
        modelVersion: 'scripted-model',
        responseId: 'call_7',
      },
    ]);
    const calls = payloads(wire.stream({ toolCalls: [{ name: 'ls', arguments: undefined }] }, params).body);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ candidates: [{ content: { parts: [{ functionCall: { id: 'call_7_0', name: 'ls', args: {} } }] }, finishReason: 'STOP' }] });
  });
});

// ---------------------------------------------------------------------------------------------------
// Proof against Pi's own client: each line's pi-ai (and its @google/genai) sends a request to a loopback
// server speaking this wire, and reads the stream back.

interface PiLine extends PiStreamSource {
  readonly label: string;
}

const PI_LINES: readonly PiLine[] = [
  { label: 'pi 0.73.1', agent: 'pi-coding-agent-0.73.1', module: 'dist/providers/google.js', exportName: 'streamGoogle' },
  { label: 'pi 0.84.2', agent: 'pi-coding-agent-0.84.2', module: 'dist/api/google-generative-ai.js', exportName: 'stream' },
  { label: 'pi 1.6.0', agent: 'pi-coding-agent-1.6.0', module: 'dist/api/google-generative-ai.js', exportName: 'stream', transcript: true },
];

const reply: ScriptedReply = { text: 'Running it.', toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }, { name: 'read', arguments: { path: 'a.txt', offset: 2 } }] };
const readSchema = { type: 'object', properties: { path: { type: 'string' }, offset: { type: 'number' } }, required: ['path'] };

let server: WireServer;

beforeAll(async () => {
  server = await startWireServer(wire, () => ({ reply, parameters: params }));
});

afterAll(async () => {
  await server.close();
});

function googleModel(id: string): Record<string, unknown> {
  return piModel('google-generative-ai', server.baseUrl, id);
}

/** A turn after one assistant message that called two tools, the first of which failed. */
function piContext(modelId: string): Record<string, unknown> {
  return {
    systemPrompt: 'You are scripted.',
    tools: [
      { name: 'bash', description: 'Run a command', parameters: bashSchema, strict: false },
      { name: 'read', description: 'Read a file', parameters: readSchema, strict: false },
    ],
    messages: [
      { role: 'user', content: 'list files', timestamp: 1 },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'toolCall', id: 'call_0_0', name: 'bash', arguments: { command: 'ls' } },
          { type: 'toolCall', id: 'call_0_1', name: 'read', arguments: { path: 'b.txt' } },
        ],
        api: 'google-generative-ai',
        provider: 'scripted',
        model: modelId,
        usage: PI_ZERO_USAGE,
        stopReason: 'toolUse',
        timestamp: 2,
      },
      { role: 'toolResult', toolCallId: 'call_0_0', toolName: 'bash', content: [{ type: 'text', text: 'boom' }], isError: true, timestamp: 3 },
      { role: 'toolResult', toolCallId: 'call_0_1', toolName: 'read', content: [{ type: 'text', text: 'hello' }], isError: false, timestamp: 4 },
    ],
  };
}

/** What every line must have sent for piContext, read through the wire. */
function expectSentTurn(request: ReceivedRequest | undefined, modelId: string, ids: readonly string[], sentBashSchema: unknown = bashSchema): void {
  expect(request?.method).toBe('POST');
  expect(request?.url).toBe(`/v1beta/models/${modelId}:streamGenerateContent?alt=sse`);
  expect(request?.headers['x-goog-api-key']).toBe('scripted-offline-key');
  const read = wire.read(request?.body);
  expect(read.systemPrompt).toBe('You are scripted.');
  expect(read.tools.map((tool) => tool.name)).toEqual(['bash', 'read']);
  expect(read.tools[0]?.parameters).toEqual(sentBashSchema);
  expect(read.messages).toEqual([
    { role: 'user', text: 'list files' },
    { role: 'assistant', text: 'Checking.' },
    { role: 'tool', text: 'boom' },
    { role: 'tool', text: 'hello' },
  ]);
  expect(read.callIds).toEqual(ids);
  expect(read.toolResults).toEqual([
    { callId: ids[0], text: 'boom', isError: true },
    { callId: ids[1], text: 'hello', isError: false },
  ]);
  const declarations = (request?.body as { tools: { functionDeclarations: Record<string, unknown>[] }[] }).tools[0]?.functionDeclarations ?? [];
  expect(declarations.map((declaration) => Object.keys(declaration).sort())).toEqual([
    ['description', 'name', 'parametersJsonSchema'],
    ['description', 'name', 'parametersJsonSchema'],
  ]);
  expect(wire.refuse(request?.body)).toBeUndefined();
}

function expectReadReply(message: PiAssistantMessage): void {
  expect(message.errorMessage).toBeUndefined();
  expect(message.stopReason).toBe('toolUse');
  expect(message.content.filter((block) => block.type === 'text').map((block) => block.text)).toEqual(['Running it.']);
  expect(message.content.filter((block) => block.type === 'toolCall').map(({ id, name, arguments: args }) => ({ id, name, args }))).toEqual([
    { id: 'call_7_0', name: 'bash', args: { command: 'ls' } },
    { id: 'call_7_1', name: 'read', args: { path: 'a.txt', offset: 2 } },
  ]);
  expect(message.usage.input).toBe(42);
}

describe("the wire against Pi's own Google client", () => {
  for (const line of PI_LINES) {
    // `scripted-model` gets no call ids back from Pi; `gpt-oss-*` does on every line (Gemini 3+ too, from 0.84).
    for (const [modelId, ids] of [
      ['scripted-model', ['bash', 'read']],
      ['gpt-oss-scripted', ['call_0_0', 'call_0_1']],
    ] as const) {
      it(`${line.label} (${modelId}) sends what read takes and reads the streamed text and calls`, async () => {
        const stream = await loadPiStream(line);
        const before = server.received.length;
        const message = await stream(googleModel(modelId), piContext(modelId), { apiKey: 'scripted-offline-key' }).result();
        expectReadReply(message);
        expect(server.received).toHaveLength(before + 1);
        expectSentTurn(server.received.at(-1), modelId, ids);
      });
    }
  }

  it('pi 1.6.0 reports the refusal of a legacy `parameters` schema with Google\'s message', async () => {
    const line = PI_LINES.find((candidate) => candidate.label === 'pi 1.6.0');
    if (line === undefined) throw new Error('no pi 1.6.0 line');
    const stream = await loadPiStream(line);
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
    const message = await stream(googleModel('scripted-model'), piContext('scripted-model'), { apiKey: 'scripted-offline-key', onPayload, maxRetries: 0 }).result();
    expect(message.stopReason).toBe('error');
    // Pi shows the SDK's error, whose message is the response body as Google sent it.
    const said = `Unknown name "const" at 'tools[0].function_declarations[0].parameters.properties[1].value': Cannot find field.`;
    expect(message.errorMessage).toContain(JSON.stringify(said).slice(1, -1));
    const sent = server.received.at(-1)?.body as { tools: { functionDeclarations: { parameters: unknown }[] }[] };
    expect(sent.tools[0]?.functionDeclarations[0]?.parameters).toEqual({ type: 'OBJECT', properties: { command: { type: 'STRING' }, mode: { const: 'fast' } } });
  });

  it('oh-my-pi 18.2.3 (Bun) sends what read takes and reads the streamed text and calls', async () => {
    const ompDir = hostDir('omp-coding-agent-18.2.3');
    const moduleUrl = pathToFileURL(join(piAiDir('omp-coding-agent-18.2.3'), 'src', 'providers', 'google.ts')).href;
    // omp resolves `compat` from its catalog; a custom model of no known class gets none of the Google flags.
    const model = { ...googleModel('scripted-model'), compat: {} };
    const script = [
      `const { streamGoogle } = await import(${JSON.stringify(moduleUrl)});`,
      `const message = await streamGoogle(${JSON.stringify(model)}, ${JSON.stringify(piContext('scripted-model'))}, { apiKey: 'scripted-offline-key' }).result();`,
      'console.log(JSON.stringify(message));',
    ].join('\n');
    const fromBun = createRequire(createRequire(import.meta.url).resolve('bun/package.json'));
    const bun = join(dirname(fromBun.resolve('@oven/bun-linux-x64/package.json')), 'bin', 'bun');
    const before = server.received.length;
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(bun, ['-e', script], { cwd: ompDir, timeout: 30_000, killSignal: 'SIGKILL', env: { PATH: process.env['PATH'] ?? '' } }, (error, out, stderr) => {
        if (error === null) resolve(out);
        else reject(new Error(`Bun failed: ${error.message}\n${stderr}`));
      });
    });
    expectReadReply(JSON.parse(stdout) as PiAssistantMessage);
    expect(server.received).toHaveLength(before + 1);
    // omp normalizes the schema for Google first: it drops what Gemini ignores, `additionalProperties` here.
    expectSentTurn(server.received.at(-1), 'scripted-model', ['bash', 'read'], { type: 'object', properties: bashSchema.properties, required: ['command'] });
  }, 40_000);
});
