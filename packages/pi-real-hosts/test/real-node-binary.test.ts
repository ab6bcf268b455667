import { describe, expect, it } from 'vitest';
import {
  ENABLE_NODE22_HINT,
  chooseNodeBinary,
  isAtLeast,
  parseNodeVersion,
  type NodeCandidates,
} from '../src/real/node-binary.js';
import type { RuntimeVersion } from '@j1nn0/pi-testkit/host-facts';
import { PI_ANCHORS, type PiVersion } from '../src/real/pi-versions.js';

const [oldScope, newScope] = PI_ANCHORS as readonly [PiVersion, PiVersion, PiVersion];

function candidates(overrides: Partial<NodeCandidates>): NodeCandidates {
  return {
    currentPath: '/usr/bin/node',
    currentVersion: [20, 20, 2],
    overridePath: undefined,
    probeVersion: () => undefined,
    ...overrides,
  };
}

describe('parseNodeVersion', () => {
  it('reads `node --version` output and bare versions', () => {
    expect(parseNodeVersion('v22.23.3\n')).toEqual([22, 23, 3]);
    expect(parseNodeVersion('20.20.2')).toEqual([20, 20, 2]);
  });

  it('rejects anything that is not three numbers', () => {
    expect(parseNodeVersion('v22')).toBeUndefined();
    expect(parseNodeVersion('node 22.1.0')).toBeUndefined();
    expect(parseNodeVersion('')).toBeUndefined();
  });
});

describe('isAtLeast', () => {
  const minimum: RuntimeVersion = [22, 19, 0];
  it.each([
    [[22, 19, 0], true],
    [[22, 23, 3], true],
    [[23, 0, 0], true],
    [[22, 18, 9], false],
    [[20, 20, 2], false],
  ] as const)('compares %j with 22.19.0 as %s', (version, expected) => {
    expect(isAtLeast(version, minimum)).toBe(expected);
  });
});

describe('chooseNodeBinary', () => {
  it('runs the old scope on the current Node 20', () => {
    expect(chooseNodeBinary(oldScope, candidates({}))).toEqual({ runtimePath: '/usr/bin/node', skipReason: null });
  });

  it('runs the new scope on the current node when it is new enough', () => {
    const choice = chooseNodeBinary(newScope, candidates({ currentVersion: [22, 19, 0], overridePath: '/other/node' }));
    expect(choice).toEqual({ runtimePath: '/usr/bin/node', skipReason: null });
  });

  it('falls back to PI_E2E_NODE when it is new enough', () => {
    const choice = chooseNodeBinary(newScope, candidates({ overridePath: '/opt/node22', probeVersion: () => [22, 23, 3] }));
    expect(choice).toEqual({ runtimePath: '/opt/node22', skipReason: null });
  });

  it('skips with the enabling hint when PI_E2E_NODE is unset', () => {
    const choice = chooseNodeBinary(newScope, candidates({}));
    expect(choice.runtimePath).toBeNull();
    expect(choice.skipReason).toBe(`Pi ${newScope.label} needs Node >= 22.19.0 (this is Node 20.20.2): ${ENABLE_NODE22_HINT}`);
  });

  it('skips and names the found version when PI_E2E_NODE is too old', () => {
    const choice = chooseNodeBinary(newScope, candidates({ overridePath: '/opt/node20', probeVersion: () => [20, 1, 0] }));
    expect(choice.runtimePath).toBeNull();
    expect(choice.skipReason).toContain('PI_E2E_NODE is Node 20.1.0');
    expect(choice.skipReason).toContain(ENABLE_NODE22_HINT);
  });

  it('skips when PI_E2E_NODE does not run', () => {
    const choice = chooseNodeBinary(newScope, candidates({ overridePath: '/missing/node' }));
    expect(choice.skipReason).toContain('PI_E2E_NODE does not run');
  });
});
