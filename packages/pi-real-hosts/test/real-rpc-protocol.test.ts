import { describe, expect, it } from 'vitest';
import { parseRecord } from '../src/real/rpc-protocol.js';
import {
  assistantError,
  assistantText,
  dialogCancellation,
  toCancelled,
  toCommands,
  toCompactResult,
  toExtensionError,
  toNotification,
  toResponse,
  toState,
} from '../src/real/rpc-protocol.js';

describe('parseRecord', () => {
  it('parses a JSON object with a type', () => {
    expect(parseRecord('{"type":"agent_start"}')).toEqual({ type: 'agent_start' });
  });

  it('keeps a line that is not a typed JSON object as invalid_line', () => {
    expect(parseRecord('Warning: something')).toEqual({ type: 'invalid_line', line: 'Warning: something' });
    expect(parseRecord('[1,2]')).toEqual({ type: 'invalid_line', line: '[1,2]' });
  });
});

describe('RPC record readers', () => {
  it('reads a response, defaulting what Pi left out', () => {
    expect(toResponse({ type: 'response', id: '7', command: 'compact', success: false, error: 'Nothing to compact' })).toEqual({
      type: 'response',
      id: '7',
      command: 'compact',
      success: false,
      data: undefined,
      error: 'Nothing to compact',
    });
    expect(toResponse({ type: 'agent_end' })).toBeUndefined();
  });

  it('reads notify requests as notifications and ignores other UI methods', () => {
    expect(toNotification({ type: 'extension_ui_request', id: '1', method: 'notify', message: 'hi', notifyType: 'warning' })).toEqual({
      message: 'hi',
      notifyType: 'warning',
    });
    expect(toNotification({ type: 'extension_ui_request', id: '1', method: 'notify', message: 'hi' })?.notifyType).toBe('info');
    expect(toNotification({ type: 'extension_ui_request', id: '2', method: 'setStatus' })).toBeUndefined();
  });

  it('reads extension errors', () => {
    const event = { type: 'extension_error', extensionPath: '/x.ts', event: 'tool_call', error: 'boom' };
    expect(toExtensionError(event)).toEqual({ extensionPath: '/x.ts', event: 'tool_call', error: 'boom' });
  });

  it.each(['select', 'confirm', 'input', 'editor'])('cancels a blocking %s dialog by its id', (method) => {
    expect(dialogCancellation({ type: 'extension_ui_request', id: 'ui-1', method })).toEqual({
      type: 'extension_ui_response',
      id: 'ui-1',
      cancelled: true,
    });
  });

  it('leaves fire-and-forget UI requests unanswered', () => {
    expect(dialogCancellation({ type: 'extension_ui_request', id: 'ui-2', method: 'notify' })).toBeUndefined();
  });

  it('reads get_state data with safe defaults', () => {
    const state = toState({ sessionFile: '/s.jsonl', sessionId: 'abc', isStreaming: true, messageCount: 3, model: null });
    expect(state).toMatchObject({ sessionFile: '/s.jsonl', sessionId: 'abc', isStreaming: true, isCompacting: false, messageCount: 3 });
    expect(toState(undefined)).toMatchObject({ sessionFile: undefined, isStreaming: false, messageCount: 0 });
  });

  it('reads get_commands data', () => {
    const data = { commands: [{ name: 'echo', description: 'Echo', source: 'extension', sourceInfo: {} }, { name: 'tpl', source: 'prompt' }] };
    expect(toCommands(data)).toEqual([
      { name: 'echo', description: 'Echo', source: 'extension' },
      { name: 'tpl', description: undefined, source: 'prompt' },
    ]);
  });

  it('reads the compact result', () => {
    const data = { summary: 'S', firstKeptEntryId: 'e1', tokensBefore: 9 };
    expect(toCompactResult(data)).toEqual({ summary: 'S', firstKeptEntryId: 'e1', raw: data });
  });

  it('reads the cancelled flag of session switches', () => {
    expect(toCancelled({ cancelled: true })).toBe(true);
    expect(toCancelled({ cancelled: false })).toBe(false);
  });

  it('reads assistant text and model errors', () => {
    const answer = { role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'toolCall' }, { type: 'text', text: 'b' }], stopReason: 'stop' };
    expect(assistantText(answer)).toBe('ab');
    expect(assistantError(answer)).toBeUndefined();
    expect(assistantError({ role: 'assistant', content: [], stopReason: 'error', errorMessage: '500' })).toBe('500');
    expect(assistantText({ role: 'user', content: 'x' })).toBeUndefined();
  });
});
