import { encodeCompletionStream, type ScriptedReply } from '../openai-stream.js';
import type { ProviderWire, StreamParameters, WireMessage, WireRequest, WireTool, WireToolResult } from './wire.js';
import { isRecord, records, stringOf } from './json-fields.js';
import { openAiFunctionRefusal, openAiRoute } from './openai-rules.js';

// OpenAI chat completions, the wire local models and OpenAI-compatible servers speak: the one the
// scripted model spoke alone before the other providers' wires.

/** The text of a message's content, whether a string or an array of parts. */
export function chatContentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isRecord)
    .map((part) => (typeof part['text'] === 'string' ? part['text'] : ''))
    .join('');
}

function functionsOf(body: Record<string, unknown>): Record<string, unknown>[] {
  return records(body['tools']).map((tool) => (isRecord(tool['function']) ? tool['function'] : {}));
}

function readTools(body: Record<string, unknown>): WireTool[] {
  return functionsOf(body).map((fn) => ({
    name: typeof fn['name'] === 'string' ? fn['name'] : '',
    description: typeof fn['description'] === 'string' ? fn['description'] : '',
    parameters: fn['parameters'],
    strict: fn['strict'] === true,
  }));
}

function readMessages(messages: readonly Record<string, unknown>[]): WireMessage[] {
  return messages.flatMap((message): WireMessage[] => {
    const role = message['role'];
    if (role !== 'user' && role !== 'assistant' && role !== 'tool') return [];
    return [{ role, text: chatContentText(message['content']) }];
  });
}

export const OPENAI_COMPLETIONS_WIRE: ProviderWire = {
  api: 'openai-completions',
  compat: { supportsDeveloperRole: false, supportsStore: false, supportsReasoningEffort: false },
  ...openAiRoute('/chat/completions'),
  read(body): WireRequest {
    const record = isRecord(body) ? body : {};
    const messages = records(record['messages']);
    const system = messages.filter((message) => message['role'] === 'system' || message['role'] === 'developer');
    const toolResults: WireToolResult[] = messages
      .filter((message) => message['role'] === 'tool')
      .map((message) => ({ callId: stringOf(message['tool_call_id']), text: chatContentText(message['content']), isError: false }));
    const callIds = messages.flatMap((message) => records(message['tool_calls']).map((call) => stringOf(call['id'])));
    return {
      model: typeof record['model'] === 'string' ? record['model'] : '',
      systemPrompt: system.map((message) => chatContentText(message['content'])).join('\n'),
      messages: readMessages(messages),
      tools: readTools(record),
      toolResults,
      callIds,
    };
  },
  refuse: (body) => openAiFunctionRefusal(functionsOf(isRecord(body) ? body : {}).map((fn, index) => [fn, `tools[${index}].function`] as const)),
  stream: (reply: ScriptedReply, parameters: StreamParameters) => ({ contentType: 'text/event-stream', body: encodeCompletionStream(reply, parameters) }),
};
