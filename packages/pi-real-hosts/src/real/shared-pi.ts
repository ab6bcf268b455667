import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startPi, type PiDriver } from './pi-driver.js';
import { startRpcClient, type PiRpcClient } from './rpc-client.js';
import type { PiExtensionError } from './rpc-protocol.js';
import { PiSandbox } from './sandbox.js';
import type { ScriptedModel, ScriptedModelOptions } from './scripted-model.js';
import { PI_E2E_TIMEOUT_MS, type PiTarget } from './vitest-matrix.js';

export interface SharedPiOptions {
  /** Agent settings merged over the sandbox defaults (e.g. codemode's). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** How the scripted model is listed: its wire (models.json `api`, default chat completions), strict tools. */
  readonly scriptedModel?: ScriptedModelOptions;
}

/** What one Pi process shared by a whole file offers: its model, its extension errors, a way out. */
interface SharedPi {
  readonly model: ScriptedModel;
  extensionErrors(): PiExtensionError[];
  dispose(): Promise<void>;
}

/**
 * One Pi process (and scripted model) per version for the whole file: starting Pi costs 1-2 s, a new
 * session almost nothing. Every test starts in a fresh session with an empty script, and no test may
 * leave an extension error behind.
 */
function shareAcrossFile<T extends SharedPi>(what: string, start: () => Promise<T>, newSession: (shared: T) => Promise<unknown>): () => T {
  let shared: T | undefined;
  const current = (): T => {
    if (shared === undefined) throw new Error(`${what} has not started`);
    return shared;
  };
  beforeAll(async () => {
    shared = await start();
  }, PI_E2E_TIMEOUT_MS);
  afterAll(async () => {
    await shared?.dispose();
  }, PI_E2E_TIMEOUT_MS);
  beforeEach(async () => {
    current().model.reset();
    await newSession(current());
  }, PI_E2E_TIMEOUT_MS);
  afterEach(() => {
    expect(current().extensionErrors()).toEqual([]);
  });
  return current;
}

/**
 * The driver, loading `extensions` with `-e` (see shareAcrossFile); with `settings`, in a sandbox of
 * its own that describeEachPi's disposeAll removes after the suite.
 */
export function useSharedPi(target: PiTarget, extensions: readonly string[], options: SharedPiOptions = {}): () => PiDriver {
  const start = async (): Promise<PiDriver> => {
    const sandbox = options.settings === undefined ? {} : { sandbox: await PiSandbox.create({ settings: options.settings }) };
    return startPi({ ...target, extensions, ...sandbox, ...(options.scriptedModel === undefined ? {} : { scriptedModel: options.scriptedModel }) });
  };
  return shareAcrossFile('Pi', start, (pi) => pi.newSession());
}

/** Pi's own RpcClient (see startRpcClient), loading `extensions` with `-e` (see shareAcrossFile). */
export function useSharedRpcClient(target: PiTarget, extensions: readonly string[]): () => PiRpcClient {
  return shareAcrossFile('the RpcClient', () => startRpcClient({ ...target, extensions }), (pi) => pi.client.newSession());
}
