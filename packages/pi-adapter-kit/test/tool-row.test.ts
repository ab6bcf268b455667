import { describe, expect, it } from 'vitest';
import { PLAIN_THEME, plainText } from '../src/styled-line.js';
import { argumentText, collapsedResultLine, readRenderArguments, toolResultLines } from '../src/tool-row.js';
import type { PiThemePort } from '../src/port.js';

describe('tool rows', () => {
  it('read string arguments only, escaped', () => {
    expect(argumentText({ id: 'a\u001b' }, 'id')).toBe('a\\u001b');
    expect(argumentText({ id: 5 }, 'id')).toBeUndefined();
    expect(argumentText(undefined, 'id')).toBeUndefined();
  });

  it('mark an accepted result with a tick and a rejected one with a cross, in different colours', () => {
    const accepted = toolResultLines({ text: 'Done.\nmore', expanded: false, isPartial: false, isError: false });
    const rejected = toolResultLines({ text: 'Rejected: no.', expanded: false, isPartial: false, isError: true });
    expect(accepted.map(plainText)).toEqual(['✓ Done.']);
    expect(rejected.map(plainText)).toEqual(['✗ Rejected: no.']);
    expect(accepted[0]?.[0]?.color).toBe('success');
    expect(rejected[0]?.[0]?.color).toBe('error');
  });

  // Pi's validator answer as 0.84.2 and 1.6.0 word it (0.73.1 as 0.84.2).
  const older = 'Validation failed for tool "agent_state_set_work_item_status":\n  - status: must be equal to one of the allowed values\n\nReceived arguments:\n{\n  "id": "a",\n  "status": "completed"\n}';
  const newer = 'Validation failed for tool "agent_state_set_work_item_status":\n  - status: expected one of ["open","in_progress","blocked","done"]\n\nReceived arguments:\n{}';

  it("collapse Pi's validation answer to its first problem, which says why, and keep it whole expanded", () => {
    expect(collapsedResultLine(older)).toBe('Invalid arguments: status: must be equal to one of the allowed values');
    expect(collapsedResultLine(newer)).toBe('Invalid arguments: status: expected one of ["open","in_progress","blocked","done"]');
    expect(toolResultLines({ text: older, expanded: false, isPartial: false, isError: true }).map(plainText)).toEqual([
      '✗ Invalid arguments: status: must be equal to one of the allowed values',
    ]);
    const expanded = toolResultLines({ text: older, expanded: true, isPartial: false, isError: true }).map(plainText);
    expect(expanded[0]).toBe('✗ Validation failed for tool "agent_state_set_work_item_status":');
    expect(expanded).toHaveLength(older.split('\n').length);
  });

  it("collapse Pi 1.6's one-line answer to arguments that are no object to its reason", () => {
    const notAnObject = 'Invalid arguments for tool "agent_state_add_work_item": Tool arguments must be a JSON object\n\nReceived arguments:\n"{}"';
    expect(collapsedResultLine(notAnObject)).toBe('Invalid arguments: Tool arguments must be a JSON object');
    expect(collapsedResultLine('Invalid arguments for tool "x":')).toBe('Invalid arguments for tool "x":');
  });

  it('collapse any other text to its first line, a validation header without problems included', () => {
    expect(collapsedResultLine('Rejected: no.\nmore')).toBe('Rejected: no.');
    expect(collapsedResultLine('Validation failed for tool "x":')).toBe('Validation failed for tool "x":');
    expect(collapsedResultLine('Validation failed for tool "x": - y')).toBe('Validation failed for tool "x": - y');
  });

  it('show every line expanded and a placeholder while partial', () => {
    expect(toolResultLines({ text: 'a\nb\nc', expanded: true, isPartial: false, isError: false })).toHaveLength(3);
    expect(toolResultLines({ text: 'a', expanded: false, isPartial: true, isError: false }).map(plainText)).toEqual(['recording…']);
  });
});

describe("a renderer's host arguments, read by what they are", () => {
  const theme: PiThemePort = { fg: (_color, text) => text, bold: (text) => text };
  const options = { expanded: true, isPartial: false };
  const piContext = { toolCallId: 'c1', isError: true, expanded: false, isPartial: false, invalidate: () => undefined };

  it("finds Pi's theme and context: renderCall(args, theme, context), renderResult(result, options, theme, context)", () => {
    expect(readRenderArguments([theme, piContext])).toMatchObject({ theme, context: piContext });
    expect(readRenderArguments([options, theme, piContext])).toEqual({ theme, options, context: piContext });
  });

  it("finds oh-my-pi's theme and options and takes its trailing tool arguments for no context", () => {
    const args = { id: 'docs', isError: true };
    expect(readRenderArguments([{ ...options, spinnerFrame: 3 }, theme])).toEqual({ theme, options, context: undefined });
    expect(readRenderArguments([options, theme, args])).toEqual({ theme, options, context: undefined });
  });

  it('draws plain and collapsed when a host passes nothing it knows', () => {
    expect(readRenderArguments([])).toEqual({ theme: PLAIN_THEME, options: { expanded: false, isPartial: false }, context: undefined });
    expect(readRenderArguments([null, 'dark', { fg: 'not a function' }]).theme).toBe(PLAIN_THEME);
  });
});
