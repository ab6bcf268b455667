import type { LineFacts } from './pi-release-lines.js';

/**
 * What a host (Pi, or a fork such as oh-my-pi) does differently, as data: tests read these facts to
 * decide what applies, instead of asking which host runs. What differs between versions of one host is
 * in its line facts (pi-release-lines.ts).
 */

/** A provider wire format, as models.json names it (`api`). */
export type ProviderApi = 'openai-completions' | 'openai-responses' | 'anthropic-messages' | 'google-generative-ai';

/** The runtime binary a host's CLI runs under. */
export type HostRuntime = 'node' | 'bun';

/** Which session event an extension gets, and the `reason` it carries (undefined: no reason field). */
export interface SessionEventFact {
  readonly event: string;
  readonly reason: string | undefined;
}

export interface SessionEventFacts {
  /** The start of the process on its first (or a resumed) session. */
  readonly load: SessionEventFact;
  /** RPC `new_session`, `/new`. */
  readonly newSession: SessionEventFact;
  /** RPC `switch_session`, `/resume`. */
  readonly resume: SessionEventFact;
  /** `/fork`. */
  readonly fork: SessionEventFact;
  /** Moving to another entry of the same session file (`/tree`). */
  readonly tree: SessionEventFact;
  /** RPC `branch` (oh-my-pi: continue from an earlier entry); undefined where the host has no such command. */
  readonly branch: SessionEventFact | undefined;
}

/** How the host calls a tool's renderers: the order of the arguments and where a failed call is flagged. */
export interface RendererFacts {
  readonly renderCall: readonly ('args' | 'options' | 'theme')[];
  readonly renderResult: readonly ('result' | 'options' | 'theme' | 'context' | 'args')[];
  /** `context.isError` (Pi) or `result.isError` (oh-my-pi). */
  readonly errorFlag: 'context.isError' | 'result.isError';
}

/** How RPC mode differs between hosts. */
export interface RpcFacts {
  /** A `{"type":"ready"}` line comes before anything else. */
  readonly readyLine: boolean;
  /** `get_commands` lists extension commands (oh-my-pi answers it as an unknown command). */
  readonly getCommands: boolean;
  /**
   * When a prompt that is an extension command has finished: `response` (Pi answers once the handler
   * ran) or `prompt_result` (oh-my-pi answers at once and prints `prompt_result` after the handler).
   */
  readonly commandDone: 'response' | 'prompt_result';
  /** `entry_appended` events carry each custom entry to the client. */
  readonly entryAppendedEvents: boolean;
  /**
   * The command that starts a new session from before one of the person's messages: Pi's `fork` (an
   * extension sees the `fork` event), oh-my-pi's `branch` (the `branch` event).
   */
  readonly forkCommand: 'fork' | 'branch';
}

/** How the terminal UI differs between hosts. */
export interface TerminalFacts {
  /** Footers (`setStatus`) of several extensions: joined on one line, or one line each. */
  readonly footers: 'one-line' | 'line-each';
  /**
   * Where the input is: between the last two full-width rules (Pi), or on the row after the prompt's
   * status line, behind a `╰─` corner (oh-my-pi; the status line is the editor's top).
   */
  readonly editorLayout: 'between-rules' | 'after-corner';
  /** A row that shows the editor is drawn: Pi's full-width rule above the input, omp's `╰─` below its prompt line. */
  readonly editorDrawn: RegExp;
  /** A config value that skips a first-start wizard; undefined when the host has none. */
  readonly skipsSetupWizard: string | undefined;
}

/** The files of the agent dir the host reads its models and settings from. */
export interface AgentConfigFacts {
  /** `models.json` (Pi) or `models.yml` (oh-my-pi, YAML with the same provider fields). */
  readonly modelsFile: 'models.json' | 'models.yml';
  /** `settings.json` (Pi) or `config.yml` (oh-my-pi). */
  readonly settingsFile: 'settings.json' | 'config.yml';
  /** How the model is named on the command line: `--provider P --model M` or `--model P/M`. */
  readonly modelArgument: 'provider-and-model' | 'provider-slash-model';
  /** Arguments every test run passes, e.g. oh-my-pi's `--no-lsp` (no language servers in a sandbox). */
  readonly fixedArgs: readonly string[];
  /** Variables every test run sets, e.g. oh-my-pi's `PI_NO_TITLE` (no title request to the scripted model). */
  readonly fixedEnv: Readonly<Record<string, string>>;
}

export type SessionFileTiming = 'after-first-reply' | 'at-once';

