// The extension the host contract loads into every host: it uses each part of the extension API the
// adapters rely on and records what the host handed it. It is typed structurally (no Pi import) and has
// no import at all, so Pi's jiti, oh-my-pi's Bun and the fake host load this same file as it is.
//
// `/contract-probe <action> [argument]` runs one action; `/contract-probe log` answers with every record
// since the process started, as one JSON notification. The record outlives the runtime a host rebuilds
// for a new session (it is kept on globalThis), not the process.

export const PROBE_COMMAND = 'contract-probe';
export const PROBE_TOOL = 'contract_probe_record';
export const PROBE_ENTRY_TYPE = 'contract-probe-entry';
export const PROBE_MESSAGE_TYPE = 'contract-probe-message';
export const PROBE_STATUS_KEY = 'contract-probe';
export const PROBE_LINES_WIDGET = 'contract-probe-lines';
export const PROBE_COMPONENT_WIDGET = 'contract-probe-component';
/** What the probe adds to the next request once `arm-context` ran, to find in what the model received. */
export const PROBE_CONTEXT_MARK = 'Contract probe: a message added by a context handler.';
/** A tool call with this id makes the tool throw, as a refused change does. */
export const PROBE_REFUSED_ID = 'refuse-me';

export type NotifyType = 'info' | 'warning' | 'error';

/** One entry of the current branch, as the extension read it from `ctx.sessionManager.getBranch()`. */
export interface ProbeEntry {
  readonly id: string;
  readonly parentId: string | null;
  readonly type: string;
  readonly customType?: string;
  readonly role?: string;
  readonly data?: unknown;
  readonly timestamp?: string;
}

export type ProbeRecord =
  | {
      readonly kind: 'load';
      readonly instance: number;
      readonly api: { readonly registerEntryRenderer: boolean; readonly registerShortcut: boolean; readonly sendMessage: boolean };
    }
  | {
      readonly kind: 'event';
      readonly instance: number;
      readonly event: string;
      readonly reason: string | undefined;
      readonly branch: readonly ProbeEntry[];
      /** What a compaction event carries: `preparation`, `branchEntries`, `compactionEntry`'s type. */
      readonly carries?: readonly string[];
      readonly compactionEntryType?: string;
    }
  | { readonly kind: 'context'; readonly instance: number; readonly roles: readonly string[]; readonly added: boolean }
  | { readonly kind: 'tool'; readonly instance: number; readonly phase: 'start' | 'end'; readonly args: unknown }
  | { readonly kind: 'command'; readonly instance: number; readonly args: string; readonly mode: string | undefined; readonly hasUI: boolean }
  | { readonly kind: 'branch'; readonly instance: number; readonly branch: readonly ProbeEntry[] };

interface ProbeTheme {
  fg(colour: string, text: string): string;
}

interface ProbeComponent {
  render(width: number): string[];
  invalidate(): void;
}

interface ProbeSessionManager {
  getBranch(): readonly Record<string, unknown>[];
  getSessionFile?(): string | undefined;
}

interface ProbeContext {
  readonly mode?: string;
  readonly hasUI: boolean;
  readonly ui: {
    notify(message: string, type: NotifyType): void;
    setStatus(key: string, text: string | undefined): void;
    setWidget(key: string, content: string[] | ((tui: unknown, theme: ProbeTheme) => ProbeComponent) | undefined): void;
  };
  readonly sessionManager: ProbeSessionManager;
  navigateTree?(targetId: string, options: { summarize: boolean }): Promise<{ cancelled: boolean }>;
}

interface ProbeToolResult {
  readonly content: { readonly type: 'text'; readonly text: string }[];
  readonly details: Record<string, unknown>;
}

