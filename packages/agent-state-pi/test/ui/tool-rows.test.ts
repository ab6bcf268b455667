import { plainText, toolResultLines, type PiThemePort } from '@j1nn0/pi-adapter-kit';
import { describe, expect, it } from 'vitest';
import { createAgentStateController } from '../../src/controller.js';
import { createAgentStateTools } from '../../src/tools.js';
import { toolCallLine } from '../../src/ui/tool-rows.js';

const TAGGING_THEME: PiThemePort = { fg: (color, text) => `<${color}>${text}</${color}>`, bold: (text) => text };
const COLLAPSED = { expanded: false, isPartial: false };

/** The row context Pi passes last to both renderers (the fields of its ToolRenderContext). */
function piContext(isError: boolean): Readonly<Record<string, unknown>> {
  return {
    args: {},
    toolCallId: 'call-1',
    invalidate: () => undefined,
    lastComponent: undefined,
    state: {},
    cwd: '/project',
    executionStarted: true,
    argsComplete: true,
    isPartial: false,
    expanded: false,
    showImages: false,
    isError,
  };
}

describe('tool rows', () => {
  it('say what is being recorded: verb, id and status', () => {
    expect(plainText(toolCallLine('agent_state_add_work_item', { id: 'parse', content: 'Parse it' }))).toBe(
      'Agent State add parse open "Parse it"',
    );
    expect(plainText(toolCallLine('agent_state_set_work_item_status', { id: 'parse', status: 'done' }))).toBe(
      'Agent State set parse → done',
    );
    expect(plainText(toolCallLine('agent_state_add_decision', { id: 'd1', content: 'Keep it' }))).toBe(
      'Agent State decide d1 "Keep it"',
    );
    expect(plainText(toolCallLine('agent_state_get', {}))).toBe('Agent State read');
  });

  it('read half-streamed or odd arguments without failing, and escape them', () => {
    expect(plainText(toolCallLine('agent_state_set_work_item_status', {}))).toBe('Agent State set … → …');
    expect(plainText(toolCallLine('agent_state_add_work_item', { id: 5, content: 'x\u001b' }))).toBe(
      'Agent State add … open "x\\u001b"',
    );
    expect(plainText(toolCallLine('agent_state_add_decision', null))).toBe('Agent State decide …');
    // An object's own keys only: `toString` is not a status and gets no status colour.
    expect(toolCallLine('agent_state_set_work_item_status', { id: 'a', status: 'toString' }).at(-1)?.color).toBe('dim');
  });

  it('show one line collapsed and the whole text expanded', () => {
    const text = 'Agent State: no objective, 1 work item.\nWork items:\n- [open] a: A';
    expect(toolResultLines({ text, expanded: false, isPartial: false, isError: false }).map(plainText)).toEqual([
      '✓ Agent State: no objective, 1 work item.',
    ]);
    expect(toolResultLines({ text, expanded: true, isPartial: false, isError: false }).map(plainText)).toHaveLength(3);
  });
});

describe("every tool's rows on both hosts", () => {
  const tools = createAgentStateTools(createAgentStateController(() => undefined));
  const rejection = { content: [{ type: 'text', text: 'Rejected: a work item with id "docs" already exists.' }] };
  const args = { id: 'docs', content: 'Write the docs' };

  it("draw the call line, and a rejection unlike an acceptance in colour and in mark, in Pi's argument order", () => {
    for (const tool of tools) {
      expect(tool.renderCall?.(args, TAGGING_THEME, piContext(false)).render(80)[0]).toContain('<toolTitle>Agent State</toolTitle>');
      expect(tool.renderResult?.(rejection, COLLAPSED, TAGGING_THEME, piContext(true)).render(80)).toEqual([
        '<error>✗ </error><error>Rejected: a work item with id "docs" already exists.</error>',
      ]);
      expect(tool.renderResult?.(rejection, COLLAPSED, TAGGING_THEME, piContext(false)).render(80)[0]).toMatch(/^<success>✓ <\/success>/u);
    }
  });

  // oh-my-pi 18: renderCall(args, options, theme) and renderResult(result, options, theme, args), with result.isError.
  it("draw the same rows in oh-my-pi's argument order, where the result itself says it was rejected", () => {
    for (const tool of tools) {
      expect(tool.renderCall?.(args, COLLAPSED, TAGGING_THEME).render(80)[0]).toContain('<toolTitle>Agent State</toolTitle>');
      expect(tool.renderResult?.({ ...rejection, isError: true }, COLLAPSED, TAGGING_THEME, args).render(80)).toEqual([
        '<error>✗ </error><error>Rejected: a work item with id "docs" already exists.</error>',
      ]);
      expect(tool.renderResult?.({ ...rejection, isError: false }, COLLAPSED, TAGGING_THEME, args).render(80)[0]).toMatch(/^<success>✓ <\/success>/u);
    }
  });
});
