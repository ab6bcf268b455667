import {
  SAVED_PAYLOAD_DELIVERIES,
  expectSavedPayloadRestoredOrRefused,
  type SavedPayloadRestore,
} from '@j1nn0/pi-testkit/checks';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { startGuardHost } from '../context-guard-host.js';
import { SAVED_STATE_TYPE } from './model-world.js';
import { expectShownState } from './observed-state.js';
import { anyPayload } from './payload-arbitraries.js';
import { EMPTY_REFERENCE_STATE, type ReferenceState } from './reference-context-guard.js';
import { formatUnreadableEntry } from '../../src/format.js';
import type { UnreadableProblem } from '../../src/persistence.js';
import { expectedPayload, readReferencePayload } from './reference-payload.js';

// Whatever the newest saved entry holds, restoring it never throws into Pi: a valid payload is restored as
// saved and silently; anything else gives one warning naming the reason, an empty state shown as discarded,
// and no new entry. An older valid entry sits below it on the branch: the adapter must not fall back to it.

const RUNS = 600;

const OLDER_STATE: ReferenceState = {
  recovery: 'critical',
  items: [{ id: 'old', kind: 'goal', content: 'Older goal', critical: true }],
};

const CONTEXT_GUARD_RESTORE: SavedPayloadRestore<ReferenceState, UnreadableProblem> = {
  startHost: startGuardHost,
  savedStateType: SAVED_STATE_TYPE,
  olderPayload: expectedPayload(OLDER_STATE),
  readPayload: readReferencePayload,
  unreadableWarning: formatUnreadableEntry,
  expectShown: (host, reading) =>
    expectShownState(host, reading.kind === 'valid' ? reading.state : EMPTY_REFERENCE_STATE, {
      discarded: reading.kind === 'unreadable',
      verificationPending: false,
      lastCheck: 'none yet',
    }),
};

describe('restoring an arbitrary saved payload', () => {
  it(
    'restores a valid payload as saved, and otherwise warns once, starts empty, shows it as discarded and appends nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(anyPayload, fc.constantFrom(...SAVED_PAYLOAD_DELIVERIES), (data, delivery) =>
          expectSavedPayloadRestoredOrRefused(CONTEXT_GUARD_RESTORE, data, delivery),
        ),
        { numRuns: RUNS },
      );
    },
    5 * 60_000,
  );
});
