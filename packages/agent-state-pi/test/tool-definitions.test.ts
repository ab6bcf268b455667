import { describe, expect, it } from 'vitest';
import { createAgentStateController } from '../src/controller.js';
import { AUTHORITY_BOUNDARY, createAgentStateTools } from '../src/tools.js';

const TOOL_PAYLOAD_BUDGET_BYTES = 1400;
const PROMPT_SNIPPET_BUDGET_BYTES = 240;

const tools = createAgentStateTools(
  createAgentStateController(() => {
    throw new Error('defining tools must not append');
  }),
);

describe('tool definitions', () => {
  it('are exactly the four agent_state tools', () => {
    expect(tools.map((tool) => tool.name)).toEqual([
      'agent_state_get',
      'agent_state_add_work_item',
      'agent_state_set_work_item_status',
      'agent_state_add_decision',
    ]);
  });

  it('state the authority boundary in every description', () => {
    expect(AUTHORITY_BOUNDARY).toMatch(/caller-declared/u);
    expect(AUTHORITY_BOUNDARY).toMatch(/does not verify truth, progress, evidence or completion/u);
    for (const tool of tools) {
      expect(tool.description).toContain(AUTHORITY_BOUNDARY);
    }
  });

  it('stay within the request budget: name, description and parameters of all four', () => {
    // What the provider receives of a tool; Pi keeps outputSchema and the other fields to itself (e2e tool-fields).
    const payload = tools.map(({ name, description, parameters }) => JSON.stringify({ name, description, parameters }));
    const bytes = payload.reduce((total, json) => total + Buffer.byteLength(json, 'utf8'), 0);
    expect(bytes).toBeLessThanOrEqual(TOOL_PAYLOAD_BUDGET_BYTES);
  });

  it("stay within the system prompt's budget: the tool-list lines of all four", () => {
    // Pi lists a tool under "Available tools" only with a promptSnippet, as `- <name>: <snippet>`, one a line.
    const lines = tools.map((tool) => `- ${tool.name}: ${tool.promptSnippet ?? ''}\n`);
    expect(tools.every((tool) => tool.promptSnippet !== undefined && tool.promptSnippet !== '')).toBe(true);
    expect(Buffer.byteLength(lines.join(''), 'utf8')).toBeLessThanOrEqual(PROMPT_SNIPPET_BUDGET_BYTES);
  });

  it('describe the status as a plain string enum, not a union of literals, its description naming the four', () => {
    // Pi before 1.6 answers a status outside the enum without the list: the schema itself names it.
    const status = { type: 'string', enum: ['open', 'in_progress', 'blocked', 'done'], description: 'open, in_progress, blocked or done.' };
    const setStatus = tools.find((tool) => tool.name === 'agent_state_set_work_item_status');
    expect(JSON.parse(JSON.stringify(setStatus?.parameters))).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, status },
      required: ['id', 'status'],
    });
    const add = tools.find((tool) => tool.name === 'agent_state_add_work_item');
    expect(JSON.parse(JSON.stringify(add?.parameters))).toMatchObject({ properties: { status } });
  });

  it('tell the model the state outlasts compaction and resume, and which tool reads it', () => {
    const get = tools.find((tool) => tool.name === 'agent_state_get');
    expect(get?.description).toMatch(/^Read the Agent State: .*Survives compaction and resume\./u);
  });

  it('make only the status of a new work item optional', () => {
    const add = tools.find((tool) => tool.name === 'agent_state_add_work_item');
    expect(JSON.parse(JSON.stringify(add?.parameters))).toMatchObject({ required: ['id', 'content'] });
    const get = tools.find((tool) => tool.name === 'agent_state_get');
    expect(JSON.parse(JSON.stringify(get?.parameters))).toEqual({ type: 'object', properties: {} });
  });
});
