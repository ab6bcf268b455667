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
  /** Replaces the text in Pi's editor (every Pi line and oh-my-pi; a test host may not have it). */
  setEditorText?(text: string): void;
  /**
   * Every Pi line has it (a test host may not) and answers at once; Pi 0.73-0.76's RPC mode answers an
   * empty list (see surfaceOf). oh-my-pi answers with a promise.
   */
  getAllThemes?(): readonly unknown[] | PromiseLike<readonly unknown[]>;
}

/**
 * What the adapters read from a session entry: custom entries carry `customType` and `data`, custom
 * messages `customType` and `content`.
 */
export interface PiSessionEntryPort {
  readonly type: string;
  readonly id: string;
  /** When the entry was appended, as an ISO 8601 time: every Pi line and oh-my-pi write one. */
  readonly timestamp?: string;
  readonly customType?: string;
  readonly data?: unknown;
  readonly content?: unknown;
}

export interface PiSessionManagerPort {
  /** The session's own id (every Pi line and oh-my-pi): a new session, a resume or a fork brings another. */
  getSessionId(): string;
  /** Entries from the root to the current leaf: the current branch only. */
  getBranch(): readonly PiSessionEntryPort[];
  /** The entry at the current leaf (every Pi line and oh-my-pi): right after an append, the appended one. */
  getLeafEntry(): PiSessionEntryPort | undefined;
  /** Every entry of the session, all branches, in append order; never for restoring state. */
  getEntries?(): readonly PiSessionEntryPort[];
  /** Where Pi writes the session (every Pi line and oh-my-pi); undefined for one kept in memory only. */
  getSessionFile?(): string | undefined;
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

/**
 * Pi's third argument to `renderCall` and fourth to `renderResult` (all lines): the row's context. Told
 * apart from oh-my-pi's arguments by its shape (see tool-row.ts), never by its position.
 */
export interface PiToolRenderContext {
  readonly toolCallId: string;
  /** True when execute rejected: the result carries the error text and no details. */
  readonly isError: boolean;
}

export interface PiToolRenderOptions {
  readonly expanded: boolean;
  readonly isPartial: boolean;
}

/** A tool result as a row renderer receives it; oh-my-pi marks a rejected call on the result itself. */
export interface PiRenderedToolResult {
  readonly content: readonly { readonly type: string; readonly text?: string }[];
  readonly details?: unknown;
  readonly isError?: boolean;
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
  /** oh-my-pi's counterpart of `executionMode` (it ignores that one): `exclusive` runs the call alone. Pi ignores it. */
  concurrency?: 'shared' | 'exclusive';
  annotations?: PiToolAnnotations;
  /**
   * oh-my-pi: `essential` offers the tool to the model as a tool of its own; its default for extension
   * tools, `discoverable`, hides it behind a device the model drives through omp's `write` tool. Pi ignores it.
   */
  loadMode?: 'essential' | 'discoverable';
  execute(
    toolCallId: string,
    params: TParams['static'],
    signal: unknown,
    onUpdate: unknown,
    ctx: PiContextPort,
  ): Promise<PiToolResult<TDetails>>;
  // Methods, not function properties: each tool narrows `args`, and Pi passes the tool's own ones.
  // What follows the first argument differs between hosts (Pi: `theme, context`; oh-my-pi: `options,
  // theme`), so the kit reads those arguments by what they are (tool-row.ts).
  renderCall?(args: TParams['static'], ...hostArguments: unknown[]): PiComponentPort;
  renderResult?(result: PiRenderedToolResult, ...hostArguments: unknown[]): PiComponentPort;
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

export type PiLifecycleEventName = 'session_start' | 'session_tree' | 'session_before_compact' | 'session_compact' | 'turn_end';

/**
 * Events that only some hosts fire: `session_compact_failed` (Pi 0.84.3 and later), and oh-my-pi's
 * `session_switch` (a new session, a resume or a fork) and `session_branch`. Pi's typings do not name
 * them all, so they are registered through `onOptionalEvent`; a host that never fires one keeps the handler unused.
 */
export type PiOptionalEventName = 'session_compact_failed' | 'session_switch' | 'session_branch';

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
  /** Pi 0.84 and later: draws a saved custom entry in the chat, also after a resume. */
  registerEntryRenderer?: (customType: string, renderer: PiEntryRenderer) => void;
  /** Every Pi line and oh-my-pi; `shortcut` is Pi's key id, e.g. `alt+s`. */
  registerShortcut(shortcut: string, options: PiShortcutOptions): void;
}
