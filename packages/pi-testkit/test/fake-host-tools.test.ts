import { realpathSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import Type from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import type { ToolDefinition } from 'pi-coding-agent-0.84.2';
import { createFakePiHost, type FakePiHost } from '../src/fake-host/fake-host.js';
import { checkToolArguments } from '../src/fake-host/tool-arguments.js';

type Execute = (...args: Parameters<ToolDefinition['execute']>) => unknown;

/** A plain JSON schema, as an adapter may pass one; Pi's types accept it as a typebox TSchema. */
function jsonSchema(schema: object): TSchema {
  return schema;
}

/** What @sinclair/typebox 0.34 builds: plain JSON schema carrying its `TypeBox.Kind` symbols. */
function legacyTypeboxObject(properties: Record<string, object>, required: readonly string[]): TSchema {
  const kind = Symbol.for('TypeBox.Kind');
  const withKind = (schema: object, name: string): object => Object.assign({ [kind]: name }, schema);
  const props = Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, withKind(schema, 'Any')]));
  return withKind({ type: 'object', properties: props, required: [...required] }, 'Object');
}

const COUNTER_SCHEMA = jsonSchema({
  type: 'object',
  properties: { count: { type: 'number' }, note: { type: 'string' }, flag: { type: 'boolean' } },
  required: ['count'],
});

async function hostWithTool(parameters: TSchema, execute: Execute, extra: object = {}): Promise<FakePiHost> {
  const host = createFakePiHost({ cwd: '/project' });
  await host.load((pi) => {
    pi.registerTool({
      name: 'counter',
      label: 'Counter',
      description: 'counts',
      parameters,
      execute: (...args) => Promise.resolve(execute(...args) as { content: []; details: unknown }),
      ...extra,
    });
  });
  return host;
}

function okResult(details: unknown): { content: { type: 'text'; text: string }[]; details: unknown } {
  return { content: [{ type: 'text', text: 'ok' }], details };
}

describe('tool argument validation', () => {
  it("rejects invalid arguments with Pi's error result and never calls execute", async () => {
    const execute = vi.fn<Execute>();
    const host = await hostWithTool(COUNTER_SCHEMA, execute);

    const result = await host.executeTool('counter', { note: 'no count' });

    expect(execute).not.toHaveBeenCalled();
    expect(result.isError).toBe(true);
    expect(result.details).toEqual({});
    expect(result.content).toHaveLength(1);
    const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
    expect(text.startsWith('Validation failed for tool "counter":\n  - count: ')).toBe(true);
    expect(text).toContain('Received arguments:\n{\n  "note": "no count"\n}');
  });

  it('coerces primitive strings for a plain JSON schema, as Pi does', async () => {
    const execute = vi.fn<Execute>(() => okResult(null));
    const host = await hostWithTool(COUNTER_SCHEMA, execute);

    await host.executeTool('counter', { count: '3', flag: 'true', note: 7 });

    expect(execute.mock.calls[0]?.[1]).toEqual({ count: 3, flag: true, note: '7' });
  });

  it('accepts typebox 1.x schemas and converts with typebox', async () => {
    const execute = vi.fn<Execute>(() => okResult(null));
    const host = await hostWithTool(Type.Object({ count: Type.Number() }), execute);

    const result = await host.executeTool('counter', { count: '5' });

    expect(result.isError).toBe(false);
    expect(execute.mock.calls[0]?.[1]).toEqual({ count: 5 });
  });

  it('checks @sinclair/typebox 0.34 schemas without coercing, as Pi 0.84 does', async () => {
    const execute = vi.fn<Execute>(() => okResult(null));
    const host = await hostWithTool(legacyTypeboxObject({ count: { type: 'number' } }, ['count']), execute);

    const coercible = await host.executeTool('counter', { count: '5' });
    const valid = await host.executeTool('counter', { count: 5 });

    expect(coercible.isError).toBe(true);
    expect(valid.isError).toBe(false);
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('drops null for an optional property that does not accept null', async () => {
    const execute = vi.fn<Execute>(() => okResult(null));
    const host = await hostWithTool(COUNTER_SCHEMA, execute);

    await host.executeTool('counter', { count: 1, note: null });

    expect(execute.mock.calls[0]?.[1]).toEqual({ count: 1 });
  });

  it('runs prepareArguments before validation', async () => {
    const execute = vi.fn<Execute>(() => okResult(null));
    const host = await hostWithTool(COUNTER_SCHEMA, execute, {
      prepareArguments: (args: unknown) => ({ count: (args as { legacyCount: number }).legacyCount }),
    });

    const result = await host.executeTool('counter', { legacyCount: 4 });

    expect(result.isError).toBe(false);
    expect(execute.mock.calls[0]?.[1]).toEqual({ count: 4 });
  });

  it('gives the same verdict and message as Pi 0.84.2 for any arguments', async () => {
    const piValidation = await loadPiValidation();
    const unionSchema = jsonSchema({
      type: 'object',
      properties: {
        count: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        note: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'number' } },
      },
      additionalProperties: { type: 'boolean' },
    });
    const schemas = [
      COUNTER_SCHEMA,
      Type.Object({ count: Type.Integer(), tags: Type.Optional(Type.Array(Type.String())) }),
      unionSchema,
    ];
    const value = fc.oneof(
      fc.string(),
      fc.integer().map(String),
      fc.double({ noNaN: true }),
      fc.integer(),
      fc.boolean(),
      fc.constantFrom(null, 0, 1, 1.5, 'true', 'false', '', ' ', '1', '1.5', 'abc'),
      fc.array(fc.oneof(fc.string(), fc.integer(), fc.constantFrom('2', null, true))),
    );
    const args = fc.dictionary(fc.constantFrom('count', 'note', 'flag', 'tags', 'other'), value);
    fc.assert(
      fc.property(fc.constantFrom(...schemas), args, (parameters, received) => {
        const ours = checkToolArguments('counter', parameters, received);
        const theirs = piValidation({ name: 'counter', parameters }, { name: 'counter', arguments: received });
        expect(ours).toEqual(theirs);
      }),
      {
        numRuns: 500,
        examples: [
          [unionSchema, { count: null, note: 0, tags: ['2'], other: 'false' }],
          [unionSchema, { note: null }],
          [COUNTER_SCHEMA, { count: '1.5', flag: 1, note: null }],
        ],
      },
    );
  });
});