interface ProbePi {
  on(event: string, handler: (event: Record<string, unknown>, ctx: ProbeContext) => unknown): void;
  registerCommand(name: string, command: { description: string; handler(args: string, ctx: ProbeContext): Promise<void> }): void;
  registerTool(tool: {
    name: string;
    label: string;
    description: string;
    promptSnippet: string;
    parameters: Record<string, unknown>;
    executionMode: string;
    concurrency: string;
    loadMode: string;
    outputSchema: Record<string, unknown>;
    annotations: Record<string, unknown>;
    execute(toolCallId: string, params: Record<string, unknown>, signal: unknown, onUpdate: unknown, ctx: ProbeContext): Promise<ProbeToolResult>;
  }): void;
  appendEntry(customType: string, data: unknown): void;
  sendMessage?(message: Record<string, unknown>, options: Record<string, unknown>): void;
  registerEntryRenderer?: unknown;
  registerShortcut?: unknown;
}

interface ProbeLog {
  records: ProbeRecord[];
  instances: number;
  contextArmed: boolean;
}

const LOG_KEY = Symbol.for('j1nn0.contract-probe.log');

function probeLog(): ProbeLog {
  const holder = globalThis as unknown as Record<symbol, ProbeLog | undefined>;
  holder[LOG_KEY] ??= { records: [], instances: 0, contextArmed: false };
  return holder[LOG_KEY];
}

/** Forgets every record: the fake host runs each contract in one process, where a real host starts its own. */
export function resetProbeLog(): void {
  const log = probeLog();
  log.records = [];
  log.instances = 0;
  log.contextArmed = false;
}

function branchOf(ctx: ProbeContext): ProbeEntry[] {
  return ctx.sessionManager.getBranch().map((entry) => {
    const message = entry['message'] as { role?: unknown } | undefined;
    return {
      id: String(entry['id']),
      parentId: typeof entry['parentId'] === 'string' ? entry['parentId'] : null,
      type: String(entry['type']),
      ...(typeof entry['customType'] === 'string' ? { customType: entry['customType'] } : {}),
      ...(typeof message?.role === 'string' ? { role: message.role } : {}),
      ...(entry['type'] === 'custom' ? { data: entry['data'] } : {}),
      ...(typeof entry['timestamp'] === 'string' ? { timestamp: entry['timestamp'] } : {}),
    };
  });
}

// Every event that may change the session or its branch, on Pi's lines and oh-my-pi.
const SESSION_EVENTS = ['session_start', 'session_switch', 'session_branch', 'session_tree', 'session_shutdown'];

