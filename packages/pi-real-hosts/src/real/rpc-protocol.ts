/** Pure readers for the records Pi prints in RPC mode (see Pi's docs/rpc.md). */

/** Any record from Pi's stdout. Unknown fields are kept so tests can assert on them. */
export type PiEvent = { readonly type: string } & Readonly<Record<string, unknown>>;

export interface PiResponse {
  readonly type: 'response';
  readonly id: string | undefined;
  readonly command: string;
  readonly success: boolean;
  readonly data: unknown;
  readonly error: string | undefined;
}

/** `ctx.ui.notify(message, type)` as it reaches an RPC client. */
export interface PiNotification {
  readonly message: string;
  readonly notifyType: string;
}

/** An exception an extension threw, as Pi reports it. */
export interface PiExtensionError {
  readonly extensionPath: string;
  readonly event: string;
  readonly error: string;
}

/** The `get_state` fields tests rely on. */
export interface PiState {
  readonly sessionFile: string | undefined;
  readonly isStreaming: boolean;
  readonly isCompacting: boolean;
  readonly messageCount: number;
}

export interface PiCommandInfo {
  readonly name: string;
  readonly description: string | undefined;
  readonly source: string;
}

/** The `compact` response data: the summary Pi stored. */
export interface CompactResult {
  readonly summary: string;
}

/** Extension UI methods that block until the client answers. */
const BLOCKING_DIALOG_METHODS: readonly string[] = ['select', 'confirm', 'input', 'editor'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(record: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

/** Parses one stdout line; a line that is not a JSON object is kept as `invalid_line`. */
export function parseRecord(line: string): PiEvent {
  try {
    const parsed: unknown = JSON.parse(line);
    if (isRecord(parsed) && typeof parsed['type'] === 'string') {
      return parsed as PiEvent;
    }
  } catch {
    // fall through: Pi reserves stdout for protocol records, so this is worth surfacing as is
  }
  return { type: 'invalid_line', line };
}

export function toResponse(event: PiEvent): PiResponse | undefined {
  if (event.type !== 'response') return undefined;
  return {
    type: 'response',
    id: stringField(event, 'id'),
    command: stringField(event, 'command') ?? '',
    success: event['success'] === true,
    data: event['data'],
    error: stringField(event, 'error'),
  };
}

export function toNotification(event: PiEvent): PiNotification | undefined {
  if (event.type !== 'extension_ui_request' || event['method'] !== 'notify') return undefined;
  return { message: stringField(event, 'message') ?? '', notifyType: stringField(event, 'notifyType') ?? 'info' };
}

/** `ctx.ui.setWidget(key, lines)` as it reaches an RPC client; `lines` undefined is a clear. */
export interface PiWidgetUpdate {
  readonly key: string;
  readonly lines: readonly string[] | undefined;
}

/** `ctx.ui.setStatus(key, text)` as it reaches an RPC client; `text` undefined is a clear. */
export interface PiStatusUpdate {
  readonly key: string;
  readonly text: string | undefined;
}

export function toWidgetUpdate(event: PiEvent): PiWidgetUpdate | undefined {
  if (event.type !== 'extension_ui_request' || event['method'] !== 'setWidget') return undefined;
  const lines = event['widgetLines'];
  return {
    key: stringField(event, 'widgetKey') ?? '',
    lines: Array.isArray(lines) ? lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))) : undefined,
  };
}

export function toStatusUpdate(event: PiEvent): PiStatusUpdate | undefined {
  if (event.type !== 'extension_ui_request' || event['method'] !== 'setStatus') return undefined;
  return { key: stringField(event, 'statusKey') ?? '', text: stringField(event, 'statusText') };
}

/** Every `setWidget` of one key among `events`, in order. */
export function widgetUpdates(events: readonly PiEvent[], key: string): PiWidgetUpdate[] {
  return events.flatMap((event) => toWidgetUpdate(event) ?? []).filter((update) => update.key === key);
}

/** Every `setStatus` of one key among `events`, in order. */
export function statusUpdates(events: readonly PiEvent[], key: string): PiStatusUpdate[] {
  return events.flatMap((event) => toStatusUpdate(event) ?? []).filter((update) => update.key === key);
}

/** What a client that keeps the newest widget update per key shows now: undefined when cleared or never set. */
export function latestWidget(events: readonly PiEvent[], key: string): readonly string[] | undefined {
  return widgetUpdates(events, key).at(-1)?.lines;
}

/** The newest footer text of one key: undefined when cleared or never set. */
export function latestStatus(events: readonly PiEvent[], key: string): string | undefined {
  return statusUpdates(events, key).at(-1)?.text;
}

export function toExtensionError(event: PiEvent): PiExtensionError | undefined {
  if (event.type !== 'extension_error') return undefined;
  return {
    extensionPath: stringField(event, 'extensionPath') ?? '',
    event: stringField(event, 'event') ?? '',
    error: stringField(event, 'error') ?? '',
  };
}

/** The answer that dismisses a blocking dialog, so an extension waiting on it never hangs Pi. */
export function dialogCancellation(event: PiEvent): { type: 'extension_ui_response'; id: string; cancelled: true } | undefined {
  if (event.type !== 'extension_ui_request') return undefined;
  const method = stringField(event, 'method');
  const id = stringField(event, 'id');
  if (method === undefined || id === undefined || !BLOCKING_DIALOG_METHODS.includes(method)) return undefined;
  return { type: 'extension_ui_response', id, cancelled: true };
}

export function toState(data: unknown): PiState {
  const raw = isRecord(data) ? data : {};
  const messageCount = raw['messageCount'];
  return {
    sessionFile: stringField(raw, 'sessionFile'),
    isStreaming: raw['isStreaming'] === true,
    isCompacting: raw['isCompacting'] === true,
    messageCount: typeof messageCount === 'number' ? messageCount : 0,
  };
}

export function toCommands(data: unknown): PiCommandInfo[] {
  const commands = isRecord(data) ? data['commands'] : undefined;
  if (!Array.isArray(commands)) return [];
  return commands.filter(isRecord).map((command) => ({
    name: stringField(command, 'name') ?? '',
    description: stringField(command, 'description'),
    source: stringField(command, 'source') ?? '',
  }));
}

export function toCompactResult(data: unknown): CompactResult {
  return { summary: (isRecord(data) ? stringField(data, 'summary') : undefined) ?? '' };
}

/** The `cancelled` flag of new_session / switch_session responses. */
export function toCancelled(data: unknown): boolean {
  return isRecord(data) && data['cancelled'] === true;
}

/** The text of an assistant message in an `agent_end`/`message_end` event, if it has any. */
export function assistantText(message: unknown): string | undefined {
  if (!isRecord(message) || message['role'] !== 'assistant') return undefined;
  const content = message['content'];
  if (!Array.isArray(content)) return undefined;
  const texts = content
    .filter(isRecord)
    .filter((block) => block['type'] === 'text')
    .map((block) => stringField(block, 'text') ?? '');
  return texts.join('');
}

/** The error an assistant message ended with (`stopReason: "error"`), if it did. */
export function assistantError(message: unknown): string | undefined {
  if (!isRecord(message) || message['role'] !== 'assistant' || message['stopReason'] !== 'error') return undefined;
  return stringField(message, 'errorMessage') ?? 'unknown model error';
}
