import { describeReadmeExamples } from '@j1nn0/test-checks';

describeReadmeExamples({ packageDirectory: new URL('..', import.meta.url) });