export interface HostFacts {
  /** `pi` or `omp`: names the host in titles and errors. */
  readonly name: 'pi' | 'omp';
  readonly displayName: string;
  readonly runtime: HostRuntime;
  readonly agentConfig: AgentConfigFacts;
  readonly sessionEvents: SessionEventFacts;
  readonly renderers: RendererFacts;
  readonly rpc: RpcFacts;
  readonly terminal: TerminalFacts;
  /**
   * When a session's file first exists: after its first assistant message, or at once. oh-my-pi writes
   * the session it starts with like Pi, but a session made by `new_session` at once.
   */
  readonly sessionFileWritten: { readonly atLaunch: SessionFileTiming; readonly newSession: SessionFileTiming };
  /**
   * Whether a `/tree` move outlives a restart: Pi writes nothing for it and opens a file at its last entry;
   * oh-my-pi keeps the position it moved to.
   */
  readonly treePositionKeptOnRestart: boolean;
  /**
   * How a tool asks to run alone among one message's calls: Pi's `executionMode: "sequential"`, or
   * oh-my-pi's `concurrency: "exclusive"` (omp ignores executionMode, runs calls concurrently and
   * sends their results in the order they finish).
   */
  readonly runsAlone: 'executionMode: sequential' | 'concurrency: exclusive';
  /**
   * How extension tools reach the model: `top-level` (Pi: each is a tool of the request) or
   * `load-mode` (oh-my-pi: a tool is top-level only with `loadMode: "essential"`, else a device).
   */
  readonly toolExposure: 'top-level' | 'load-mode';
  /**
   * What the host puts before every tool name on a provider's wire, and takes off the names the model
   * calls: oh-my-pi's Anthropic client escapes them with `_` for a provider that is not Anthropic's own.
   */
  readonly wireToolNamePrefix: Readonly<Partial<Record<ProviderApi, string>>>;
}

/** Pi's own binary, all release lines (line differences stay in PiReleaseLine). */
export const PI_HOST: HostFacts = Object.freeze({
  name: 'pi',
  displayName: 'Pi',
  runtime: 'node',
  agentConfig: { modelsFile: 'models.json', settingsFile: 'settings.json', modelArgument: 'provider-and-model', fixedArgs: [], fixedEnv: {} },
  sessionEvents: {
    load: { event: 'session_start', reason: 'startup' },
    newSession: { event: 'session_start', reason: 'new' },
    resume: { event: 'session_start', reason: 'resume' },
    fork: { event: 'session_start', reason: 'fork' },
    tree: { event: 'session_tree', reason: undefined },
    branch: undefined,
  },
  renderers: { renderCall: ['args', 'theme'], renderResult: ['result', 'options', 'theme', 'context'], errorFlag: 'context.isError' },
  rpc: { readyLine: false, getCommands: true, commandDone: 'response', entryAppendedEvents: true, forkCommand: 'fork' },
  terminal: { footers: 'one-line', editorLayout: 'between-rules', editorDrawn: /^─{10,}$/u, skipsSetupWizard: undefined },
  sessionFileWritten: { atLaunch: 'after-first-reply', newSession: 'after-first-reply' },
  treePositionKeptOnRestart: false,
  runsAlone: 'executionMode: sequential',
  toolExposure: 'top-level',
  wireToolNamePrefix: {},
} satisfies HostFacts);

/** oh-my-pi (npm `@oh-my-pi/pi-coding-agent`), a Pi fork on Bun that loads Pi packages; checked on 18.2.3. */
export const OMP_HOST: HostFacts = Object.freeze({
  name: 'omp',
  displayName: 'oh-my-pi',
  runtime: 'bun',
  agentConfig: {
    modelsFile: 'models.yml',
    settingsFile: 'config.yml',
    modelArgument: 'provider-slash-model',
    fixedArgs: ['--no-lsp'],
    // The terminal UI asks the model for a session title before the first turn; that would take a scripted step.
    fixedEnv: { PI_NO_TITLE: '1' },
  },
  sessionEvents: {
    load: { event: 'session_start', reason: undefined },
    newSession: { event: 'session_switch', reason: 'new' },
    resume: { event: 'session_switch', reason: 'resume' },
    fork: { event: 'session_switch', reason: 'fork' },
    tree: { event: 'session_tree', reason: undefined },
    branch: { event: 'session_branch', reason: undefined },
  },
  renderers: { renderCall: ['args', 'options', 'theme'], renderResult: ['result', 'options', 'theme', 'args'], errorFlag: 'result.isError' },
  rpc: { readyLine: true, getCommands: false, commandDone: 'prompt_result', entryAppendedEvents: false, forkCommand: 'branch' },
  terminal: { footers: 'line-each', editorLayout: 'after-corner', editorDrawn: /^╰─/u, skipsSetupWizard: 'config.yml setupVersion: 2' },
  sessionFileWritten: { atLaunch: 'after-first-reply', newSession: 'at-once' },
  treePositionKeptOnRestart: true,
  runsAlone: 'concurrency: exclusive',
  toolExposure: 'load-mode',
  wireToolNamePrefix: { 'anthropic-messages': '_' },
} satisfies HostFacts);

/** oh-my-pi 18.2.3's facts beside Pi's lines (its Bun minimum is in its installed version). */
export const OMP_LINE: LineFacts = Object.freeze({
  projectPackagesNeedApprove: false,
  // omp keeps the extension instance and fires session_switch, not session_start, after a replacement.
  sessionStartsAfterReplacement: 0,
  compaction: { failedEvent: false, boundaryDrafts: false },
  contextMode: true,
  entryRenderer: false,
  validator: {
    notInEnum: 'must be one of the allowed enum values',
    missingId: 'id: is required',
    // omp reads a string of arguments as an object without any of its properties.
    argumentsNotObject: 'id: is required',
  },
  nextTurnMessage: 'before-next-prompt',
} satisfies LineFacts);

/** A host at one version, as the host contract and the suites read it: its facts and its line's. */
export interface HostLine extends LineFacts {
  /** The version, e.g. `0.84.2`, or what the host is (`fake host`). */
  readonly label: string;
  readonly host: HostFacts;
}
