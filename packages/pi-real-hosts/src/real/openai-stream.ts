/** Pure encoding of one scripted assistant message as an OpenAI chat-completions SSE stream. */

export interface ScriptedToolCall {
  readonly name: string;
  /** Any JSON value; it is serialised as the call's `arguments` string. */
  readonly arguments: unknown;
}

/** One assistant message: text, or one or more tool calls (optionally with text before them). */
export type ScriptedReply =
  | { readonly text: string }
  | { readonly toolCalls: readonly ScriptedToolCall[]; readonly text?: string };

/** What every wire's stream of a reply needs besides the reply (wire.ts names it for the wires). */
export interface StreamParameters {
  readonly model: string;
  /** Prefix for tool call ids, unique per reply, e.g. `call_3`. */
  readonly callIdPrefix: string;
  readonly promptTokens: number;
}

function sseEvent(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** Rough token estimate (4 characters a token), only so Pi's usage numbers are plausible. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export function encodeCompletionStream(reply: ScriptedReply, options: StreamParameters): string {
  const base = { id: `chatcmpl-${options.callIdPrefix}`, object: 'chat.completion.chunk', created: 0, model: options.model };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
    sseEvent({ ...base, choices: [{ index: 0, delta, finish_reason: finishReason }] });

  const toolCalls = 'toolCalls' in reply ? reply.toolCalls : [];
  const text = reply.text ?? '';
  const parts: string[] = [chunk({ role: 'assistant', content: '' })];
  if (text !== '') parts.push(chunk({ content: text }));
  toolCalls.forEach((call, index) => {
    const toolCall = {
      index,
      id: `${options.callIdPrefix}_${index}`,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
    };
    parts.push(chunk({ tool_calls: [toolCall] }));
  });
  parts.push(chunk({}, toolCalls.length > 0 ? 'tool_calls' : 'stop'));
  const completionTokens = estimateTokens(text + JSON.stringify(toolCalls));
  const usage = { prompt_tokens: options.promptTokens, completion_tokens: completionTokens, total_tokens: options.promptTokens + completionTokens };
  parts.push(sseEvent({ ...base, choices: [], usage }));
  parts.push('data: [DONE]\n\n');
  return parts.join('');
}
