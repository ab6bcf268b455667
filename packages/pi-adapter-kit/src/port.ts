import type { TSchema } from '@sinclair/typebox';

// The narrow slice of Pi's ExtensionAPI / ExtensionContext the adapters use. Both Pi scopes
// (@mariozechner 0.73 and @earendil-works 0.74+) satisfy it, so no adapter imports Pi.
// Members that only some Pi versions have are optional and checked before use.

export type NotifyType = 'info' | 'warning' | 'error';

/** The theme colours the adapters draw with; every Pi version's theme has them. */
export type PiThemeColor = 'accent' | 'success' | 'error' | 'warning' | 'muted' | 'dim' | 'toolTitle';

export interface PiThemePort {
  fg(color: PiThemeColor, text: string): string;
  bold(text: string): string;
}

/** What Pi's TUI draws: one call per frame with the width it has; no line may be wider. */
export interface PiComponentPort {
  render(width: number): string[];
  invalidate(): void;
}

export type PiWidgetFactory = (tui: unknown, theme: PiThemePort) => PiComponentPort;

export interface PiWidgetOptions {
  placement?: 'aboveEditor' | 'belowEditor';
}

export interface PiUiPort {
  notify(message: string, type?: NotifyType): void;
  setStatus(key: string, text: string | undefined): void;
  /** A component for the terminal UI, or plain lines for any surface (RPC clients receive only these). */
  setWidget(key: string, content: PiWidgetFactory | string[] | undefined, options?: PiWidgetOptions): void;
  /** Every Pi line has it (a test host may not); its RPC mode answers an empty list (see surfaceOf). */
  getAllThemes?(): readonly unknown[];
}

/**
 * What the adapters read from a session entry: custom entries carry `customType` and `data`, custom
 * messages `customType` and `content`.
 */
export interface PiSessionEntryPort {
  readonly type: string;
  readonly id: string;
  readonly customType?: string;
  readonly data?: unknown;
  readonly content?: unknown;
}

export interface PiSessionManagerPort {
  /** Entries from the root to the current leaf: the current branch only. */
  getBranch(): readonly PiSessionEntryPort[];
  /** Every entry of the session, all branches, in append order; never for restoring state. */
  getEntries?(): readonly PiSessionEntryPort[];
}

export interface PiContextPort {
  readonly hasUI: boolean;
  /** Pi 0.78 and later: `tui` in the terminal UI, else `rpc`, `print` or `json` (see surfaceOf). */
  readonly mode?: string;
  readonly ui: PiUiPort;
  readonly sessionManager: PiSessionManagerPort;
  /** Pi's current system prompt; optional because a host may not offer it. */
  getSystemPrompt?(): string;
}

export interface PiCompletionItem {
  readonly value: string;
  readonly label: string;
  /** Shown beside the label in Pi's menu. */
  readonly description?: string;
}

export interface PiCommandPort {
  description: string;
  handler(args: string, ctx: PiContextPort): Promise<void>;
  getArgumentCompletions(argumentPrefix: string): PiCompletionItem[] | null;
}

/** What `structuredContent` may hold: plain JSON, which Pi hands to codemode scripts as it is. */
export type PiJsonValue = string | number | boolean | null | readonly PiJsonValue[] | { readonly [key: string]: PiJsonValue };

export interface PiToolResult<TDetails> {
  content: { type: 'text'; text: string }[];
  details: TDetails;
  /** Pi 0.99+: what a codemode script receives instead of the text, for a tool with an `outputSchema`. Never sent to the model. */
  structuredContent?: PiJsonValue;
}

/** Hints about what a tool does, with the meaning of MCP tool annotations (Pi 0.99+; older lines ignore them). */
export interface PiToolAnnotations {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** What a tool row renderer is told besides the arguments or the result; older Pi passes less. */
export interface PiToolRenderContext {
  /** True when execute rejected: the result carries the error text and no details. */
  readonly isError?: boolean;
}

export interface PiToolRenderOptions {
  readonly expanded: boolean;
  readonly isPartial: boolean;
}

export interface PiToolPort<TParams extends TSchema, TDetails> {
  name: string;
  label: string;
  description: string;
  /** One line in the system prompt's tool list; without it Pi leaves the tool out of that list. */
  promptSnippet?: string;
  parameters: TParams;
  /** JSON Schema of the result's `structuredContent` (Pi 0.99+; older lines ignore it). Not sent to the provider. */
  outputSchema?: object;
  /** `sequential`: Pi runs the call alone, in call order, also among a codemode script's calls (all lines). */
  executionMode?: 'sequential' | 'parallel';
  annotations?: PiToolAnnotations;
  execute(
    toolCallId: string,
    params: TParams['static'],
    signal: unknown,
    onUpdate: unknown,
    ctx: PiContextPort,
  ): Promise<PiToolResult<TDetails>>;
  // Methods, not function properties: each tool narrows `args`, and Pi passes the tool's own ones.
  renderCall?(args: TParams['static'], theme: PiThemePort, context?: PiToolRenderContext): PiComponentPort;
  renderResult?(
    result: { content: readonly { type: string; text?: string }[]; details?: unknown },
    options: PiToolRenderOptions,
    theme: PiThemePort,
    context?: PiToolRenderContext,
  ): PiComponentPort;
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

/**
 * Events only newer Pi lines fire (`session_compact_failed`: 0.84.3 and later). Pi's older typings do
 * not name them, so they are registered through `onNewerEvent`; older lines keep the handler unused.
 */
export type PiNewerEventName = 'session_compact_failed';

/** A saved custom entry as an entry renderer receives it. */
export interface PiCustomEntryPort {
  readonly id: string;
  readonly customType: string;
  readonly data?: unknown;
}

export type PiEntryRenderer = (
  entry: PiCustomEntryPort,
  options: { readonly expanded: boolean },
  theme: PiThemePort,
) => PiComponentPort | undefined;

/** A key's handler runs in Pi's terminal UI only; RPC, print and JSON mode have no keys. */
export interface PiShortcutOptions {
  /** Listed beside the key by Pi's `/hotkeys`. */
  description: string;
  handler(ctx: PiContextPort): void;
}

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
  /** Pi 0.84 and later: draws a saved custom entry in the chat, also after a resume. */
  registerEntryRenderer?: (customType: string, renderer: PiEntryRenderer) => void;
  /** Every Pi line and oh-my-pi; `shortcut` is Pi's key id, e.g. `alt+s`. */
  registerShortcut(shortcut: string, options: PiShortcutOptions): void;
}
