/** The JSON payloads of an SSE body, in order, without the closing `[DONE]`. */
export function ssePayloads(body: string): unknown[] {
  return body
    .split('\n\n')
    .map((event) => event.replace(/^data: /, '').trim())
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data): unknown => JSON.parse(data));
}
