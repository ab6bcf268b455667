import { describeReadmeCode } from '@j1nn0/test-checks';

// The code in the packages' READMEs, all in one TypeScript program: each ts block type-checks against
// its built package, and each published core's quick start runs as a user would paste it.
describeReadmeCode([
  { packageDirectory: new URL('../../agent-state/', import.meta.url), quickStartAssertion: 'assert.' },
  { packageDirectory: new URL('../../agent-context-guard/', import.meta.url), quickStartAssertion: 'assert.deepEqual(' },
  { packageDirectory: new URL('../../pi-testkit/', import.meta.url) },
  { packageDirectory: new URL('../../pi-real-hosts/', import.meta.url) },
  { packageDirectory: new URL('../../test-checks/', import.meta.url) },
]);
