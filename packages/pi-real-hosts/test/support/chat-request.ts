import type { ScriptedModel } from '../../src/real/scripted-model.js';

interface StreamedChoice {
  readonly delta: { readonly content?: string; readonly tool_calls?: readonly { readonly function: { readonly name: string } }[] };
}

/** The JSON payloads of an SSE body, in order, without the closing `[DONE]`. */
function ssePayloads(body: string): unknown[] {
  return body
    .split('\n\n')
    .map((event) => event.replace(/^data: /u, '').trim())
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data): unknown => JSON.parse(data));
}

/** What one POST to the scripted model answered: the HTTP status, streamed text and tool names. */
export interface ChatAnswer {
  readonly status: number;
  readonly text: string;
  readonly toolNames: string[];
}

/** Posts a chat-completions body to the scripted model over loopback, as Pi would. */
export async function postChat(model: ScriptedModel, body: unknown): Promise<ChatAnswer> {
  const response = await fetch(`${model.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const raw = await response.text();
  if (!response.ok) return { status: response.status, text: '', toolNames: [] };
  const choices = (ssePayloads(raw) as { choices: StreamedChoice[] }[]).flatMap((payload) => payload.choices);
  return {
    status: response.status,
    text: choices.map((choice) => choice.delta.content ?? '').join(''),
    toolNames: choices.flatMap((choice) => (choice.delta.tool_calls ?? []).map((call) => call.function.name)),
  };
}

/** A chat body whose last user message is `text`; `system` switches it to a summarization request. */
export function chatBody(text: string, system = 'You are an expert coding assistant.'): unknown {
  return { model: 'scripted-model', stream: true, messages: [{ role: 'system', content: system }, { role: 'user', content: text }] };
}

export const SUMMARIZATION_SYSTEM = 'You are a context summarization assistant. Your task is to read a conversation.';
