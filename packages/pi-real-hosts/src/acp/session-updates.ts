// What a client gets as `session/update` notifications (validated by the protocol SDK), folded into
// what an editor would show: the SDK hands each update over and keeps none.

/**
 * One `update` of a `session/update` notification, e.g. `{ sessionUpdate: 'agent_message_chunk', content }`.
 * Read by field, not by the SDK's union, so a test can also fold updates it writes itself.
 */
export type AcpSessionUpdate = { readonly sessionUpdate: string } & Readonly<Record<string, unknown>>;

/** ACP's tool call states; a client draws `failed` as an error. */
export type AcpToolCallStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

/** One tool call as a client shows it once every `tool_call` / `tool_call_update` is applied. */
export interface AcpToolCallView {
  readonly toolCallId: string;
  readonly title: string | undefined;
  readonly kind: string | undefined;
  readonly status: AcpToolCallStatus | undefined;
  /** Text of the newest `content` list an update carried (a result replaces the progress). */
  readonly text: string;
  readonly rawInput: unknown;
}

function isJsonObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of one content block (`{ type: 'text', text }`); other blocks carry none. */
function blockText(block: unknown): string {
  return isJsonObject(block) && block['type'] === 'text' && typeof block['text'] === 'string' ? block['text'] : '';
}

/** The text of a tool call's content list: `{ type: 'content', content: <block> }` items, joined by newlines. */
function toolContentText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((item: unknown) => (isJsonObject(item) && item['type'] === 'content' ? blockText(item['content']) : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/** Every `agent_message_chunk` text, in order: the agent's messages as the client received them. */
export function agentMessageChunks(updates: readonly AcpSessionUpdate[]): string[] {
  return updates.filter((update) => update.sessionUpdate === 'agent_message_chunk').map((update) => blockText(update['content']));
}

/** The chunks joined, as an editor renders one streamed message. */
export function agentMessageText(updates: readonly AcpSessionUpdate[]): string {
  return agentMessageChunks(updates).join('');
}

function isToolCallStatus(value: unknown): value is AcpToolCallStatus {
  return value === 'pending' || value === 'in_progress' || value === 'completed' || value === 'failed';
}

/** Applies `tool_call` then each `tool_call_update` per id; fields an update omits keep their value. */
export function toolCallViews(updates: readonly AcpSessionUpdate[]): AcpToolCallView[] {
  const views = new Map<string, AcpToolCallView>();
  for (const update of updates) {
    if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update') continue;
    const id = update['toolCallId'];
    if (typeof id !== 'string') continue;
    const before = views.get(id);
    const text = toolContentText(update['content']);
    const title = update['title'];
    const kind = update['kind'];
    const status = update['status'];
    views.set(id, {
      toolCallId: id,
      title: typeof title === 'string' ? title : before?.title,
      kind: typeof kind === 'string' ? kind : before?.kind,
      status: isToolCallStatus(status) ? status : before?.status,
      text: Array.isArray(update['content']) ? text : (before?.text ?? ''),
      rawInput: 'rawInput' in update ? update['rawInput'] : before?.rawInput,
    });
  }
  return [...views.values()];
}

/** The command names of the newest `available_commands_update`, or undefined before one arrived. */
export function availableCommandNames(updates: readonly AcpSessionUpdate[]): string[] | undefined {
  const latest = updates.filter((update) => update.sessionUpdate === 'available_commands_update').at(-1);
  if (latest === undefined) return undefined;
  const commands = latest['availableCommands'];
  if (!Array.isArray(commands)) return [];
  return commands.flatMap((command: unknown) => (isJsonObject(command) && typeof command['name'] === 'string' ? [command['name']] : []));
}
