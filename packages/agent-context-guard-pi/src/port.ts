import type { TSchema } from '@sinclair/typebox';

// The narrow slice of Pi's ExtensionAPI / ExtensionContext this adapter uses. Both Pi scopes
// (@mariozechner 0.73 and @earendil-works 0.74+) satisfy it, so nothing here imports Pi.

export type NotifyType = 'info' | 'warning' | 'error';

export interface PiUiPort {
  notify(message: string, type?: NotifyType): void;
  setStatus(key: string, text: string | undefined): void;
}

/** What the adapter reads from a session entry; custom entries carry `customType` and `data`. */
export interface PiSessionEntryPort {
  readonly type: string;
  readonly id: string;
  readonly customType?: string;
  readonly data?: unknown;
}

export interface PiContextPort {
  readonly hasUI: boolean;
  readonly ui: PiUiPort;
  readonly sessionManager: {
    /** Entries from the root to the current leaf: the current branch only. */
    getBranch(): readonly PiSessionEntryPort[];
  };
  /** Pi's current system prompt; optional because a host may not offer it. */
  getSystemPrompt?(): string;
}

export interface PiCompletionItem {
  readonly value: string;
  readonly label: string;
}

export interface PiCommandPort {
  description: string;
  handler(args: string, ctx: PiContextPort): Promise<void>;
  getArgumentCompletions(argumentPrefix: string): PiCompletionItem[] | null;
}

export interface PiToolResult<TDetails> {
  content: { type: 'text'; text: string }[];
  details: TDetails;
}

export interface PiToolPort<TParams extends TSchema, TDetails> {
  name: string;
  label: string;
  description: string;
  parameters: TParams;
  execute(
    toolCallId: string,
    params: TParams['static'],
    signal: unknown,
    onUpdate: unknown,
    ctx: PiContextPort,
  ): Promise<PiToolResult<TDetails>>;
}

/** A custom message as Pi places it in the model context; `display: false` hides it from the TUI. */
export interface PiCustomMessagePort {
  role: 'custom';
  customType: string;
  content: string;
  display: boolean;
  timestamp: number;
}

export interface PiContextEventPort<TMessage> {
  readonly messages: TMessage[];
}

export interface PiContextEventResult<TMessage> {
  messages: (TMessage | PiCustomMessagePort)[];
}

/** Generic in the message type, so Pi's own AgentMessage flows through untouched. */
export type PiContextHandler = <TMessage>(
  event: PiContextEventPort<TMessage>,
  ctx: PiContextPort,
) => Promise<PiContextEventResult<TMessage> | undefined>;

export type PiLifecycleEventName = 'session_start' | 'session_tree' | 'session_before_compact' | 'session_compact';

export interface PiExtensionPort {
  on(event: PiLifecycleEventName, handler: (event: unknown, ctx: PiContextPort) => void): void;
  on(event: 'context', handler: PiContextHandler): void;
  registerCommand(name: string, options: PiCommandPort): void;
  registerTool<TParams extends TSchema, TDetails>(tool: PiToolPort<TParams, TDetails>): void;
  appendEntry(customType: string, data: unknown): void;
  sendMessage(
    message: Pick<PiCustomMessagePort, 'customType' | 'content' | 'display'>,
    options: { deliverAs: 'nextTurn' },
  ): void;
}
