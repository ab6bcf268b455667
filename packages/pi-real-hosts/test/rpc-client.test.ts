import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PI_VERSIONS } from '../src/real/pi-versions.js';
import { liveProcessCount } from '../src/real/process-registry.js';
import { startRpcClient } from '../src/real/rpc-client.js';
import { describeEachPi } from '../src/real/vitest-matrix.js';

// What startRpcClient adds to Pi's own RpcClient: the driver's isolation (the client spawns Pi with
// this process's environment under the one it is given) and reaping. What a client receives through it
// is what the adapters' rpc-client e2e suites read.

describeEachPi("Pi's own RpcClient through startRpcClient", (target) => {
  it('runs Pi in the sandbox, offline, on the Node the version needs, with nothing leaked from this process, and reaps it on dispose', async () => {
    // Set in this process only (the probe reads it): the client must not pass it on to Pi.
    process.env['PI_TESTKIT_CANARY'] = 'leaked';
    const start = startRpcClient({ ...target, extensions: [fileURLToPath(new URL('fixtures/env-probe-extension.ts', import.meta.url))] });
    const pi = await start.finally(() => {
      delete process.env['PI_TESTKIT_CANARY'];
    });
    const before = liveProcessCount();

    const [note] = await pi.notifiedBy('/env-probe');
    const env = JSON.parse(note?.message ?? '{}') as Record<string, unknown>;
    expect(env).toMatchObject({ home: pi.sandbox.homeDir, offline: '1', canary: null });
    const [major = 0, minor = 0] = String(env['node']).split('.').map(Number);
    const [minimumMajor, minimumMinor] = target.version.minimumRuntime;
    expect(major * 1000 + minor).toBeGreaterThanOrEqual(minimumMajor * 1000 + minimumMinor);
    expect((await pi.client.getState()).sessionFile?.startsWith(pi.sandbox.sessionDir)).toBe(true);

    await pi.dispose();
    expect(liveProcessCount()).toBe(before - 1);
  });
});

// The class startRpcClient loads (from dist/modes/rpc/rpc-client.js: the index needs Node 22 from 0.75
// on) is the one the package's index exports as RpcClient: on every line the index re-exports it from
// that module, which the files themselves say.
describe('the RpcClient class startRpcClient loads', () => {
  it.each(PI_VERSIONS.map((version) => [version.label, version] as const))('comes from the module the index re-exports (%s)', (_label, version) => {
    const dist = version.cliPath.slice(0, version.cliPath.lastIndexOf('/dist/') + '/dist/'.length);
    expect(readFileSync(`${dist}index.js`, 'utf8')).toMatch(/export \{[^}]*\bRpcClient\b[^}]*\} from "\.\/modes\/index\.js"/u);
    expect(readFileSync(`${dist}modes/index.js`, 'utf8')).toMatch(/export \{[^}]*\bRpcClient\b[^}]*\} from "\.\/rpc\/rpc-client\.js"/u);
  });
});
