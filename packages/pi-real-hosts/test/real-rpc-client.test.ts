import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PI_VERSIONS } from '../src/real/pi-versions.js';
import { liveProcessCount } from '../src/real/process-registry.js';
import { loadRpcClientClass, startRpcClient, type PiRpcClient } from '../src/real/rpc-client.js';
import { PI_E2E_TIMEOUT_MS, describeEachPi } from '../src/real/vitest-matrix.js';

const PROBE_PATH = fileURLToPath(new URL('fixtures/client-probe-extension.ts', import.meta.url));

describeEachPi("Pi's own RpcClient through startRpcClient", (target) => {
  let pi: PiRpcClient;

  beforeAll(async () => {
    // Set in this process only (the probe reads it): the client must not pass it on to Pi.
    process.env['PI_TESTKIT_CANARY'] = 'leaked';
    try {
      pi = await startRpcClient({ ...target, extensions: [PROBE_PATH] });
    } finally {
      delete process.env['PI_TESTKIT_CANARY'];
    }
  }, PI_E2E_TIMEOUT_MS);

  afterAll(async () => {
    await pi.dispose();
  }, PI_E2E_TIMEOUT_MS);

  it('receives what an extension sends: string widget lines, a status, a notification', async () => {
    const mark = pi.mark();
    await pi.client.prompt('/client-probe');
    expect(pi.widgetUpdates('probe', mark)).toEqual([{ key: 'probe', lines: ['first line', 'second line'] }]);
    expect(pi.statusUpdates('probe', mark)).toEqual([{ key: 'probe', text: 'probe status' }]);
    expect(pi.notifications(mark)).toHaveLength(1);
    await pi.client.prompt('/client-probe clear');
    expect(pi.widget('probe')).toBeUndefined();
    expect(pi.status('probe')).toBeUndefined();
    expect(pi.widgetUpdates('probe', mark).at(-1)).toEqual({ key: 'probe', lines: undefined });
  });

  it('runs Pi in the sandbox, offline, on the Node the version needs, with nothing leaked from this process', async () => {
    const mark = pi.mark();
    await pi.client.prompt('/client-probe');
    const env = JSON.parse(pi.notifications(mark)[0]?.message ?? '{}') as Record<string, unknown>;
    expect(env).toMatchObject({ home: pi.sandbox.homeDir, offline: '1', canary: null });
    const [major, minor] = String(env['node']).split('.').map(Number);
    const [minimumMajor, minimumMinor] = target.version.minimumRuntime;
    expect((major ?? 0) * 1000 + (minor ?? 0)).toBeGreaterThanOrEqual(minimumMajor * 1000 + minimumMinor);
    expect((await pi.client.getState()).sessionFile?.startsWith(pi.sandbox.sessionDir)).toBe(true);
  });

  it('reaps Pi on dispose', async () => {
    const client = await startRpcClient({ ...target, extensions: [PROBE_PATH] });
    const before = liveProcessCount();
    await client.dispose();
    expect(liveProcessCount()).toBe(before - 1);
  });
});

// The class startRpcClient loads is the one the package's index exports as RpcClient. Only 0.73.1's
// index imports on Node 20 (0.75+ need Node 22 even to import it); on every line the index re-exports
// it from that module, which the files themselves say.
describe('the RpcClient class startRpcClient loads', () => {
  it("is the package index's RpcClient export (0.73.1, imported)", async () => {
    const version = PI_VERSIONS.find((candidate) => candidate.label === '0.73.1');
    if (version === undefined) throw new Error('0.73.1 is not a listed line');
    const root = (await import(version.packageName)) as { RpcClient?: unknown };
    expect(await loadRpcClientClass(version)).toBe(root.RpcClient);
  }, PI_E2E_TIMEOUT_MS); // the whole index loads in 2-6 s

  it.each(PI_VERSIONS.map((version) => [version.label, version] as const))(
    'comes from the module the index re-exports (%s)',
    (_label, version) => {
      const dist = version.cliPath.slice(0, version.cliPath.lastIndexOf('/dist/') + '/dist/'.length);
      expect(readFileSync(`${dist}index.js`, 'utf8')).toMatch(/export \{[^}]*\bRpcClient\b[^}]*\} from "\.\/modes\/index\.js"/u);
      expect(readFileSync(`${dist}modes/index.js`, 'utf8')).toMatch(/export \{[^}]*\bRpcClient\b[^}]*\} from "\.\/rpc\/rpc-client\.js"/u);
    },
  );
});
