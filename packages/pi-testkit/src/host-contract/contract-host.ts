import type { HostLine } from '../host-facts/host-facts.js';
import type { NotifyType, ProbeRecord } from './contract-probe.js';

// A host as the host contract drives it: the fake host, a Pi line or oh-my-pi, each behind this one
// port, with the contract probe loaded and a client in RPC mode.

export interface ContractNotice {
  readonly message: string;
  readonly type: NotifyType;
}

/** A tool call the model makes; `arguments` a JSON string is sent as that string. */
export interface ContractToolCall {
  readonly name: string;
  readonly arguments: unknown;
}

/** How the model receives a tool: which fields of its declaration reach the request. */
export interface OfferedTool {
  readonly name: string;
  readonly fields: readonly string[];
}

/** What an RPC client shows of the extension UI: each key's newest status and widget lines. */
export interface ClientUi {
  readonly notices: readonly ContractNotice[];
  readonly statuses: ReadonlyMap<string, string>;
  /** A widget's lines; undefined for a widget that was cleared, or sent as something a client cannot show. */
  readonly widgets: ReadonlyMap<string, readonly string[] | undefined>;
}

/** How a host loaded the probe installed as a project package (`pi install <folder> -l`). */
export interface ProjectPackageLoad {
  /** `pi install` exited 0. */
  readonly installed: boolean;
  /** What `pi install` printed, for a warning. */
  readonly installOutput: string;
  /** A start without `--approve` loaded it (Pi asks for trust from 0.79, see the line's facts). */
  readonly loadedWithoutApprove: boolean;
}

/** A session to switch back to, as the host names it (a file, or the fake's session object). */
export type SessionHandle = unknown;

export interface ContractHost {
  readonly line: HostLine;
  /**
   * The fake host runs no model: its model turns are the tool calls and context events the contract host
   * runs itself, and what only a model's turn shows (a message queued for the next turn) is not asked of it.
   */
  readonly runsModel: boolean;
  /** The fake host keeps its sessions in memory: what only a file shows (a hand edit) is not asked of it. */
  readonly writesFiles: boolean;
  /** How the probe was loaded as a project package; undefined where it was loaded otherwise (the fake host, `-e` on oh-my-pi). */
  readonly projectPackage: ProjectPackageLoad | undefined;
  /** Runs `/contract-probe <args>` and returns what it notified. */
  probe(args: string): Promise<ContractNotice[]>;
  /** Every probe record of this process, oldest first. */
  log(): Promise<ProbeRecord[]>;
  /** The commands the host lists to a client; undefined where it has no listing (oh-my-pi's RPC). */
  listedCommands(): Promise<readonly string[] | undefined>;
  /** The probe's tool as a request offers it to the model. */
  offeredTool(): Promise<OfferedTool | undefined>;
  /** A person's prompt answered by the model with `calls` in one message, then a plain reply; the tool results it got back, in call order. */
  modelCalls(calls: readonly ContractToolCall[]): Promise<string[]>;
  /** A person's prompt answered with a plain reply. */
  reply(prompt: string): Promise<void>;
  /** What the model received in the newest request, as one text. */
  lastRequestText(): Promise<string>;
  newSession(): Promise<void>;
  currentSession(): SessionHandle;
  switchSession(session: SessionHandle): Promise<void>;
  /** A new session from before the person's message `userEntryId`, by the host's fork command. */
  fork(userEntryId: string): Promise<void>;
  /** Whether a session's file exists (a host writes it after the first reply, or at once); default the current one. */
  sessionWritten(session?: SessionHandle): Promise<boolean>;
  /** The process ends and starts again on the current session's file. */
  restart(): Promise<void>;
  /** Replaces the data of the newest probe entry in the session's file (the host's own store), as a hand edit would. */
  editNewestProbeEntry(data: unknown): Promise<void>;
  /** The host's own compaction, its summary request answered with `summary`. */
  compact(summary: string): Promise<void>;
  clientUi(): Promise<ClientUi>;
  dispose(): Promise<void>;
}
