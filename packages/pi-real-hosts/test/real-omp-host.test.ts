import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bunPlatformPackage, findBunBinary } from '../src/real/bun-binary.js';
import { PI_HOST } from '@j1nn0/pi-testkit/host-facts';
import { hostModelArgs } from '../src/real/host-launch.js';
import { readModelRequest, toolResultsInCallOrder } from '../src/real/model-request.js';
import { OMP_HOST } from '@j1nn0/pi-testkit/host-facts';
import { OMP_CLI_PATH, OMP_VERSION, ompBunRange } from '../src/real/omp-host.js';
import { expectedOmpToolExposure, ompToolExposure } from '../src/real/omp-tool-exposure.js';
import { PI_ANCHORS } from '../src/real/pi-versions.js';
import type { ScriptedModel } from '../src/real/scripted-model.js';

const model = { provider: 'fake', modelId: 'fake-model', cliArgs: ['--provider', 'fake', '--model', 'fake-model'] } as unknown as ScriptedModel;

describe('oh-my-pi as a host of the real-host suite', () => {
  it('runs the pinned omp CLI under the pinned Bun, resolved from this package', () => {
    const bun = findBunBinary();
    expect(bun.skipReason).toBeNull();
    expect(bun.bunPath).toContain(`${bunPlatformPackage()}/bin/bun`);
    expect(existsSync(OMP_CLI_PATH)).toBe(true);
    expect(OMP_VERSION.host).toBe(OMP_HOST);
    expect(ompBunRange()).toBe('>=1.3.14');
  });

  it('names the platform package of the Bun binary as npm bun does', () => {
    expect(bunPlatformPackage('linux', 'x64')).toBe('@oven/bun-linux-x64');
    expect(bunPlatformPackage('darwin', 'arm64')).toBe('@oven/bun-darwin-aarch64');
    expect(bunPlatformPackage('win32', 'x64')).toBe('@oven/bun-windows-x64');
  });

  it("passes the model as each host names it, with the host's fixed arguments", () => {
    expect(hostModelArgs(PI_HOST, model)).toEqual(['--provider', 'fake', '--model', 'fake-model']);
    expect(hostModelArgs(OMP_HOST, model)).toEqual(['--model', 'fake/fake-model', '--no-lsp']);
    expect(PI_ANCHORS.every((version) => version.host === PI_HOST)).toBe(true);
  });

  it('tells how a request offered a tool, and what omp makes of a declared loadMode', () => {
    const request = readModelRequest({
      messages: [{ role: 'system', content: 'Additional devices:\n- xd://agent_state_get: read' }],
      tools: [{ type: 'function', function: { name: 'agent_state_add_work_item', description: 'd', parameters: {} } }],
    });
    expect(ompToolExposure(request, 'agent_state_add_work_item')).toBe('top-level');
    expect(ompToolExposure(request, 'agent_state_get')).toBe('device');
    expect(ompToolExposure(request, 'agent_state_add_decision')).toBe('absent');
    expect(expectedOmpToolExposure('essential')).toBe('top-level');
    expect(expectedOmpToolExposure(undefined)).toBe('device');
    expect(expectedOmpToolExposure('discoverable')).toBe('device');
  });

  it('reads tool results in call order when they arrived in the order they finished', () => {
    const request = readModelRequest({
      messages: [
        { role: 'assistant', content: '', tool_calls: [{ id: 'c0' }, { id: 'c1' }, { id: 'c2' }] },
        { role: 'tool', tool_call_id: 'c2', content: 'third' },
        { role: 'tool', tool_call_id: 'c0', content: 'first' },
        { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'second' }] },
      ],
    });
    expect(toolResultsInCallOrder(request)).toEqual(['first', 'second', 'third']);
    expect(toolResultsInCallOrder(undefined)).toEqual([]);
  });
});
