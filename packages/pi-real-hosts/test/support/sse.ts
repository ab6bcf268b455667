/** The JSON payloads of an SSE body, in order, without the closing `[DONE]`. */
export function ssePayloads(body: string): unknown[] {
  return body
    .split('\n\n')
    .map((event) => event.replace(/^data: /, '').trim())
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data): unknown => JSON.parse(data));
}

/** One event of an SSE body: its `event:` name and its parsed `data:`. */
export interface SseEvent {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/** The events of an SSE body whose events are named (Anthropic, OpenAI Responses), in order. */
export function sseEvents(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((chunk) => chunk !== '')
    .map((chunk) => {
      const lines = chunk.split('\n');
      const field = (name: string): string => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
      return { event: field('event'), data: JSON.parse(field('data')) as Record<string, unknown> };
    });
}
