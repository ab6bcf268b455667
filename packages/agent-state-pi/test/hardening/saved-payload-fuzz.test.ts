import {
  SAVED_PAYLOAD_DELIVERIES,
  expectSavedPayloadRestoredOrRefused,
  type SavedPayloadRestore,
} from '@j1nn0/pi-testkit/checks';
import { expectEqual, expectSame } from '@j1nn0/test-checks';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { startAgentStateHost } from '../agent-state-host.js';
import { SAVED_STATE_TYPE } from './model-world.js';
import { expectedDetails, expectedPayload, statusThroughCommand } from './observed-state.js';
import { anyPayload } from './payload-arbitraries.js';
import { EMPTY_REFERENCE_STATE, isEmptyReferenceState, type ReferenceState } from '@j1nn0/pi-testkit/reference-models';
import { formatUnreadableEntry } from '../../src/format.js';
import type { UnreadableProblem } from '../../src/persistence.js';
import { readReferencePayload } from './reference-payload.js';
import { expectedStatusView, parseStatusText } from './status-view.js';

// Whatever the newest saved entry holds, restoring it never throws into Pi: a valid payload is restored as
// saved and silently; anything else gives one warning naming the reason, an empty state and no new entry.
// An older valid entry sits below it on the branch: the adapter must not fall back to it.

const RUNS = 600;

const OLDER_STATE: ReferenceState = { objective: 'Older', workItems: [], decisions: [{ id: 'old', content: 'Old' }] };

const AGENT_STATE_RESTORE: SavedPayloadRestore<ReferenceState, UnreadableProblem> = {
  startHost: startAgentStateHost,
  savedStateType: SAVED_STATE_TYPE,
  olderPayload: expectedPayload(OLDER_STATE),
  readPayload: readReferencePayload,
  unreadableWarning: formatUnreadableEntry,
  expectShown: async (host, reading) => {
    const state = reading.kind === 'valid' ? reading.state : EMPTY_REFERENCE_STATE;
    expectEqual(parseStatusText(await statusThroughCommand(host)), expectedStatusView(state));
    expectEqual((await host.executeTool('agent_state_get', {})).details, expectedDetails(state));
    expectSame(host.statuses.has('agent-state'), !isEmptyReferenceState(state));
  },
};

describe('restoring an arbitrary saved payload', () => {
  it(
    'restores a valid payload as saved, and otherwise warns once, starts empty and appends nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(anyPayload, fc.constantFrom(...SAVED_PAYLOAD_DELIVERIES), (data, delivery) =>
          expectSavedPayloadRestoredOrRefused(AGENT_STATE_RESTORE, data, delivery),
        ),
        { numRuns: RUNS },
      );
    },
    5 * 60_000,
  );
});
