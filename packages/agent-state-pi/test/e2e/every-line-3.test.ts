import { describeEveryLine } from './support/every-line.js';

describeEveryLine(3);
