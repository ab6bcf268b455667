import type { FakePiHost } from '@j1nn0/pi-testkit';
import { createCommandHarness, expectCleanRun, leafId, type PersistedAdapter } from '@j1nn0/pi-testkit/checks';
import agentStateExtension, { STATE_ENTRY_TYPE } from '../src/extension.js';
import { withoutTimes } from './snapshots.js';

// One place for the fake-host setup every host-level test shares.

// Host-level tests read every answer as a notification, as an RPC client does. In the terminal UI
// (mode `tui`) a saved change is shown as a chat line instead; test/ui/ covers that split.
const harness = createCommandHarness({
  extension: agentStateExtension,
  command: 'agent-state',
  entryType: STATE_ENTRY_TYPE,
  hostDefaults: { mode: 'rpc' },
});

export const { start: startAgentStateHost, run: runAgentState, recordAll, savedPayloads } = harness;
export { expectCleanRun, leafId };

/** The status text, read through the tool so it also works without a UI; its times left out (see withoutTimes). */
export async function readState(host: FakePiHost): Promise<string> {
  const result = await host.executeTool('agent_state_get', {});
  const [first] = result.content;
  return first?.type === 'text' ? withoutTimes(first.text) : '';
}

/** The adapter as the shared session checks drive it. */
export const persistedAgentState: PersistedAdapter = { ...harness, readState, expectCleanRun };

export const FIRST_SMOKE_RUN = [
  'objective Ship the parser',
  'add parse Parse the arguments',
  'add format Format the status',
  'add docs Write the README',
  'decide pure-core Keep the core free of Pi imports',
  'set parse done',
  'set format in_progress',
];
