// Shared checks for the sister packages' tests: what two cores or two adapters must both do is
// written once here and run by each package against its own constants.
export {
  codedErrorExpectations,
  type CodedError,
  type CodedErrorClass,
  type CodedErrorExpectations,
  type ExpectedCodedError,
} from './coded-error.js';
export { FOREIGN_FAILURE, THROWING_TRAPS, failWithForeignError, revokedProxy } from './hostile-values.js';
export { describeReadmeQuickStart, type ReadmeQuickStart } from './readme-quick-start.js';
export { describeTerminalEscaping, type TerminalEscaping } from './terminal-escaping.js';
export { describeInputLimits, type InputLimits } from './input-limits.js';
export {
  createCommandHarness,
  expectCleanRun,
  leafId,
  type CommandAdapter,
  type CommandHarness,
} from './adapter-harness.js';
export { addAdapterBoundaryTests, type AdapterBoundaries } from './adapter-boundaries.js';
export {
  addSessionPersistenceTests,
  addUnreadableEntryTests,
  type PersistedAdapter,
  type PersistenceScenario,
  type RecordedLine,
  type UnreadableEntry,
  type UnreadableEntryScenario,
} from './session-persistence.js';
