// Shared adapter checks over the fake host: what both adapters must do is written once here and
// run by each adapter against its own constants. Plain checks that need no host are in
// @j1nn0/test-checks; checks that drive a real Pi are in @j1nn0/pi-real-hosts.
export { createCommandHarness, expectCleanRun, leafId } from './adapter-harness.js';
export { addAdapterBoundaryTests } from './adapter-boundaries.js';
export { addSessionPersistenceTests, addUnreadableEntryTests, type PersistedAdapter } from './session-persistence.js';
export { addSessionSwitchTests } from './session-switch.js';
export { ReferenceSession, type ReferenceEntryKind } from './reference-session.js';
export {
  ObservedStep,
  currentReferenceSession,
  sessionSteps,
  shortDescription,
  type SessionModel,
  type SessionWorld,
} from './session-steps.js';
export {
  SAVED_PAYLOAD_DELIVERIES,
  expectSavedPayloadRestoredOrRefused,
  type SavedPayloadReading,
  type SavedPayloadRestore,
} from './saved-payload-restore.js';
export { anySavedPayload, withoutKey, type NamedBreakage, type PayloadBreakage, type PayloadFields } from './saved-payloads.js';
export { expectHostMatchesReferenceSession, mirrorHostEntry, type SavedStateEntries } from './observed-session.js';
export { isPayloadRecord, readPayloadEnvelope, type EnvelopeProblemCode } from './reference-envelope.js';
export { outputSchemaProblems } from './output-schema.js';
export { drawnEntryLines, drawnWidget, startTuiHost } from './tui-host.js';
