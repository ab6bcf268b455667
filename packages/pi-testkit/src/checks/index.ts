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
export { addSessionSwitchTests, type SwitchScenario } from './session-switch.js';
export { MEGABYTE_STRINGS, hostileStringArbitrary } from './hostile-text.js';
export {
  SHORT_MESSAGE_LENGTH,
  displayProblems,
  isDisplayUnsafeCodePoint,
  referenceDisplay,
  type DisplayOptions,
} from './display-safety.js';
export {
  ReferenceSession,
  type ReferenceEntry,
  type ReferenceEntryKind,
  type SavedAtLeaf,
} from './reference-session.js';
export {
  ObservedStep,
  currentReferenceSession,
  enterReferenceSession,
  sessionSteps,
  shortDescription,
  type SessionLoad,
  type SessionModel,
  type SessionSystem,
  type SessionWorld,
} from './session-steps.js';
export {
  SAVED_PAYLOAD_DELIVERIES,
  expectSavedPayloadRestoredOrRefused,
  type SavedPayloadDelivery,
  type SavedPayloadReading,
  type SavedPayloadRestore,
} from './saved-payload-restore.js';
export {
  ENVELOPE_BREAKAGES,
  anySavedPayload,
  withoutKey,
  type NamedBreakage,
  type PayloadBreakage,
  type PayloadFields,
} from './saved-payloads.js';
export { expectHostMatchesReferenceSession, mirrorHostEntry, type SavedStateEntries } from './observed-session.js';
export { isPayloadRecord, readPayloadEnvelope, type EnvelopeProblemCode } from './reference-envelope.js';
export { commandLine } from './command-line.js';
export { outputSchemaProblems } from './output-schema.js';
export { expectPlainToolDeclarations } from './tool-declarations.js';
export { drawnEntryLines, drawnWidget, startTuiHost } from './tui-host.js';
