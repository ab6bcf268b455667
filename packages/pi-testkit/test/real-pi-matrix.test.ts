import { describe, expect, it } from 'vitest';
import { PI_VERSIONS, planPiSuite, selectPiVersions, type PiMatrixEntry, type PiVersion } from '../src/real/index.js';

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

describe('selectPiVersions', () => {
  it('keeps the whole matrix when no labels are given', () => {
    expect(selectPiVersions(PI_VERSIONS, undefined)).toEqual([...PI_VERSIONS]);
  });

  it('keeps the named versions in matrix order', () => {
    expect(selectPiVersions(PI_VERSIONS, ['1.6.0', '0.73.1']).map((version) => version.label)).toEqual(['0.73.1', '1.6.0']);
  });

  it('refuses a label that is not in the matrix', () => {
    expect(() => selectPiVersions(PI_VERSIONS, ['0.73.1', '9.9.9'])).toThrow('Pi versions not in the matrix: 9.9.9');
  });
});
