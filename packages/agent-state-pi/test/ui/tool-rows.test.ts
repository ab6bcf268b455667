import { plainText, renderToolResult, toolResultLines, type PiThemePort } from '@j1nn0/pi-adapter-kit';
import { describe, expect, it } from 'vitest';
import { toolCallLine } from '../../src/ui/tool-rows.js';

const TAGGING_THEME: PiThemePort = { fg: (color, text) => `<${color}>${text}</${color}>`, bold: (text) => text };

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

  it('make a rejection look different from an acceptance, in colour and in mark', () => {
    const accepted = renderToolResult({ content: [{ type: 'text', text: 'Added work item "a" (open).' }] }, { expanded: false, isPartial: false }, TAGGING_THEME, { isError: false }).render(80);
    const rejected = renderToolResult({ content: [{ type: 'text', text: 'Rejected: a work item with id "a" already exists.' }] }, { expanded: false, isPartial: false }, TAGGING_THEME, { isError: true }).render(80);
    expect(accepted).toEqual(['<success>✓ </success>Added work item "a" (open).']);
    expect(rejected).toEqual(['<error>✗ </error><error>Rejected: a work item with id "a" already exists.</error>']);
  });
});
