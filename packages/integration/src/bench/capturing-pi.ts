/**
 * The smallest Pi an adapter can be loaded into for in-process timing: it records what the
 * extension registers and appends, and hands handlers a context whose branch the caller owns.
 * No host bookkeeping runs inside the measured calls.
 */

export interface CapturedEntry {
  readonly customType: string;
  readonly data: unknown;
}

export interface CapturedTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
}

/** A session entry as an adapter reads it from `getBranch()`. */
export interface BranchEntry {
  readonly type: string;
  readonly id: string;
  readonly customType?: string;
  readonly data?: unknown;
}

export interface BenchContext {
  readonly hasUI: boolean;
  readonly ui: {
    notify(message: string, type?: 'info' | 'warning' | 'error'): void;
    setStatus(key: string, text: string | undefined): void;
    setWidget(key: string, content: unknown): void;
  };
  readonly sessionManager: { getBranch(): readonly BranchEntry[] };
}

type Handler = (event: unknown, ctx: BenchContext) => unknown;
type CommandHandler = (args: string, ctx: BenchContext) => Promise<void>;

/** A custom entry as Pi hands it to an entry renderer. */
export interface RenderedEntry {
  readonly id: string;
  readonly customType: string;
  readonly data: unknown;
}

/** What an adapter's entry renderer is called with; the theme paints nothing. */
export type EntryRenderer = (entry: RenderedEntry, options: { readonly expanded: boolean }, theme: BenchTheme) => unknown;

export interface BenchTheme {
  fg(color: string, text: string): string;
  bold(text: string): string;
}

export const PLAIN_BENCH_THEME: BenchTheme = { fg: (_color, text) => text, bold: (text) => text };

export interface CapturingPiOptions {
  /** Offer `registerEntryRenderer` (Pi 0.84+), so the adapters register their chat lines; off by default. */
  readonly entryRenderers?: boolean;
}

/** What the extension factory receives; it satisfies both adapters' narrow Pi ports. */
export interface CapturingPiApi {
  on(event: string, handler: (event: never, ctx: never) => unknown): void;
  registerCommand(name: string, options: { handler(args: string, ctx: never): Promise<void> }): void;
  registerTool(tool: CapturedTool): void;
  appendEntry(customType: string, data: unknown): void;
  sendMessage(message: unknown, options: unknown): void;
  registerShortcut(shortcut: string, options: unknown): void;
  registerEntryRenderer?(customType: string, renderer: (entry: never, options: never, theme: never) => unknown): void;
}

export interface CapturingPi {
  readonly api: CapturingPiApi;
  readonly appended: CapturedEntry[];
  readonly tools: CapturedTool[];
  /** Every handler registered for an event, in registration order. */
  handlers(event: string): Handler[];
  command(name: string): CommandHandler;
  /** The renderer registered for a custom entry type (only with `entryRenderers`). */
  entryRenderer(customType: string): EntryRenderer;
}

export function createCapturingPi(options: CapturingPiOptions = {}): CapturingPi {
  const renderers = new Map<string, EntryRenderer>();
  const handlers = new Map<string, Handler[]>();
  const commands = new Map<string, CommandHandler>();
  const appended: CapturedEntry[] = [];
  const tools: CapturedTool[] = [];
  const api: CapturingPiApi = {
    on(event, handler) {
      // The adapters declare their own context port; BenchContext is structurally the same slice.
      handlers.set(event, [...(handlers.get(event) ?? []), handler as Handler]);
    },
    registerCommand(name, options) {
      commands.set(name, (args, ctx) => options.handler(args, ctx as never));
    },
    registerTool(tool) {
      tools.push({ name: tool.name, description: tool.description, parameters: tool.parameters });
    },
    appendEntry(customType, data) {
      appended.push({ customType, data });
    },
    sendMessage() {
      // Recovery messages play no part in these figures.
    },
    registerShortcut() {
      // Keys are pressed by a person; no figure times one.
    },
    ...(options.entryRenderers === true
      ? {
          registerEntryRenderer(customType: string, renderer: (entry: never, options: never, theme: never) => unknown) {
            renderers.set(customType, renderer as EntryRenderer);
          },
        }
      : {}),
  };
  return {
    api,
    appended,
    tools,
    handlers: (event) => handlers.get(event) ?? [],
    command(name) {
      const handler = commands.get(name);
      if (handler === undefined) throw new Error(`no command ${name} was registered`);
      return handler;
    },
    entryRenderer(customType) {
      const renderer = renderers.get(customType);
      if (renderer === undefined) throw new Error(`no entry renderer for ${customType} was registered`);
      return renderer;
    },
  };
}

/** A context with a UI whose calls cost nothing, over a branch the caller built beforehand. */
export function createBenchContext(branch: () => readonly BranchEntry[]): BenchContext {
  return {
    hasUI: true,
    ui: { notify: () => undefined, setStatus: () => undefined, setWidget: () => undefined },
    sessionManager: { getBranch: branch },
  };
}

/** Like `createBenchContext`, but every notification's message is pushed to `notices`, so a reply can be read back. */
export function createRecordingContext(branch: () => readonly BranchEntry[], notices: string[]): BenchContext {
  const context = createBenchContext(branch);
  return {
    ...context,
    ui: {
      ...context.ui,
      notify: (message) => {
        notices.push(message);
      },
    },
  };
}
