// Plain shared checks: what two cores, the kit or two adapters must all do is written once here and
// run by each package against its own constants. Nothing here needs a Pi.
export { codedErrorExpectations, type ExpectedCodedError } from './coded-error.js';
export { FOREIGN_FAILURE, THROWING_TRAPS, failWithForeignError, revokedProxy } from './hostile-values.js';
export { describeReadmeCode, type ReadmeCode } from './readme-code.js';
export { describeTerminalEscaping } from './terminal-escaping.js';
export { describeInputLimits } from './input-limits.js';
export { MEGABYTE_STRINGS, hostileStringArbitrary } from './hostile-text.js';
export { SHORT_MESSAGE_LENGTH, displayProblems } from './display-safety.js';
export { expectEqual, expectSame } from './hot-loop-expect.js';
