// Suites both adapters run against the fake host: what they must both do is written once here and
// added by each adapter with its own commands and states. Assertion helpers that need no host are in
// @j1nn0/test-checks; real hosts are in @j1nn0/pi-real-hosts.
export { createCommandHarness, expectCleanRun, leafId } from './adapter-harness.js';
export { addAdapterBoundaryTests } from './adapter-boundaries.js';
export { addSessionPersistenceTests, addUnreadableEntryTests, type PersistedAdapter } from './session-persistence.js';
export { addInputFuzzTests, type FuzzedAdapter } from './input-fuzz.js';
export { addSessionSwitchTests } from './session-switch.js';
export { addSavedPayloadRestoreTest, type SavedPayloadReading, type SavedPayloadRestore } from './saved-payload-restore.js';
export { anySavedPayload, asSavedEntry, withoutKey, type NamedBreakage, type PayloadBreakage, type PayloadFields } from './saved-payloads.js';
export { messagesSection, rejectionRows, type MessageRow } from './messages-page.js';
export { outputSchemaProblems } from './output-schema.js';
export { drawnEntryLines, drawnWidget, startTuiHost } from './tui-host.js';
