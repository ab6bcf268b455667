import { describe, expect, it } from 'vitest';
import { createAgentStateController } from '../src/controller.js';
import { AGENT_STATE_OUTPUT_SCHEMA } from '../src/structured-output.js';
import { AUTHORITY_BOUNDARY, createAgentStateTools } from '../src/tools.js';

const TOOL_PAYLOAD_BUDGET_BYTES = 1400;
const PROMPT_SNIPPET_BUDGET_BYTES = 240;

const tools = createAgentStateTools(
  createAgentStateController(() => {
    throw new Error('defining tools must not append');
  }),
);
const toolNamed = (name: string) => tools.find((tool) => tool.name === name);

describe('tool definitions', () => {
  it('are exactly the four agent_state tools, each stating the authority boundary', () => {
    expect(tools.map((tool) => tool.name)).toEqual(['agent_state_get', 'agent_state_add_work_item', 'agent_state_set_work_item_status', 'agent_state_add_decision']);
    expect(AUTHORITY_BOUNDARY).toMatch(/caller-declared/u);
    expect(AUTHORITY_BOUNDARY).toMatch(/does not verify truth, progress, evidence or completion/u);
    for (const tool of tools) expect(tool.description).toContain(AUTHORITY_BOUNDARY);
  });

  it('stay within the request budget: name, description and parameters of all four', () => {
    // What the provider receives of a tool; Pi keeps outputSchema and the other fields to itself (the host contract).
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

  it('describe the status as a plain string enum naming the four, and make only the status of a new work item optional', () => {
    // Pi before 1.6 answers a status outside the enum without the list: the schema itself names it.
    const status = { type: 'string', enum: ['open', 'in_progress', 'blocked', 'done'], description: 'open, in_progress, blocked or done.' };
    const parameters = (name: string): unknown => JSON.parse(JSON.stringify(toolNamed(name)?.parameters));
    expect(parameters('agent_state_set_work_item_status')).toEqual({ type: 'object', properties: { id: { type: 'string' }, status }, required: ['id', 'status'] });
    expect(parameters('agent_state_add_work_item')).toMatchObject({ properties: { status }, required: ['id', 'content'] });
    expect(parameters('agent_state_get')).toEqual({ type: 'object', properties: {} });
  });

  it('tell the model the state outlasts compaction and resume, and which tool reads it', () => {
    expect(toolNamed('agent_state_get')?.description).toMatch(/^Read the Agent State: .*Survives compaction and resume\./u);
  });

  // Pi reads executionMode (sequential: one at a time), annotations and outputSchema (what a codemode script
  // gets); oh-my-pi reads concurrency (exclusive) and loadMode (essential: a tool of its own, not an xd:// device).
  it('tell each host how to run and offer them: changes run alone, only agent_state_get reads and has structured output', () => {
    const change = { executionMode: 'sequential', concurrency: 'exclusive', loadMode: 'essential', outputSchema: undefined };
    expect(tools.map(({ name, executionMode, concurrency, loadMode, annotations, outputSchema }) => ({ name, executionMode, concurrency, loadMode, annotations, outputSchema }))).toEqual([
      { name: 'agent_state_get', executionMode: undefined, concurrency: undefined, loadMode: 'essential', annotations: { readOnlyHint: true, openWorldHint: false }, outputSchema: AGENT_STATE_OUTPUT_SCHEMA },
      // Adding never replaces what is recorded; setting a status does, and setting it again changes nothing.
      { name: 'agent_state_add_work_item', ...change, annotations: { destructiveHint: false, openWorldHint: false } },
      { name: 'agent_state_set_work_item_status', ...change, annotations: { idempotentHint: true, openWorldHint: false } },
      { name: 'agent_state_add_decision', ...change, annotations: { destructiveHint: false, openWorldHint: false } },
    ]);
  });
});
