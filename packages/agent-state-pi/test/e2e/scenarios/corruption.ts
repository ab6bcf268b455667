import { readFile } from 'node:fs/promises';
import type { PiDriver, PiTarget } from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import { formatUnreadableEntry } from '../../../src/format.js';
import type { UnreadableProblem } from '../../../src/persistence.js';
import { EMPTY_STATUS } from '../../snapshots.js';
import {
  completeModelTurn,
  editNewestStateEntry,
  notificationsAfter,
  recordAll,
  sessionFileOf,
  statusOf,
} from '../support/real-pi.js';

type Entry = Record<string, unknown>;

interface SavedPayload {
  readonly schemaVersion: number;
  readonly state: { readonly workItems: readonly { readonly id: string }[] };
}

function payloadOf(entry: Entry): SavedPayload {
  return entry['data'] as SavedPayload;
}

/** Gives the second work item the first one's id, a snapshot the core refuses. */
function duplicateWorkItemId(entry: Entry): Entry {
  const payload = payloadOf(entry);
  const [first, second, ...rest] = payload.state.workItems;
  const workItems = [first, { ...second, id: first?.id }, ...rest];
  return { ...entry, data: { ...payload, state: { ...payload.state, workItems } } };
}

// Each edit turns the newest of three valid saved states into one the adapter must not trust. How Pi
// reaches the file is the second column: the first case resumes it in a new Pi process, the others by
// RPC `switch_session` from a new session. Both paths restore through the same session_start, and a Pi
// start costs about 2 s of CPU where a switch costs a few ms, so the start-up path is proven once per
// line and the other problems over the switch.
type Reopen = 'restart' | 'switch';
const CORRUPTIONS: readonly (readonly [string, Reopen, UnreadableProblem, (entry: Entry) => Entry])[] = [
  ['data is null', 'restart', 'missing_payload', (entry) => ({ ...entry, data: null })],
  ['the payload has no state', 'switch', 'malformed_payload', (entry) => ({ ...entry, data: { schemaVersion: 1 } })],
  ['the payload is version 2', 'switch', 'unsupported_version', (entry) => ({ ...entry, data: { ...payloadOf(entry), schemaVersion: 2 } })],
  ['the snapshot repeats a work item id', 'switch', 'rejected_snapshot', duplicateWorkItemId],
];

/** Registers the scenarios on `pi`, one Pi of the line shared with the other scenarios of the file. */
export function corruptionScenarios(_target: PiTarget, pi: () => PiDriver): void {
  describe('agent-state-pi with a corrupted session file in the real Pi', () => {
    it.each(CORRUPTIONS)('starts empty with one warning when %s (Pi reopens it by %s), and leaves the file as it is', async (_case, reopen, problem, corrupt) => {
      await recordAll(pi(), ['objective Older states stay valid', 'add a A', 'add b B']);
      await completeModelTurn(pi());
      const file = sessionFileOf(pi());
      if (reopen === 'switch') {
        await pi().newSession();
      }
      const corrupted = await editNewestStateEntry(file, corrupt);
      const mark = pi().notifications().length;

      await (reopen === 'restart' ? pi().restart() : pi().switchSession(file));

      expect(notificationsAfter(pi(), mark)).toEqual([
        { message: formatUnreadableEntry(problem), notifyType: 'warning' },
      ]);
      // Empty, not the older valid state: the adapter never falls back past the newest entry.
      expect(await statusOf(pi())).toBe(EMPTY_STATUS);
      expect(await readFile(file, 'utf8')).toBe(corrupted);
    });
  });
}
