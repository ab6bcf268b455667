/** A JSON-RPC 2.0 id; ACP agents and clients use numbers, the spec allows strings too. */
export type JsonRpcId = number | string;

export interface JsonRpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** One line of an ACP stream, classified by the fields JSON-RPC 2.0 gives each kind of message. */
export type JsonRpcMessage =
  | { readonly kind: 'request'; readonly id: JsonRpcId; readonly method: string; readonly params: unknown }
  | { readonly kind: 'notification'; readonly method: string; readonly params: unknown }
  | { readonly kind: 'result'; readonly id: JsonRpcId; readonly result: unknown }
  | { readonly kind: 'error'; readonly id: JsonRpcId | null; readonly error: JsonRpcError }
  | { readonly kind: 'invalid'; readonly line: string; readonly why: string };

/** Standard codes a client answers an agent's request with. */
export const JSON_RPC_METHOD_NOT_FOUND = -32601;
export const JSON_RPC_INVALID_PARAMS = -32602;
export const JSON_RPC_INTERNAL_ERROR = -32603;

/** A JSON object (not an array, not null): what every ACP params and result is. */
export function isJsonObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'number' || typeof value === 'string';
}

function toError(value: unknown): JsonRpcError | undefined {
  if (!isJsonObject(value) || typeof value['code'] !== 'number' || typeof value['message'] !== 'string') return undefined;
  return { code: value['code'], message: value['message'], ...('data' in value ? { data: value['data'] } : {}) };
}

/** Classifies one line; a line that is not a JSON-RPC 2.0 message is `invalid` (an agent's stray output). */
export function parseJsonRpcLine(line: string): JsonRpcMessage {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'invalid', line, why: 'not JSON' };
  }
  if (!isJsonObject(value) || value['jsonrpc'] !== '2.0') return { kind: 'invalid', line, why: 'not a JSON-RPC 2.0 object' };
  const { id, method } = value;
  if (typeof method === 'string') {
    if (id === undefined) return { kind: 'notification', method, params: value['params'] };
    if (isId(id)) return { kind: 'request', id, method, params: value['params'] };
    return { kind: 'invalid', line, why: 'a request id must be a number or a string' };
  }
  if ('error' in value) {
    const error = toError(value['error']);
    if (error === undefined) return { kind: 'invalid', line, why: 'an error needs a numeric code and a message' };
    return { kind: 'error', id: isId(id) ? id : null, error };
  }
  if ('result' in value && isId(id)) return { kind: 'result', id, result: value['result'] };
  return { kind: 'invalid', line, why: 'neither a request, a notification nor a response' };
}

/** One newline-terminated line; JSON.stringify escapes every newline inside strings, so the framing holds. */
function frame(message: Readonly<Record<string, unknown>>): string {
  return `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;
}

export function encodeRequest(id: JsonRpcId, method: string, params: unknown): string {
  return frame({ id, method, params });
}

export function encodeNotification(method: string, params: unknown): string {
  return frame({ method, params });
}

export function encodeResult(id: JsonRpcId, result: unknown): string {
  return frame({ id, result });
}

export function encodeError(id: JsonRpcId, error: JsonRpcError): string {
  return frame({ id, error });
}
