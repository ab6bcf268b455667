import { describeOmp } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { warningLines } from '../src/startup-warnings.js';
import { coexistenceScenarios } from './support/coexistence-scenarios.js';
import { useBothAdaptersPi } from './support/real-pi-with-both-adapters.js';

// Both BUILT adapters in one oh-my-pi, which loads them with `-e` as Pi does: the start says nothing
// about them, then the same scenarios as in every Pi line.

describeOmp('Agent State and Context Guard in one oh-my-pi', (target) => {
  const pi = useBothAdaptersPi(target);

  it('starts with both adapters and no warning, notice or extension error', () => {
    expect(warningLines(pi().stderr())).toEqual([]);
    expect(pi().notifications()).toEqual([]);
    expect(pi().extensionErrors()).toEqual([]);
  });

  coexistenceScenarios(target, pi);
});
