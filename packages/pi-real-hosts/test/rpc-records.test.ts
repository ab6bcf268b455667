import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventLog } from '../src/real/event-log.js';
import { JsonlSplitter } from '../src/real/jsonl-splitter.js';
import {
  assistantError,
  assistantText,
  dialogCancellation,
  parseRecord,
  toCancelled,
  toCommands,
  toCompactResult,
  toExtensionError,
  toNotification,
  toResponse,
  toState,
} from '../src/real/rpc-protocol.js';
import { customEntries, parseSessionJsonl } from '../src/real/session-file.js';

// What the harness reads from a Pi process: its stdout split into records, the records read, kept with
// bounded waits, and its session file.

function splitAll(chunks: readonly (Buffer | string)[]): string[] {
  const splitter = new JsonlSplitter();
  return [...chunks.flatMap((chunk) => splitter.push(chunk)), ...splitter.end()];
}

describe('JsonlSplitter', () => {
  it('splits on LF only (U+2028 and U+2029 stay inside a record), drops a trailing CR and skips blank lines', () => {
    const record = JSON.stringify({ type: 'notify', message: 'a\u2028b\u2029c' });
    expect(splitAll([`${record}\n`, '{"a":1}\r\n\n  \n{"b":2}\n'])).toEqual([record, '{"a":1}', '{"b":2}']);
  });

  it('holds a partial line until its newline or the end of the stream', () => {
    const splitter = new JsonlSplitter();
    expect(splitter.push('{"a":')).toEqual([]);
    expect(splitter.push('1}\n{"b"')).toEqual(['{"a":1}']);
    expect(splitter.end()).toEqual(['{"b"']);
  });

  it('yields the same records however the bytes are chunked, multi-byte characters included', () => {
    const records = fc.array(fc.string({ unit: 'grapheme' }).map((text) => JSON.stringify({ type: 'x', text })), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(records, fc.array(fc.nat(), { maxLength: 8 }), (lines, cuts) => {
        const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
        const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((left, right) => left - right);
        const chunks = [0, ...offsets].map((start, index) => bytes.subarray(start, [...offsets, bytes.length][index]));
        expect(splitAll(chunks)).toEqual(lines);
      }),
    );
  });
});

describe('RPC record readers', () => {
  it('keep a line that is not a typed JSON object as invalid_line', () => {
    expect(['{"type":"agent_start"}', 'Warning: something', '[1,2]'].map(parseRecord)).toEqual([
      { type: 'agent_start' },
      { type: 'invalid_line', line: 'Warning: something' },
      { type: 'invalid_line', line: '[1,2]' },
    ]);
  });

  it('read a response, notifications, extension errors, state, commands, a compaction and a cancel, defaulting what Pi left out', () => {
    expect(toResponse({ type: 'response', id: '7', command: 'compact', success: false, error: 'Nothing to compact' })).toEqual({
      type: 'response',
      id: '7',
      command: 'compact',
      success: false,
      data: undefined,
      error: 'Nothing to compact',
    });
    expect(toResponse({ type: 'agent_end' })).toBeUndefined();
    const notify = { type: 'extension_ui_request', id: '1', method: 'notify', message: 'hi' };
    expect([toNotification({ ...notify, notifyType: 'warning' }), toNotification(notify), toNotification({ ...notify, method: 'setStatus' })]).toEqual([
      { message: 'hi', notifyType: 'warning' },
      { message: 'hi', notifyType: 'info' },
      undefined,
    ]);
    expect(toExtensionError({ type: 'extension_error', extensionPath: '/x.ts', event: 'tool_call', error: 'boom' })).toEqual({ extensionPath: '/x.ts', event: 'tool_call', error: 'boom' });
    expect(toState({ sessionFile: '/s.jsonl', isStreaming: true, messageCount: 3, model: null })).toEqual({ sessionFile: '/s.jsonl', isStreaming: true, isCompacting: false, messageCount: 3 });
    expect(toState(undefined)).toEqual({ sessionFile: undefined, isStreaming: false, isCompacting: false, messageCount: 0 });
    const commands = { commands: [{ name: 'echo', description: 'Echo', source: 'extension', sourceInfo: {} }, { name: 'tpl', source: 'prompt' }] };
    expect(toCommands(commands)).toEqual([
      { name: 'echo', description: 'Echo', source: 'extension' },
      { name: 'tpl', description: undefined, source: 'prompt' },
    ]);
    expect(toCompactResult({ summary: 'S', firstKeptEntryId: 'e1' })).toEqual({ summary: 'S' });
    expect([toCancelled({ cancelled: true }), toCancelled({ cancelled: false })]).toEqual([true, false]);
  });

  it('cancel a blocking dialog by its id, and leave fire-and-forget UI requests unanswered', () => {
    for (const method of ['select', 'confirm', 'input', 'editor']) {
      expect(dialogCancellation({ type: 'extension_ui_request', id: 'ui-1', method })).toEqual({ type: 'extension_ui_response', id: 'ui-1', cancelled: true });
    }
    expect(dialogCancellation({ type: 'extension_ui_request', id: 'ui-2', method: 'notify' })).toBeUndefined();
  });

  it('read assistant text and model errors', () => {
    const answer = { role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'toolCall' }, { type: 'text', text: 'b' }], stopReason: 'stop' };
    expect([assistantText(answer), assistantError(answer)]).toEqual(['ab', undefined]);
    expect(assistantError({ role: 'assistant', content: [], stopReason: 'error', errorMessage: '500' })).toBe('500');
    expect(assistantText({ role: 'user', content: 'x' })).toBeUndefined();
  });
});

