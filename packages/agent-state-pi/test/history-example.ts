import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { formatHistory } from '../src/format.js';
import { stateHistory } from '../src/history.js';
import { STATE_ENTRY_TYPE, toStatePayload } from '../src/persistence.js';
import { snapshotOf } from './snapshots.js';

// Saved entries at chosen times, for the history's unit tests and the README's example.

/** A time on the day of `NOW` in the machine's zone, as Pi stamps it (ISO 8601, UTC). */
export function at(hours: number, minutes: number, day = 3): string {
  return new Date(2026, 11, day, hours, minutes).toISOString();
}
export const NOW = new Date(2026, 11, 3, 18, 0);

export function entry(id: string, timestamp: string | undefined, data: unknown): PiSessionEntryPort {
  return { type: 'custom', id, customType: STATE_ENTRY_TYPE, data, ...(timestamp === undefined ? {} : { timestamp }) };
}

/** The README's example: an item's story over two days, read on the second. */
export const README_HISTORY = (() => {
  const api = (status: 'open' | 'in_progress' | 'blocked') => snapshotOf({ objective: 'Ship it', workItems: [{ id: 'api', content: 'The API', status }] });
  const branch = [
    entry('h0', at(17, 30, 2), toStatePayload(snapshotOf({ objective: 'Ship it' }), 'person')),
    entry('h1', at(17, 40, 2), toStatePayload(api('open'), 'person')),
    entry('h2', at(18, 5, 2), toStatePayload(api('in_progress'), 'model')),
    entry('h3', at(9, 12), toStatePayload(api('blocked'), 'model')),
    entry('h4', at(11, 42), toStatePayload(api('in_progress'), 'person')),
  ];
  return formatHistory(stateHistory(branch, 'api'), 'api', NOW);
})();

