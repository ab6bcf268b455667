import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { FakePiHost } from '../fake-host/fake-host.js';

// Whatever the newest saved entry holds, restoring it never throws into Pi: a valid payload is restored as
// saved and silently; anything else gives one warning naming the reason and no new entry. An older valid
// entry sits below it on the branch, so an adapter that falls back to it is caught.

/** How the hostile entry reaches the session file, and how the adapter is then made to restore it. */
const SAVED_PAYLOAD_DELIVERIES = [
  'appendEntry, restart',
  'appendEntry, session_start twice',
  'appendRaw, restart',
  'appendRaw, session_start twice',
] as const;

type SavedPayloadDelivery = (typeof SAVED_PAYLOAD_DELIVERIES)[number];

/**
 * The adapter's own verdict on a stored payload (its pure payload reader, the one rule of what restores):
 * the state, or the problem its warning names.
 */
export type SavedPayloadReading<State, Problem extends string = string> =
  | { readonly ok: true; readonly value: State }
  | { readonly ok: false; readonly problem: Problem };

export interface SavedPayloadRestore<State, Problem extends string = string> {
  startHost(): Promise<FakePiHost>;
  /** The README's custom entry type, spelled out by the adapter's tests. */
  readonly savedStateType: string;
  /** A valid payload saved before the hostile one. */
  readonly olderPayload: unknown;
  /** The adapter's payload reader from its src: this suite checks the host path around it, not the rule. */
  readPayload(data: unknown): SavedPayloadReading<State, Problem>;
  /** The adapter's formatter: the warning naming `problem`. */
  unreadableWarning(problem: Problem): string;
  /** Checks everything the adapter shows once it restored (or refused) the payload. */
  expectShown(host: FakePiHost, reading: SavedPayloadReading<State, Problem>): Promise<void>;
}

/** One fuzz case: `data` saved as the newest state entry, delivered one way, then read back by the adapter. */
async function expectSavedPayloadRestoredOrRefused<State, Problem extends string>(
  restore: SavedPayloadRestore<State, Problem>,
  data: unknown,
  delivery: SavedPayloadDelivery,
): Promise<void> {
  const host = await restore.startHost();
  const type = restore.savedStateType;
  host.session.appendEntry(type, restore.olderPayload);
  if (delivery.startsWith('appendEntry')) {
    host.session.appendEntry(type, data);
  } else {
    host.session.appendRaw({ type: 'custom', customType: type, data });
  }
  const entryCount = host.session.getEntries().length;
  if (delivery.endsWith('restart')) {
    await host.restart();
  } else {
    await host.startSession('startup', { times: 2 });
  }

  // The data as stored (after the session file's JSON round trip) is what the adapter reads.
  const reading = restore.readPayload(host.session.customEntries(type).at(-1)?.data);
  expect(host.extensionErrors).toEqual([]);
  expect(host.takeNotifications()).toEqual(
    reading.ok ? [] : [{ message: restore.unreadableWarning(reading.problem), type: 'warning' }],
  );
  await restore.expectShown(host, reading);
  expect(host.session.getEntries()).toHaveLength(entryCount);
}

/** The property over `payloads` (valid ones and every breakage), each delivered every way, 600 runs. */
export function addSavedPayloadRestoreTest<State, Problem extends string>(restore: SavedPayloadRestore<State, Problem>, payloads: fc.Arbitrary<unknown>): void {
  it('restores whatever the newest saved entry holds as the payload reader reads it: a valid one silently, anything else with one warning, starting empty and appending nothing', async () => {
    await fc.assert(
      fc.asyncProperty(payloads, fc.constantFrom(...SAVED_PAYLOAD_DELIVERIES), (data, delivery) => expectSavedPayloadRestoredOrRefused(restore, data, delivery)),
      { numRuns: 600 },
    );
  }, 60_000);
}
