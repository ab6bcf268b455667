import { PI_HOST, type HostLine } from '../host-facts/host-facts.js';
import { lineFacts, releaseLine } from '../host-facts/pi-release-lines.js';
import { createFakePiHost, type FakePiHost } from '../fake-host/fake-host.js';
import type { FakeSession } from '../fake-host/fake-session.js';
import { toolResultText } from '../fake-host/tool-call.js';
import type { ClientUi, ContractHost, ContractNotice, ContractToolCall, SessionHandle } from './contract-host.js';
import contractProbe, { PROBE_COMMAND, PROBE_TOOL, resetProbeLog, type ProbeRecord } from './contract-probe.js';

/** The fake host mirrors Pi 0.84.2 (see its README): that line's facts are the fake's, but what a fault leaves in a file. */
export const FAKE_HOST_LINE: HostLine = Object.freeze({ ...lineFacts(releaseLine('0.84.2'), { faults: false }), label: 'the fake host', host: PI_HOST });

/** The messages Pi builds for a request from the branch: the newest compaction's summary first, then what follows. */
function requestMessages(session: FakeSession): unknown[] {
  return session.buildContextEntries().flatMap((entry): unknown[] => {
    switch (entry.type) {
      case 'compaction':
        return [{ role: 'compactionSummary', summary: entry.summary, tokensBefore: entry.tokensBefore, timestamp: Date.parse(entry.timestamp) }];
      case 'message':
        return [entry.message];
      case 'custom_message':
        return [{ role: 'custom', customType: entry.customType, content: entry.content, display: entry.display, timestamp: Date.parse(entry.timestamp) }];
      default:
        return [];
    }
  });
}

/**
 * The fake host behind the contract's port, in RPC mode. It runs no model: a reply is the person's message,
 * the `context` event over what Pi would send and the assistant's message; a model's tool calls run one
 * after the other, as Pi runs a sequential tool's.
 */
class FakeContractHost implements ContractHost {
  readonly line = FAKE_HOST_LINE;
  readonly runsModel = false;
  readonly writesFiles = false;
  readonly projectPackage = undefined;
  #host: FakePiHost;
  #lastRequest: unknown[] = [];

  constructor(host: FakePiHost) {
    this.#host = host;
  }

  static async start(): Promise<FakeContractHost> {
    resetProbeLog();
    const host = createFakePiHost({ mode: 'rpc', unsavedUntilAssistant: true });
    await host.load(contractProbe);
    await host.startSession('startup');
    return new FakeContractHost(host);
  }

  async probe(args: string): Promise<ContractNotice[]> {
    this.#host.takeNotifications();
    await this.#host.runCommand(`/${PROBE_COMMAND} ${args}`);
    return this.#host.takeNotifications();
  }

  async log(): Promise<ProbeRecord[]> {
    const [notice] = await this.probe('log');
    return JSON.parse(notice?.message ?? '[]') as ProbeRecord[];
  }

  listedCommands(): Promise<readonly string[]> {
    return Promise.resolve([...this.#host.commands.keys()]);
  }

  offeredTool(): Promise<{ name: string; fields: string[] } | undefined> {
    const tool = this.#host.tools.get(PROBE_TOOL);
    // What Pi 0.84.2 builds a provider's tool from: the name, description and parameters of the definition.
    return Promise.resolve(tool === undefined ? undefined : { name: tool.name, fields: ['name', 'description', 'parameters'] });
  }

  async modelCalls(calls: readonly ContractToolCall[]): Promise<string[]> {
    this.#host.session.appendMessage({ role: 'user', content: 'Run the calls.' });
    const results: string[] = [];
    for (const call of calls) {
      const result = this.#host.tools.has(call.name) ? await this.#host.executeTool(call.name, call.arguments) : undefined;
      results.push(result === undefined ? `Tool ${call.name} not found` : toolResultText(result.content));
    }
    this.#host.session.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'Done.' }] });
    return results;
  }

  async reply(prompt: string): Promise<void> {
    const session = this.#host.session;
    session.appendMessage({ role: 'user', content: prompt });
    this.#lastRequest = await this.#host.emitContext(requestMessages(session));
    session.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'Scripted reply.' }] });
  }

  lastRequestText(): Promise<string> {
    return Promise.resolve(JSON.stringify(this.#lastRequest));
  }

  async newSession(): Promise<void> {
    await this.#host.newSession();
  }

  currentSession(): SessionHandle {
    return this.#host.session;
  }

  async switchSession(session: SessionHandle): Promise<void> {
    await this.#host.switchSession(session as FakeSession);
  }

  async fork(userEntryId: string): Promise<void> {
    await this.#host.fork(userEntryId, { position: 'before' });
  }

  sessionWritten(session: SessionHandle = this.#host.session): Promise<boolean> {
    return Promise.resolve((session as FakeSession).hasAssistantMessage());
  }

  async restart(): Promise<void> {
    // A new process starts with a new record, as on a real host.
    resetProbeLog();
    await this.#host.restart();
  }

  editNewestProbeEntry(): Promise<void> {
    return Promise.reject(new Error('the fake host keeps its sessions in memory: there is no file to edit'));
  }

  async compact(summary: string): Promise<void> {
    await this.#host.compact({ summary });
  }

  clientUi(): Promise<ClientUi> {
    const widgets = new Map<string, readonly string[] | undefined>();
    for (const [key, widget] of this.#host.widgets) widgets.set(key, Array.isArray(widget) ? (widget as string[]) : undefined);
    return Promise.resolve({ notices: this.#host.notifications, statuses: this.#host.statuses, widgets });
  }

  async dispose(): Promise<void> {
    await this.#host.shutdown();
  }
}

export function createFakeContractHost(): Promise<ContractHost> {
  return FakeContractHost.start();
}
