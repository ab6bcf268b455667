import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startAgentStateHost } from '../agent-state-host.js';
import { SAVED_STATE_TYPE } from './model-world.js';
import { expectedDetails, expectedPayload, statusThroughCommand } from './observed-state.js';
import { anyPayload } from './payload-arbitraries.js';
import { EMPTY_REFERENCE_STATE, isEmptyReferenceState, type ReferenceState } from './reference-agent-state.js';
import { readReferencePayload, referenceUnreadableWarning } from './reference-payload.js';
import { expectedStatusView, parseStatusText } from './status-view.js';

// Whatever the newest saved entry holds, restoring it never throws into Pi: a valid payload is restored as
// saved and silently; anything else gives one warning naming the reason, an empty state and no new entry.
// An older valid entry sits below it on the branch: the adapter must not fall back to it.

const RUNS = 600;

const OLDER_STATE: ReferenceState = { objective: 'Older', workItems: [], decisions: [{ id: 'old', content: 'Old' }] };

const DELIVERIES = [
  'appendEntry, restart',
  'appendEntry, session_start twice',
  'appendRaw, restart',
  'appendRaw, session_start twice',
] as const;

async function expectRestoredOrRefused(data: unknown, delivery: (typeof DELIVERIES)[number]): Promise<void> {
  const host = await startAgentStateHost();
  host.session.appendEntry(SAVED_STATE_TYPE, expectedPayload(OLDER_STATE));
  if (delivery.startsWith('appendEntry')) {
    host.session.appendEntry(SAVED_STATE_TYPE, data);
  } else {
    host.session.appendRaw({ type: 'custom', customType: SAVED_STATE_TYPE, data });
  }
  const entryCount = host.session.getEntries().length;
  if (delivery.endsWith('restart')) {
    await host.restart();
  } else {
    await host.startSession('startup', { times: 2 });
  }

  // The data as stored (after the session file's JSON round trip) is what the adapter reads.
  const reading = readReferencePayload(host.session.customEntries(SAVED_STATE_TYPE).at(-1)?.data);
  expect(host.extensionErrors).toEqual([]);
  expect(host.takeNotifications()).toEqual(
    reading.kind === 'valid' ? [] : [{ message: referenceUnreadableWarning(reading.reason), type: 'warning' }],
  );
  const state = reading.kind === 'valid' ? reading.state : EMPTY_REFERENCE_STATE;
  expect(parseStatusText(await statusThroughCommand(host))).toEqual(expectedStatusView(state));
  expect((await host.executeTool('agent_state_get', {})).details).toEqual(expectedDetails(state));
  expect(host.statuses.has('agent-state')).toBe(!isEmptyReferenceState(state));
  expect(host.session.getEntries()).toHaveLength(entryCount);
}

describe('restoring an arbitrary saved payload', () => {
  it(
    'restores a valid payload as saved, and otherwise warns once, starts empty and appends nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(anyPayload, fc.constantFrom(...DELIVERIES), expectRestoredOrRefused),
        { numRuns: RUNS },
      );
    },
    5 * 60_000,
  );
});
