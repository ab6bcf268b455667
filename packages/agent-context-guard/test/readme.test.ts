import { describeReadmeQuickStart } from '@j1nn0/test-checks';

describeReadmeQuickStart({ packageDirectory: new URL('..', import.meta.url), assertion: 'assert.deepEqual(' });
