import { describeReadmeQuickStart } from '@j1nn0/pi-testkit/checks';

describeReadmeQuickStart({ packageDirectory: new URL('..', import.meta.url), assertion: 'assert.deepEqual(' });
