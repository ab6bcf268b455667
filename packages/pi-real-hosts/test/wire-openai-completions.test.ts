import { describe, expect, it } from 'vitest';
import { readWireRequest, toolResultEntriesInCallOrder } from '../src/real/model-request.js';
import { OPENAI_COMPLETIONS_WIRE } from '../src/real/provider-apis/openai-completions.js';

const tool = (fn: Record<string, unknown>): Record<string, unknown> => ({ type: 'function', function: { name: 'echo', description: 'Echo', parameters: { type: 'object', properties: {} }, ...fn } });

describe('the chat completions wire', () => {
  it('reads tool results in call order, whatever order they came back in', () => {
    const request = readWireRequest(OPENAI_COMPLETIONS_WIRE, {
      model: 'm',
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'echo', arguments: '{}' } }, { id: 'b', type: 'function', function: { name: 'echo', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'b', content: 'second' },
        { role: 'tool', tool_call_id: 'a', content: [{ type: 'text', text: 'first' }] },
      ],
    });
    expect(request.api).toBe('openai-completions');
    expect(toolResultEntriesInCallOrder(request)).toEqual([
      { callId: 'a', text: 'first', isError: false },
      { callId: 'b', text: 'second', isError: false },
    ]);
  });

  it('accepts plain object schemas, strict or not when they follow the strict rules', () => {
    expect(OPENAI_COMPLETIONS_WIRE.refuse({ tools: [tool({})] })).toBeUndefined();
    const strict = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false };
    expect(OPENAI_COMPLETIONS_WIRE.refuse({ tools: [tool({ parameters: strict, strict: true })] })).toBeUndefined();
  });

  it('refuses what OpenAI refuses: a bad name, a schema not of type object, a strict schema it cannot enforce', () => {
    const refused = (fn: Record<string, unknown>): string => JSON.stringify(OPENAI_COMPLETIONS_WIRE.refuse({ tools: [tool(fn)] })?.body);
    expect(refused({ name: 'has space' })).toContain("Invalid 'tools[0].function.name'");
    expect(refused({ parameters: { anyOf: [] } })).toContain('invalid_function_parameters');
    expect(refused({ strict: true, parameters: { type: 'object', properties: { id: { type: 'string' } } } })).toContain("'additionalProperties' is required");
    expect(refused({ strict: true, parameters: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false } })).toContain("Missing 'id'");
    expect(OPENAI_COMPLETIONS_WIRE.refuse({ tools: [tool({ name: 'has space' })] })?.status).toBe(400);
  });

  it('answers on the chat completions path only', () => {
    expect(OPENAI_COMPLETIONS_WIRE.handles('POST', '/v1/chat/completions')).toBe(true);
    expect(OPENAI_COMPLETIONS_WIRE.handles('GET', '/v1/chat/completions')).toBe(false);
    expect(OPENAI_COMPLETIONS_WIRE.handles('POST', '/v1/responses')).toBe(false);
    expect(OPENAI_COMPLETIONS_WIRE.baseUrl('http://127.0.0.1:9')).toBe('http://127.0.0.1:9/v1');
  });
});