/** Pi's own validator (pi-ai 0.84.x `validateToolArguments`), loaded from the installed Pi package. */
async function loadPiValidation(): Promise<
  (tool: object, call: object) => { ok: boolean; value?: unknown; message?: string }
> {
  const piPackage = realpathSync(fileURLToPath(new URL('../node_modules/pi-coding-agent-0.84.2', import.meta.url)));
  const moduleUrl = pathToFileURL(`${piPackage}/../pi-ai/dist/utils/validation.js`).href;
  const { validateToolArguments } = (await import(moduleUrl)) as {
    validateToolArguments: (tool: object, call: object) => unknown;
  };
  return (tool, call) => {
    try {
      return { ok: true, value: validateToolArguments(tool, call) };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  };
}

describe('tool execution', () => {
  it('returns content and details with isError false, passing the call id and a ctx', async () => {
    const execute = vi.fn<Execute>((_id, _params, _signal, _onUpdate, ctx) =>
      okResult({ leaf: ctx.sessionManager.getLeafId() }),
    );
    const host = await hostWithTool(COUNTER_SCHEMA, execute);

    const result = await host.executeTool('counter', { count: 1 }, { toolCallId: 'call_x' });

    expect(result).toEqual({ content: [{ type: 'text', text: 'ok' }], details: { leaf: null }, isError: false });
    expect(execute.mock.calls[0]?.[0]).toBe('call_x');
  });

  it('turns a throwing execute into an error result holding only the message', async () => {
    const host = await hostWithTool(COUNTER_SCHEMA, () => {
      throw new Error('count is out of range');
    });

    const result = await host.executeTool('counter', { count: 1 });

    expect(result).toEqual({ content: [{ type: 'text', text: 'count is out of range' }], details: {}, isError: true });
  });

  it('lets a tool_call handler block the call before execute', async () => {
    const execute = vi.fn<Execute>();
    const host = await hostWithTool(COUNTER_SCHEMA, execute);
    await host.load((pi) => {
      pi.on('tool_call', () => ({ block: true, reason: 'not now' }));
    });

    const result = await host.executeTool('counter', { count: 1 });

    expect(execute).not.toHaveBeenCalled();
    expect(result).toEqual({ content: [{ type: 'text', text: 'not now' }], details: {}, isError: true });
  });

  it('lets tool_result handlers patch the result', async () => {
    const host = await hostWithTool(COUNTER_SCHEMA, () => okResult({ n: 1 }));
    await host.load((pi) => {
      pi.on('tool_result', (event) => ({ details: { n: 2, sawError: event.isError } }));
    });

    const result = await host.executeTool('counter', { count: 1 });

    expect(result.details).toEqual({ n: 2, sawError: false });
    expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
  });

  it('throws a testkit error for a tool nobody registered', async () => {
    const host = createFakePiHost();
    await expect(host.executeTool('missing', {})).rejects.toMatchObject({ code: 'unknown-tool' });
  });
});
