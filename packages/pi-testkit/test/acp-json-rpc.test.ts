import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeError, encodeNotification, encodeRequest, encodeResult, parseJsonRpcLine } from '../src/acp/index.js';

describe('JSON-RPC 2.0 framing of ACP', () => {
  it('classifies requests, notifications, results and errors by their fields', () => {
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":3,"method":"fs/read_text_file","params":{"path":"/a"}}')).toEqual({
      kind: 'request',
      id: 3,
      method: 'fs/read_text_file',
      params: { path: '/a' },
    });
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","method":"session/update","params":{}}')).toEqual({ kind: 'notification', method: 'session/update', params: {} });
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":"x","result":null}')).toEqual({ kind: 'result', id: 'x', result: null });
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"no"}}')).toEqual({
      kind: 'error',
      id: 4,
      error: { code: -32601, message: 'no' },
    });
  });

  it('calls stray output and malformed messages invalid instead of throwing', () => {
    expect(parseJsonRpcLine('Loading extensions...')).toMatchObject({ kind: 'invalid', why: 'not JSON' });
    expect(parseJsonRpcLine('{"id":1,"result":1}')).toMatchObject({ kind: 'invalid', why: 'not a JSON-RPC 2.0 object' });
    expect(parseJsonRpcLine('[1]')).toMatchObject({ kind: 'invalid' });
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":{},"method":"m"}')).toMatchObject({ kind: 'invalid' });
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":1,"error":{"message":"no code"}}')).toMatchObject({ kind: 'invalid' });
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":1}')).toMatchObject({ kind: 'invalid' });
  });

  it('writes each message as one line that parses back to itself, whatever the text inside', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), fc.string(), fc.jsonValue(), (id, method, params) => {
        const request = encodeRequest(id, method, params);
        const error = encodeError(id, { code: -1, message: method });
        for (const line of [request, encodeNotification(method, params), encodeResult(id, params), error]) {
          expect(line.endsWith('\n')).toBe(true);
          expect(line.slice(0, -1)).not.toContain('\n');
        }
        const sentParams: unknown = JSON.parse(JSON.stringify(params));
        expect(parseJsonRpcLine(request.slice(0, -1))).toEqual({ kind: 'request', id, method, params: sentParams });
        expect(parseJsonRpcLine(error.slice(0, -1))).toEqual({ kind: 'error', id, error: { code: -1, message: method } });
      }),
    );
  });
});
