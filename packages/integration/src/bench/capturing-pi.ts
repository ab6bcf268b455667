import { randomUUID } from 'node:crypto';
import type {
  PiContextPort,
  PiEntryRenderer,
  PiExtensionPort,
  PiSessionEntryPort,
  PiSessionManagerPort,
  PiThemePort,
} from '@j1nn0/pi-adapter-kit';

/**
 * The smallest Pi an adapter can be loaded into for in-process timing: it records what the
 * extension registers and appends, and hands handlers contexts over one session whose branch the
 * caller owns. Like every Pi line, the session has one session manager with an id for its whole
 * life. No host bookkeeping runs inside the measured calls.
 */

interface CapturedTool {
  readonly name: string;
  /** Runs the tool as Pi does, with the arguments as given (no validation). */
  readonly execute: (args: unknown, ctx: PiContextPort) => Promise<unknown>;
}

type Handler = (event: unknown, ctx: PiContextPort) => unknown;
type CommandHandler = (args: string, ctx: PiContextPort) => Promise<void>;

export const PLAIN_BENCH_THEME: PiThemePort = { fg: (_color, text) => text, bold: (text) => text };

export interface CapturingPiOptions {
  /** Offer `registerEntryRenderer` (Pi 0.84+), so the adapters register their chat lines; off by default. */
  readonly entryRenderers?: boolean;
  /** The session's branch, built by the caller beforehand and never appended to; empty by default. */
  readonly branch?: () => readonly PiSessionEntryPort[];
}

export interface CapturingPi {
  readonly api: PiExtensionPort;
  readonly appended: { readonly customType: string; readonly data: unknown }[];
  readonly tools: CapturedTool[];
  /** A context over this Pi's session with a UI whose calls cost nothing. */
  context(): PiContextPort;
  /** Every handler registered for an event, in registration order. */
  handlers(event: string): Handler[];
  command(name: string): CommandHandler;
  /** The renderer registered for a custom entry type (only with `entryRenderers`). */
  entryRenderer(customType: string): PiEntryRenderer;
}

export function createCapturingPi(options: CapturingPiOptions = {}): CapturingPi {
  const renderers = new Map<string, PiEntryRenderer>();
  const handlers = new Map<string, Handler[]>();
  const commands = new Map<string, CommandHandler>();
  const appended: CapturingPi['appended'] = [];
  const tools: CapturedTool[] = [];
  const sessionId = randomUUID();
  const branch = options.branch ?? (() => []);
  // As in Pi, an appended entry becomes the leaf, stamped with the time it was appended.
  let appendedLeaf: PiSessionEntryPort | undefined;
  const sessionManager: PiSessionManagerPort = {
    getSessionId: () => sessionId,
    getBranch: branch,
    getLeafEntry: () => appendedLeaf ?? branch().at(-1),
  };
  const api: PiExtensionPort = {
    on(event: string, handler: (event: never, ctx: PiContextPort) => unknown) {
      // Each event hands its own event type; the figures call each handler with the event it expects.
      handlers.set(event, [...(handlers.get(event) ?? []), handler as Handler]);
    },
    registerCommand(name, command) {
      commands.set(name, (args, ctx) => command.handler(args, ctx));
    },
    registerTool(tool) {
      tools.push({ name: tool.name, execute: (args, ctx) => tool.execute('bench-call', args, undefined, undefined, ctx) });
    },
    appendEntry(customType, data) {
      appended.push({ customType, data });
      appendedLeaf = { type: 'custom', id: randomUUID(), timestamp: new Date().toISOString(), customType, data };
    },
    registerShortcut() {
      // Keys are pressed by a person; no figure times one.
    },
    ...(options.entryRenderers === true
      ? {
          registerEntryRenderer(customType: string, renderer: PiEntryRenderer) {
            renderers.set(customType, renderer);
          },
        }
      : {}),
  };
  return {
    api,
    appended,
    tools,
    context: () => ({ hasUI: true, ui: { notify: () => undefined, setStatus: () => undefined, setWidget: () => undefined }, sessionManager }),
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
