import { describe, expect, it } from 'vitest';
import { PLAIN_THEME, plainText } from '../src/styled-line.js';
import { argumentText, readRenderArguments, toolResultLines } from '../src/tool-row.js';
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
