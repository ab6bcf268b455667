import { existsSync } from 'node:fs';
import { OMP_HOST, PI_HOST } from '@j1nn0/pi-testkit/host-facts';
import { describe, expect, it } from 'vitest';
import { bunPlatformPackage, findBunBinary } from '../src/real/bun-binary.js';
import { hostModelArgs } from '../src/real/host-launch.js';
import { readModelRequest } from '../src/real/model-request.js';
import { OMP_CLI_PATH, OMP_VERSION, ompBunRange } from '../src/real/omp-host.js';
import { expectedOmpToolExposure, ompToolExposure } from '../src/real/omp-tool-exposure.js';
import { PI_ANCHORS } from '../src/real/pi-versions.js';
import type { ScriptedModel } from '../src/real/scripted-model.js';

describe('oh-my-pi as a host of the real-host suite', () => {
  it('runs the pinned omp CLI under the pinned Bun, resolved from this package as npm bun names its platform package', () => {
    const bun = findBunBinary();
    expect(bun.skipReason).toBeNull();
    expect(bun.bunPath).toContain(`${bunPlatformPackage()}/bin/bun`);
    expect([bunPlatformPackage('linux', 'x64'), bunPlatformPackage('darwin', 'arm64'), bunPlatformPackage('win32', 'x64')]).toEqual([
      '@oven/bun-linux-x64',
      '@oven/bun-darwin-aarch64',
      '@oven/bun-windows-x64',
    ]);
    expect(existsSync(OMP_CLI_PATH)).toBe(true);
    expect(OMP_VERSION.host).toBe(OMP_HOST);
    expect(ompBunRange()).toBe('>=1.3.14');
  });

  it("passes the model as each host names it, with the host's fixed arguments", () => {
    const model = { provider: 'fake', modelId: 'fake-model', cliArgs: ['--provider', 'fake', '--model', 'fake-model'] } as unknown as ScriptedModel;
    expect(hostModelArgs(PI_HOST, model)).toEqual(['--provider', 'fake', '--model', 'fake-model']);
    expect(hostModelArgs(OMP_HOST, model)).toEqual(['--model', 'fake/fake-model', '--no-lsp']);
    expect(PI_ANCHORS.every((version) => version.host === PI_HOST)).toBe(true);
  });

  it('tells how a request offered a tool, and what omp makes of a declared loadMode', () => {
    const request = readModelRequest({
      messages: [{ role: 'system', content: 'Additional devices:\n- xd://agent_state_get: read' }],
      tools: [{ type: 'function', function: { name: 'agent_state_add_work_item', description: 'd', parameters: {} } }],
    });
    expect(['agent_state_add_work_item', 'agent_state_get', 'agent_state_add_decision'].map((name) => ompToolExposure(request, name))).toEqual(['top-level', 'device', 'absent']);
    expect(['essential', undefined, 'discoverable'].map(expectedOmpToolExposure)).toEqual(['top-level', 'device', 'device']);
  });
});
