/** Pure reading of the OpenAI chat-completions bodies Pi sends to the scripted model. */

/** One message as Pi sent it (OpenAI chat format: system, user, assistant, tool). */
export type ChatMessage = { readonly role: string; readonly content: unknown } & Readonly<Record<string, unknown>>;

/** A tool Pi offered the model in this request. */
export interface OfferedTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
}

/** Everything the scripted model received in one request. */
export interface ModelRequest {
  /** `summary` for the host's compaction / branch-summary calls (see SUMMARIZATION_MARKERS), `chat` for agent turns. */
  readonly kind: 'chat' | 'summary';
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  /** The system (or developer) message text. */
  readonly systemPrompt: string;
  readonly tools: readonly OfferedTool[];
  readonly toolNames: readonly string[];
  /** Text of the newest user message, if any. */
  readonly lastUserText: string | undefined;
  /** Text of every non-system message joined by newlines: what the model can "see". */
  readonly contextText: string;
  /** The request body as parsed JSON. */
  readonly body: unknown;
}

/**
 * The opening of each host's summarization system prompt: Pi's (0.73.1, 0.84.2, 1.6.0) and
 * oh-my-pi's (18.2.3). A whole sentence, not a word: omp's ordinary system prompt says "summaries" too.
 */
const SUMMARIZATION_MARKERS: readonly string[] = Object.freeze([
  'You are a context summarization assistant',
  'Summarize user–AI coding-assistant conversations in the exact specified structured format.',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of a message's content, whether a string or an array of parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isRecord)
    .map((part) => (typeof part['text'] === 'string' ? part['text'] : ''))
    .join('');
}

function readMessages(body: Record<string, unknown>): ChatMessage[] {
  const messages = body['messages'];
  if (!Array.isArray(messages)) return [];
  return messages
    .filter(isRecord)
    .map((message) => ({ ...message, role: typeof message['role'] === 'string' ? message['role'] : '', content: message['content'] }));
}

function readTools(body: Record<string, unknown>): OfferedTool[] {
  const tools = body['tools'];
  if (!Array.isArray(tools)) return [];
  return tools.filter(isRecord).map((tool) => {
    const fn = isRecord(tool['function']) ? tool['function'] : {};
    return {
      name: typeof fn['name'] === 'string' ? fn['name'] : '',
      description: typeof fn['description'] === 'string' ? fn['description'] : '',
      parameters: fn['parameters'],
    };
  });
}

const isSystemRole = (message: ChatMessage): boolean => message.role === 'system' || message.role === 'developer';

export function readModelRequest(body: unknown): ModelRequest {
  const record = isRecord(body) ? body : {};
  const messages = readMessages(record);
  const tools = readTools(record);
  const systemPrompt = messages.filter(isSystemRole).map((message) => contentText(message.content)).join('\n');
  const conversation = messages.filter((message) => !isSystemRole(message));
  const lastUser = conversation.filter((message) => message.role === 'user').at(-1);
  return {
    kind: SUMMARIZATION_MARKERS.some((marker) => systemPrompt.includes(marker)) ? 'summary' : 'chat',
    model: typeof record['model'] === 'string' ? record['model'] : '',
    messages,
    systemPrompt,
    tools,
    toolNames: tools.map((tool) => tool.name),
    lastUserText: lastUser === undefined ? undefined : contentText(lastUser.content),
    contextText: conversation.map((message) => contentText(message.content)).join('\n'),
    body,
  };
}

/**
 * The keys of each named tool's declaration as the provider receives it (the OpenAI `function`
 * object, sorted), in the order the request offered them; a tool the request did not offer is left out.
 */
export function sentDeclarationKeys(request: ModelRequest, names: readonly string[]): [string, string[]][] {
  const body = isRecord(request.body) ? request.body : {};
  const tools = Array.isArray(body['tools']) ? body['tools'] : [];
  return tools.flatMap((tool): [string, string[]][] => {
    const declaration = isRecord(tool) && isRecord(tool['function']) ? tool['function'] : undefined;
    const name = declaration?.['name'];
    return declaration !== undefined && typeof name === 'string' && names.includes(name) ? [[name, Object.keys(declaration).sort()]] : [];
  });
}

/**
 * The text of each tool result in the request, in the order the assistant called the tools (matched
 * by `tool_call_id`): oh-my-pi runs one message's calls concurrently and sends results as they finish.
 */
export function toolResultsInCallOrder(request: ModelRequest | undefined): string[] {
  const messages = request?.messages ?? [];
  const results = new Map(
    messages.filter((message) => message.role === 'tool').map((message) => [message['tool_call_id'], contentText(message.content)]),
  );
  const callIds = messages.flatMap((message) => {
    const calls = message['tool_calls'];
    return Array.isArray(calls) ? calls.filter(isRecord).map((call) => call['id']) : [];
  });
  return callIds.flatMap((id) => {
    const text = results.get(id);
    return text === undefined ? [] : [text];
  });
}
