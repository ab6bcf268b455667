import { describe, expect, it } from 'vitest';
import { createCompactionLifecycle } from '../src/compaction.js';
import { createGuardController } from '../src/controller.js';
import { CONTEXT_GUARD_OUTPUT_SCHEMA } from '../src/structured-output.js';
import { AUTHORITY_BOUNDARY, createContextGuardTools } from '../src/tools.js';

const TOOL_PAYLOAD_BUDGET_BYTES = 900;

const refuse = (): never => {
  throw new Error('defining tools must not act');
};
const lifecycle = createCompactionLifecycle({ verifier: refuse, saveCheck: refuse, saveRestatement: refuse });
const tools = createContextGuardTools({
  controller: createGuardController({ appendEntry: refuse }),
  lifecycle,
});

describe('tool definitions', () => {
  it('are exactly the two context_guard tools', () => {
    expect(tools.map((tool) => tool.name)).toEqual(['context_guard_list', 'context_guard_protect']);
  });

  it('state the authority boundary in every description', () => {
    expect(AUTHORITY_BOUNDARY).toBe('Records what the caller declares protected; does not verify or establish that it is true.');
    for (const tool of tools) {
      expect(tool.description).toContain(AUTHORITY_BOUNDARY);
    }
  });

  it('tell the model the protected items outlast compaction and resume, and which tool reads them', () => {
    const list = tools.find((tool) => tool.name === 'context_guard_list');
    expect(list?.description).toMatch(/^List protected context items .*The items survive compaction and resume\./u);
  });

  it('stay within the request budget: name, description and parameters of both', () => {
    // What the provider receives of a tool; Pi keeps outputSchema and the other fields to itself (e2e tool-fields).
    const payload = tools.map(({ name, description, parameters }) => JSON.stringify({ name, description, parameters }));
    const bytes = payload.reduce((total, json) => total + Buffer.byteLength(json, 'utf8'), 0);
    expect(bytes).toBeLessThanOrEqual(TOOL_PAYLOAD_BUDGET_BYTES);
  });

  // Fields the provider never sees: how Pi (executionMode, outputSchema, annotations) and oh-my-pi (loadMode:
  // a tool of its own; concurrency) run and judge each tool.
  it('read only (list, with its output schema) or only add and run one at a time (protect)', () => {
    const fields = tools.map((tool) => {
      const { executionMode, outputSchema, annotations, loadMode, concurrency } = tool as typeof tool & { loadMode?: unknown; concurrency?: unknown };
      return { executionMode, outputSchema, annotations, loadMode, concurrency };
    });
    const list = { executionMode: undefined, outputSchema: CONTEXT_GUARD_OUTPUT_SCHEMA, annotations: { readOnlyHint: true, openWorldHint: false } };
    const protect = { executionMode: 'sequential', outputSchema: undefined, annotations: { destructiveHint: false, openWorldHint: false } };
    expect(fields).toEqual([
      { ...list, loadMode: 'essential', concurrency: undefined },
      { ...protect, loadMode: 'essential', concurrency: 'exclusive' },
    ]);
  });

  it('describe the kind as a plain string enum and leave criticality out: it is a person\'s decision', () => {
    const protect = tools.find((tool) => tool.name === 'context_guard_protect');
    expect(JSON.parse(JSON.stringify(protect?.parameters))).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        kind: { type: 'string', enum: ['goal', 'constraint', 'requirement', 'decision', 'fact'] },
        content: { type: 'string' },
      },
      required: ['id', 'kind', 'content'],
    });
    const list = tools.find((tool) => tool.name === 'context_guard_list');
    expect(JSON.parse(JSON.stringify(list?.parameters))).toEqual({ type: 'object', properties: {} });
  });
});