describe('EventLog', () => {
  const log = (): EventLog => new EventLog((what, why) => new Error(`${why} waiting for ${what}`));
  const ofType = (type: string) => (event: { type: string }) => event.type === type;

  it('resolves with a record already seen from the given index, or a later one, and returns copies', async () => {
    const events = log();
    events.push({ type: 'b', n: 1 });
    await expect(events.waitFor(ofType('b'), { fromIndex: 0, timeoutMs: 50, what: 'b' })).resolves.toEqual({ type: 'b', n: 1 });
    const waiting = events.waitFor(ofType('b'), { fromIndex: 1, timeoutMs: 1_000, what: 'b' });
    events.push({ type: 'b', n: 2 });
    await expect(waiting).resolves.toEqual({ type: 'b', n: 2 });
    events.since(0).length = 0;
    expect(events.length).toBe(2);
  });

  it('rejects after the timeout with what it waited for', async () => {
    await expect(log().waitFor(ofType('never'), { fromIndex: 0, timeoutMs: 20, what: 'the end' })).rejects.toThrow('timed out after 20 ms waiting for the end');
  });

  it('rejects pending and later waits once closed, until reopened', async () => {
    const events = log();
    const pending = events.waitFor(ofType('x'), { fromIndex: 0, timeoutMs: 1_000, what: 'x' });
    events.close('Pi exited');
    await expect(pending).rejects.toThrow('Pi exited waiting for x');
    await expect(events.waitFor(ofType('x'), { fromIndex: 0, timeoutMs: 1_000, what: 'y' })).rejects.toThrow('Pi exited waiting for y');
    events.reopen();
    const afterReopen = events.waitFor(ofType('x'), { fromIndex: 0, timeoutMs: 1_000, what: 'x' });
    events.push({ type: 'x' });
    await expect(afterReopen).resolves.toEqual({ type: 'x' });
  });
});

describe('the session file', () => {
  const header = '{"type":"session","version":3,"id":"s1","cwd":"/p"}';
  const note = (id: string, customType: string): string => JSON.stringify({ type: 'custom', customType, data: { id }, id, parentId: null });

  it('parses every line in file order, skips blank lines, and keeps the custom entries of one type', () => {
    const entries = parseSessionJsonl(`${[header, note('a', 'echo-note'), note('b', 'other'), '', note('c', 'echo-note')].join('\n')}\n\n`);
    expect(entries.map((entry) => entry.type)).toEqual(['session', 'custom', 'custom', 'custom']);
    expect(customEntries(entries, 'echo-note').map((entry) => entry['id'])).toEqual(['a', 'c']);
  });

  it('names a line that is not JSON without echoing it, and a line without a type', () => {
    expect(() => parseSessionJsonl(`${header}\n{secret`)).toThrow('session file line 2 is not JSON');
    expect(() => parseSessionJsonl('{"id":"x"}')).toThrow('session file line 1 has no type');
  });
});
