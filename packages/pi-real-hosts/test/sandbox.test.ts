import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { disposeAll } from '../src/real/process-registry.js';
import { DEFAULT_AGENT_SETTINGS, createPiSandbox } from '../src/real/sandbox.js';
import { startScriptedModel } from '../src/real/scripted-model.js';

describe('PiSandbox', () => {
  it('writes the default agent settings merged with overrides, and points every home, agent and temp location of the child inside its root', async () => {
    const sandbox = await createPiSandbox({ settings: { retry: { enabled: true }, theme: 'dark' } });
    expect(JSON.parse(readFileSync(join(sandbox.agentDir, 'settings.json'), 'utf8'))).toEqual({ ...DEFAULT_AGENT_SETTINGS, retry: { enabled: true }, theme: 'dark' });

    const env = sandbox.env();
    const flags = ['PI_OFFLINE', 'PI_TELEMETRY', 'PI_SKIP_VERSION_CHECK'];
    // The compile caches are shared on purpose: Node's bytecode and Bun's transpiled TypeScript of the hosts' code, no state.
    const caches = ['NODE_COMPILE_CACHE', 'BUN_RUNTIME_TRANSPILER_CACHE_PATH'];
    expect(caches.filter((name) => env[name] === undefined || env[name].startsWith(`${sandbox.root}/`))).toEqual([]);
    const locations = Object.keys(env).filter((name) => !['PATH', 'LANG', ...caches, ...flags].includes(name));
    expect(locations.sort()).toEqual(['HOME', 'PI_CODING_AGENT_DIR', 'TMPDIR', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME']);
    expect(locations.filter((name) => env[name]?.startsWith(`${sandbox.root}/`) !== true)).toEqual([]);
    expect(flags.map((name) => env[name])).toEqual(['1', '0', '1']);
    expect(env['PI_CODING_AGENT_DIR']).toBe(sandbox.agentDir);
    await sandbox.dispose();
  });

  it('adds the extra variables of its env option to every child environment, over the defaults', async () => {
    const sandbox = await createPiSandbox({ env: { npm_config_registry: 'http://127.0.0.1:1/', PI_OFFLINE: '0' } });
    expect(sandbox.env()).toMatchObject({ npm_config_registry: 'http://127.0.0.1:1/', PI_OFFLINE: '0', HOME: sandbox.homeDir });
    await sandbox.dispose();
  });

  it('makes a fixed root with the project where asked, refuses a root that exists, and removes it on dispose, a second dispose harmless', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'pi-testkit-fixed-'));
    const root = join(parent, 'demo');
    const sandbox = await createPiSandbox({ root, projectPath: 'home/csv-export' });
    expect([sandbox.root, sandbox.projectDir, existsSync(sandbox.projectDir)]).toEqual([root, join(root, 'home', 'csv-export'), true]);
    await expect(createPiSandbox({ root })).rejects.toThrow(`sandbox root ${root} exists`);
    await sandbox.dispose();
    await sandbox.dispose();
    expect(existsSync(root)).toBe(false);
    await rm(parent, { recursive: true });
  });

  it('is disposed by disposeAll together with scripted models', async () => {
    const sandbox = await createPiSandbox();
    const model = await startScriptedModel();

    await disposeAll();

    expect(existsSync(sandbox.root)).toBe(false);
    await expect(fetch(`${model.baseUrl}/chat/completions`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
