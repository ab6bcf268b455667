import type { ChildProcess } from 'node:child_process';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lastLines } from './child-exit.js';
import type { HostStartOptions } from './host-launch.js';
import type { PiVersion } from './pi-versions.js';
import { trackChild, trackResource, untrackResource } from './process-registry.js';
import {
  latestStatus,
  latestWidget,
  toExtensionError,
  toNotification,
  statusUpdates,
  widgetUpdates,
  type PiEvent,
  type PiExtensionError,
  type PiNotification,
  type PiStatusUpdate,
  type PiWidgetUpdate,
} from './rpc-protocol.js';
import { PiSandbox } from './sandbox.js';
import { ScriptedModel } from './scripted-model.js';

// Pi's own RpcClient, as an editor integration uses it, run with the driver's isolation: a sandbox,
// PI_OFFLINE, a scripted model on loopback, nothing inherited from this process but PATH.

const STDERR_LINES_IN_ERRORS = 8;

/** The part of Pi's RpcClient (0.73.1 to 1.6.0) the tests use. */
export interface PiRpcClientPort {
  start(): Promise<void>;
  stop(): Promise<void>;
  onEvent(listener: (event: PiEvent) => void): () => void;
  /** Resolves once Pi answered; for an extension command, after its handler ran. */
  prompt(message: string): Promise<unknown>;
  /** Resolves when the agent run ends (the event differs by version; each client knows its own). */
  waitForIdle(timeoutMs?: number): Promise<void>;
  newSession(): Promise<{ cancelled: boolean }>;
  getState(): Promise<{ sessionFile?: string }>;
  getStderr(): string;
}

type RpcClientConstructor = new (options: {
  cliPath: string;
  cwd: string;
  env: Record<string, string | undefined>;
  provider: string;
  model: string;
  args: string[];
}) => PiRpcClientPort;

/** Pi's client spawns `node` from PATH: the folder of `runtimePath` goes first on it. The client owns its model and sandbox. */
export type StartRpcClientOptions = Pick<HostStartOptions, 'version' | 'runtimePath' | 'extensions' | 'timeoutMs'>;

/**
 * The RpcClient class of the Pi package under test. It is the class the package's index exports,
 * loaded from its own module: the index needs Node 22 from 0.75 on, while the tests run on Node 20.
 */
export async function loadRpcClientClass(version: PiVersion): Promise<RpcClientConstructor> {
  const packageDir = version.cliPath.slice(0, version.cliPath.lastIndexOf('/dist/'));
  const module = (await import(pathToFileURL(`${packageDir}/dist/modes/rpc/rpc-client.js`).href)) as { RpcClient?: unknown };
  if (typeof module.RpcClient !== 'function') throw new Error(`Pi ${version.label}: no RpcClient in dist/modes/rpc/rpc-client.js`);
  return module.RpcClient as RpcClientConstructor;
}

/** Pi's own RpcClient on a sandboxed Pi, with every record it received kept in order. */
export class PiRpcClient {
  readonly version: PiVersion;
  readonly client: PiRpcClientPort;
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
  readonly #events: PiEvent[] = [];
  #disposed: Promise<void> | undefined;

  private constructor(options: StartRpcClientOptions, client: PiRpcClientPort, sandbox: PiSandbox, model: ScriptedModel) {
    this.version = options.version;
    this.client = client;
    this.sandbox = sandbox;
    this.model = model;
    client.onEvent((event) => this.#events.push(event));
  }

  static async start(options: StartRpcClientOptions): Promise<PiRpcClient> {
    const RpcClient = await loadRpcClientClass(options.version);
    const sandbox = await PiSandbox.create();
    const model = await ScriptedModel.start();
    await sandbox.writeAgentJson('models.json', model.modelsJson());
    const client = new RpcClient({
      cliPath: options.version.cliPath,
      cwd: sandbox.projectDir,
      env: isolatedEnv(sandbox, options.runtimePath),
      provider: model.provider,
      model: model.modelId,
      args: ['--session-dir', sandbox.sessionDir, ...(options.extensions ?? []).flatMap((extension) => ['-e', extension])],
    });
    const wrapper = new PiRpcClient(options, client, sandbox, model);
    trackResource(wrapper);
    try {
      await client.start();
      const child = (client as unknown as { process?: ChildProcess | null }).process;
      if (child !== null && child !== undefined) trackChild(child);
      await wrapper.#bounded(client.getState(), options.timeoutMs ?? 20_000, 'the first get_state');
    } catch (error) {
      await wrapper.dispose();
      throw error;
    }
    return wrapper;
  }

  /** Sends `text` (a slash command, say) and returns what was notified until Pi answered it. */
  async notifiedBy(text: string): Promise<PiNotification[]> {
    const mark = this.mark();
    await this.client.prompt(text);
    return this.notifications(mark);
  }

  /** How many records arrived so far: pass it to the readers below to see only what came after. */
  mark(): number {
    return this.#events.length;
  }

  events(since = 0): PiEvent[] {
    return this.#events.slice(since);
  }

  notifications(since = 0): PiNotification[] {
    return this.events(since).flatMap((event) => toNotification(event) ?? []);
  }

  extensionErrors(since = 0): PiExtensionError[] {
    return this.events(since).flatMap((event) => toExtensionError(event) ?? []);
  }

  widgetUpdates(key: string, since = 0): PiWidgetUpdate[] {
    return widgetUpdates(this.events(since), key);
  }

  statusUpdates(key: string, since = 0): PiStatusUpdate[] {
    return statusUpdates(this.events(since), key);
  }

  /** What a client that keeps the newest update per key shows now: undefined when cleared or never set. */
  widget(key: string): readonly string[] | undefined {
    return latestWidget(this.#events, key);
  }

  status(key: string): string | undefined {
    return latestStatus(this.#events, key);
  }

  /** Stops Pi through the client (SIGTERM, then SIGKILL), its model and its sandbox. Idempotent. */
  dispose(): Promise<void> {
    this.#disposed ??= (async () => {
      untrackResource(this);
      await this.client.stop();
      await this.model.dispose();
      await this.sandbox.dispose();
    })();
    return this.#disposed;
  }

  async #bounded<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const tail = lastLines(this.client.getStderr(), STDERR_LINES_IN_ERRORS).join('\n');
        reject(new Error(`Pi ${this.version.label}: timed out waiting for ${what} through RpcClient. Last stderr lines:\n${tail}`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Pi's client spawns `node` with `{ ...process.env, ...env }`: every variable of this process is
 * masked (undefined leaves it out of the child), then the sandbox's own set, Node's folder first on PATH.
 */
function isolatedEnv(sandbox: PiSandbox, runtimePath: string): Record<string, string | undefined> {
  const masked = Object.fromEntries(Object.keys(process.env).map((name) => [name, undefined]));
  const env = sandbox.env();
  return { ...masked, ...env, PATH: `${dirname(runtimePath)}:${env['PATH'] ?? ''}` };
}

/** Starts Pi's own RpcClient, isolated like `startPi`; dispose it (or call `disposeAll()`) when done. */
export function startRpcClient(options: StartRpcClientOptions): Promise<PiRpcClient> {
  return PiRpcClient.start(options);
}
