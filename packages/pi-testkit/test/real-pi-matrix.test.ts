import { describe, expect, it } from 'vitest';
import { PI_VERSIONS, planPiSuite, type PiMatrixEntry, type PiVersion } from '../src/real/index.js';

const [, newScope] = PI_VERSIONS as readonly [PiVersion, PiVersion, PiVersion];
const runnable: PiMatrixEntry = { version: newScope, nodePath: '/opt/node22', skipReason: null };
const withoutNode: PiMatrixEntry = { version: newScope, nodePath: null, skipReason: 'Pi 0.84.2 needs Node >= 22.19.0' };

describe('planPiSuite', () => {
  it('runs a version that has its Node, in CI or not', () => {
    expect(planPiSuite(runnable, {})).toBe('run');
    expect(planPiSuite(runnable, { CI: 'true' })).toBe('run');
  });

  it('skips a version without its Node outside CI', () => {
    expect(planPiSuite(withoutNode, {})).toBe('skip');
    expect(planPiSuite(withoutNode, { CI: '' })).toBe('skip');
    expect(planPiSuite(withoutNode, { CI: 'false' })).toBe('skip');
    expect(planPiSuite(withoutNode, { CI: '0' })).toBe('skip');
  });

  it('fails a version without its Node under CI, which must run the whole matrix', () => {
    expect(planPiSuite(withoutNode, { CI: 'true' })).toBe('fail');
    expect(planPiSuite(withoutNode, { CI: '1' })).toBe('fail');
  });
});
