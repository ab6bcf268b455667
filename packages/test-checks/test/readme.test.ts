import { describeReadmeExamples } from '../src/index.js';

describeReadmeExamples({ packageDirectory: new URL('..', import.meta.url) });
