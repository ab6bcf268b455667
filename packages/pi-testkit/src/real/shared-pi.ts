import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startPi, type PiDriver } from './pi-driver.js';
import { PiSandbox } from './sandbox.js';
import { PI_E2E_TIMEOUT_MS, type PiTarget } from './vitest-matrix.js';

export interface SharedPiOptions {
  /** Agent settings merged over the sandbox defaults (e.g. codemode's). */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/**
 * One Pi process (and scripted model) per version for the whole file, loading `extensions` with
 * `-e`: starting Pi costs 1-2 s, a new session almost nothing. Every test starts in a fresh session
 * with an empty script, and no test may leave an extension error behind.
 */
export function useSharedPi(target: PiTarget, extensions: readonly string[], options: SharedPiOptions = {}): () => PiDriver {
  let driver: PiDriver | undefined;
  let sandbox: PiSandbox | undefined;
  const current = (): PiDriver => {
    if (driver === undefined) throw new Error('Pi has not started');
    return driver;
  };
  beforeAll(async () => {
    if (options.settings !== undefined) sandbox = await PiSandbox.create({ settings: options.settings });
    driver = await startPi({ ...target, extensions, ...(sandbox === undefined ? {} : { sandbox }) });
  }, PI_E2E_TIMEOUT_MS);
  afterAll(async () => {
    await driver?.dispose();
    await sandbox?.dispose();
  }, PI_E2E_TIMEOUT_MS);
  beforeEach(async () => {
    current().model.reset();
    await current().newSession();
  }, PI_E2E_TIMEOUT_MS);
  afterEach(() => {
    expect(current().extensionErrors()).toEqual([]);
  });
  return current;
}
