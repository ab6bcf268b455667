import { estimateTokens, type ScriptedReply } from '../openai-stream.js';
import type { ProviderWire, StreamParameters, WireMessage, WireRefusal, WireRequest, WireTool, WireToolResult } from './wire.js';
import { isRecord, records, stringOf } from './json-fields.js';
import { openAiFunctionRefusal, openAiRoute } from './openai-rules.js';

// OpenAI's Responses API (models.json `api: "openai-responses"`), as Pi's pi-ai speaks it: the `openai`
// SDK posts to `${baseUrl}/responses`; pi-ai 0.73.1, 0.84 and 1.6.0 send the system prompt as a `system`
// input item (`developer` for a `reasoning` model), oh-my-pi as the top-level `instructions` (or a
// `developer` item on OpenAI's own hosts). A `function_call_output` carries no error mark: Pi sends an
// error result's text as it sends any other, so `isError` is always false here.

/** The text of a content: a string, or parts (`input_text`, `output_text`, `refusal`); images read as nothing. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return records(content)
    .map((part) => stringOf(part['text']) || stringOf(part['refusal']))
    .join('');
}

/** An input item is a message when it has a role; the SDK lets `type: "message"` be left out. */
function roleOf(item: Record<string, unknown>): string | undefined {
  const type = item['type'];
  return (type === undefined || type === 'message') && typeof item['role'] === 'string' ? item['role'] : undefined;
}

/** Who said an item, for the flattened conversation; system items and Pi's scaffolding are no one's. */
function speakerOf(item: Record<string, unknown>): WireMessage | undefined {
  const role = roleOf(item);
  if (role === 'user') return { role: 'user', text: contentText(item['content']) };
  if (role === 'assistant') return { role: 'assistant', text: contentText(item['content']) };
  // A reply is several items (reasoning, message, function calls); they merge into its one message.
  if (item['type'] === 'function_call' || item['type'] === 'reasoning') return { role: 'assistant', text: '' };
  if (item['type'] === 'function_call_output') return { role: 'tool', text: contentText(item['output']) };
  return undefined;
}

/** The conversation as chat messages: one per user message, tool result, or assistant reply. */
function readMessages(items: readonly Record<string, unknown>[]): WireMessage[] {
  return items.reduce<WireMessage[]>((messages, item) => {
    const said = speakerOf(item);
    if (said === undefined) return messages;
    const last = messages.at(-1);
    if (said.role === 'assistant' && last?.role === 'assistant') {
      return [...messages.slice(0, -1), { role: 'assistant', text: last.text + said.text }];
    }
    return [...messages, said];
  }, []);
}

function readSystemPrompt(body: Record<string, unknown>, items: readonly Record<string, unknown>[]): string {
  const instructions = typeof body['instructions'] === 'string' ? [body['instructions']] : [];
  const system = items.filter((item) => roleOf(item) === 'system' || roleOf(item) === 'developer').map((item) => contentText(item['content']));
  return [...instructions, ...system].join('\n');
}

/** Function tools only: Pi's grammar (`custom`) tools appear only with compat `supportsOpenAIGrammarTools`. */
function readTools(body: Record<string, unknown>): WireTool[] {
  return records(body['tools'])
    .filter((tool) => tool['type'] === 'function')
    .map((tool) => ({
      name: stringOf(tool['name']),
      description: stringOf(tool['description']),
      parameters: tool['parameters'],
      strict: tool['strict'] === true,
    }));
}

/** One event as OpenAI streams it: the `event:` line names the type the data holds again. */
function sseEvent(event: Record<string, unknown>, sequenceNumber: number): string {
  return `event: ${stringOf(event['type'])}\ndata: ${JSON.stringify({ ...event, sequence_number: sequenceNumber })}\n\n`;
}

interface StreamedItem {
  /** The item as `response.output_item.done` and `response.completed` hold it. */
  readonly done: Record<string, unknown>;
  readonly events: readonly Record<string, unknown>[];
}