const TOOL_PARAMETERS = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['open', 'done'] },
    note: { type: 'string' },
  },
  required: ['id', 'status'],
};

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export default function contractProbe(pi: ProbePi): void {
  const log = probeLog();
  log.instances += 1;
  const instance = log.instances;
  const record = (entry: ProbeRecord): void => {
    log.records.push(entry);
  };
  record({
    kind: 'load',
    instance,
    api: {
      registerEntryRenderer: typeof pi.registerEntryRenderer === 'function',
      registerShortcut: typeof pi.registerShortcut === 'function',
      sendMessage: typeof pi.sendMessage === 'function',
    },
  });

  for (const event of SESSION_EVENTS) {
    pi.on(event, (payload, ctx) => {
      record({ kind: 'event', instance, event, reason: typeof payload['reason'] === 'string' ? payload['reason'] : undefined, branch: branchOf(ctx) });
    });
  }
  pi.on('session_before_compact', (payload, ctx) => {
    record({ kind: 'event', instance, event: 'session_before_compact', reason: undefined, branch: branchOf(ctx), carries: Object.keys(payload).sort() });
  });
  pi.on('session_compact', (payload, ctx) => {
    const entry = payload['compactionEntry'] as { type?: unknown } | undefined;
    record({
      kind: 'event',
      instance,
      event: 'session_compact',
      reason: undefined,
      branch: branchOf(ctx),
      carries: Object.keys(payload).sort(),
      compactionEntryType: typeof entry?.type === 'string' ? entry.type : 'none',
    });
  });
  pi.on('context', (payload) => {
    const messages = Array.isArray(payload['messages']) ? (payload['messages'] as Record<string, unknown>[]) : [];
    const added = log.contextArmed;
    log.contextArmed = false;
    record({ kind: 'context', instance, roles: messages.map((message) => String(message['role'])), added });
    if (!added) return undefined;
    return { messages: [...messages, { role: 'custom', customType: PROBE_MESSAGE_TYPE, content: PROBE_CONTEXT_MARK, display: false, timestamp: Date.now() }] };
  });

  pi.registerCommand(PROBE_COMMAND, {
    description: 'Test only: the host contract probe',
    handler: async (args, ctx) => {
      const space = args.indexOf(' ');
      const action = space < 0 ? args : args.slice(0, space);
      const argument = space < 0 ? '' : args.slice(space + 1);
      switch (action) {
        case 'log':
          ctx.ui.notify(JSON.stringify(log.records), 'info');
          return;
        case 'echo':
          record({ kind: 'command', instance, args, mode: ctx.mode, hasUI: ctx.hasUI });
          ctx.ui.notify('echoed', 'info');
          return;
        case 'branch':
          record({ kind: 'branch', instance, branch: branchOf(ctx) });
          ctx.ui.notify('branch recorded', 'info');
          return;
        case 'append':
          pi.appendEntry(PROBE_ENTRY_TYPE, JSON.parse(argument) as unknown);
          ctx.ui.notify('appended', 'info');
          return;
        case 'navigate': {
          const result = await ctx.navigateTree?.(argument, { summarize: false });
          ctx.ui.notify(result === undefined ? 'no navigateTree' : result.cancelled ? 'cancelled' : 'navigated', 'info');
          return;
        }
        case 'session-file':
          ctx.ui.notify(JSON.stringify({ file: ctx.sessionManager.getSessionFile?.() ?? null }), 'info');
          return;
        case 'arm-context':
          log.contextArmed = true;
          ctx.ui.notify('armed', 'info');
          return;
        case 'send-next-turn':
          pi.sendMessage?.({ customType: PROBE_MESSAGE_TYPE, content: argument, display: false }, { deliverAs: 'nextTurn' });
          ctx.ui.notify('queued', 'info');
          return;
        case 'ui':
          ctx.ui.notify('probe info', 'info');
          ctx.ui.notify('probe warning', 'warning');
          ctx.ui.setStatus(PROBE_STATUS_KEY, 'probe status');
          ctx.ui.setWidget(PROBE_LINES_WIDGET, ['probe line 1', 'probe line 2']);
          ctx.ui.setWidget(PROBE_COMPONENT_WIDGET, (_tui, theme) => ({ render: () => [theme.fg('accent', 'probe component')], invalidate: () => undefined }));
          return;
        default:
          ctx.ui.notify(`unknown action ${action}`, 'error');
      }
    },
  });

  pi.registerTool({
    name: PROBE_TOOL,
    label: 'Contract probe',
    description: 'Test only: records a call (the host contract probe).',
    promptSnippet: 'Record a probe call',
    parameters: TOOL_PARAMETERS,
    // The fields the adapters declare: Pi's way and oh-my-pi's of running one message's calls one at a time,
    // oh-my-pi's top-level exposure, and what Pi 0.99+ reads; a host must not send any of them to the model.
    executionMode: 'sequential',
    concurrency: 'exclusive',
    loadMode: 'essential',
    outputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    annotations: { readOnlyHint: false, openWorldHint: false },
    execute: async (_toolCallId, params) => {
      record({ kind: 'tool', instance, phase: 'start', args: params });
      // Long enough that a host running two calls together starts the second before the first ends.
      await wait(30);
      record({ kind: 'tool', instance, phase: 'end', args: params });
      if (params['id'] === PROBE_REFUSED_ID) throw new Error('Contract probe: refused as asked.');
      return { content: [{ type: 'text', text: `recorded ${String(params['id'])}` }], details: {} };
    },
  });
}