function messageItem(id: string, outputIndex: number, text: string): StreamedItem {
  const at = { item_id: id, output_index: outputIndex, content_index: 0 };
  const part = { type: 'output_text', text, annotations: [] };
  const done = { id, type: 'message', status: 'completed', role: 'assistant', content: [{ ...part, logprobs: [] }] };
  return {
    done,
    events: [
      { type: 'response.output_item.added', output_index: outputIndex, item: { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] } },
      // Pi 0.73.1 drops text deltas that no content_part.added announced.
      { type: 'response.content_part.added', ...at, part: { ...part, text: '' } },
      { type: 'response.output_text.delta', ...at, delta: text, logprobs: [] },
      { type: 'response.output_text.done', ...at, text, logprobs: [] },
      { type: 'response.content_part.done', ...at, part },
      { type: 'response.output_item.done', output_index: outputIndex, item: done },
    ],
  };
}

function functionCallItem(id: string, callId: string, name: string, args: string, outputIndex: number): StreamedItem {
  const at = { item_id: id, output_index: outputIndex };
  const done = { id, type: 'function_call', status: 'completed', arguments: args, call_id: callId, name };
  return {
    done,
    events: [
      { type: 'response.output_item.added', output_index: outputIndex, item: { ...done, status: 'in_progress', arguments: '' } },
      { type: 'response.function_call_arguments.delta', ...at, delta: args },
      { type: 'response.function_call_arguments.done', ...at, arguments: args },
      // Pi 1.6.0 refuses a tool call whose output_item.done never came.
      { type: 'response.output_item.done', output_index: outputIndex, item: done },
    ],
  };
}

/** The SSE body of one reply: its text as a message item, then one function_call item per call. */
function encodeResponsesStream(reply: ScriptedReply, parameters: StreamParameters): string {
  const toolCalls = 'toolCalls' in reply ? reply.toolCalls : [];
  const text = reply.text ?? '';
  const id = `resp_${parameters.callIdPrefix}`;
  // A reply of nothing still gets its (empty) message, as OpenAI answers.
  const message = text !== '' || toolCalls.length === 0 ? [messageItem(`msg_${parameters.callIdPrefix}`, 0, text)] : [];
  const calls = toolCalls.map((call, index) => {
    const callId = `${parameters.callIdPrefix}_${index}`;
    return functionCallItem(`fc_${callId}`, callId, call.name, JSON.stringify(call.arguments ?? {}), message.length + index);
  });
  const items = [...message, ...calls];
  const outputTokens = estimateTokens(text + JSON.stringify(toolCalls));
  const usage = {
    input_tokens: parameters.promptTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: parameters.promptTokens + outputTokens,
  };
  const response = (status: string, output: readonly unknown[], usageSoFar: unknown): Record<string, unknown> => ({
    id,
    object: 'response',
    created_at: 0,
    status,
    error: null,
    incomplete_details: null,
    model: parameters.model,
    output,
    usage: usageSoFar,
  });
  const events = [
    { type: 'response.created', response: response('in_progress', [], null) },
    { type: 'response.in_progress', response: response('in_progress', [], null) },
    ...items.flatMap((item) => item.events),
    // Pi reads usage and status (a tool call makes `completed` its toolUse) from here, not from the items.
    { type: 'response.completed', response: response('completed', items.map((item) => item.done), usage) },
  ];
  return events.map((event, index) => sseEvent(event, index)).join('');
}

export const OPENAI_RESPONSES_WIRE: ProviderWire = {
  api: 'openai-responses',
  ...openAiRoute('/responses'),
  read(body): WireRequest {
    const record = isRecord(body) ? body : {};
    const items = records(record['input']);
    const toolResults: WireToolResult[] = items
      .filter((item) => item['type'] === 'function_call_output')
      .map((item) => ({ callId: stringOf(item['call_id']), text: contentText(item['output']), isError: false }));
    return {
      model: stringOf(record['model']),
      systemPrompt: readSystemPrompt(record, items),
      messages: readMessages(items),
      tools: readTools(record),
      toolResults,
      callIds: items.filter((item) => item['type'] === 'function_call').map((item) => stringOf(item['call_id'])),
    };
  },
  refuse(body): WireRefusal | undefined {
    const tools: unknown[] = isRecord(body) && Array.isArray(body['tools']) ? body['tools'] : [];
    // Other tool types (`custom`, `web_search`) are not checked here.
    return openAiFunctionRefusal(tools.flatMap((tool, index) => (isRecord(tool) && tool['type'] === 'function' ? [[tool, `tools[${index}]`] as const] : [])));
  },
  stream: (reply, parameters) => ({ contentType: 'text/event-stream', body: encodeResponsesStream(reply, parameters) }),
};
