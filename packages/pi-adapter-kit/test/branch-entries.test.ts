import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchHistory, newestHistory } from '../src/branch-entries.js';
import { formatEntryTime } from '../src/message-words.js';
import type { PiSessionEntryPort } from '../src/port.js';

// The newest entry of a type, restored or reported unreadable without falling back, and the envelope's
// problems are proven through agent-state-pi's test/persistence.test.ts and both adapters' restore
// properties; the history's words and times through agent-state-pi's history.test.ts and format.test.ts.

const numberOf = (entry: PiSessionEntryPort): number | undefined => (typeof entry.data === 'number' ? entry.data : undefined);

const saved = (id: string, data: unknown, timestamp?: string): PiSessionEntryPort => ({
  type: 'custom',
  id,
  customType: 'counter',
  data,
  ...(timestamp === undefined ? {} : { timestamp }),
});

describe('branchHistory', () => {
  it("lists the branch's entries of one type, oldest first, each with the readable value before it", () => {
    const branch = [
      saved('a', 1, '2026-12-03T09:00:00.000Z'),
      { type: 'message', id: 'm' },
      { type: 'custom', id: 'other', customType: 'another', data: 5 },
      saved('b', 'broken'),
      saved('c', 3),
      saved('d', 4),
    ];
    expect(branchHistory(branch, 'counter', numberOf).map(({ entryId, timestamp, value, previous }) => [entryId, timestamp, value, previous])).toEqual([
      ['a', '2026-12-03T09:00:00.000Z', 1, undefined],
      ['b', undefined, undefined, 1],
      // After an unreadable entry the change is described against nothing, as the chat line does.
      ['c', undefined, 3, undefined],
      ['d', undefined, 4, 3],
    ]);
  });
});

describe('newestHistory', () => {
  it('ends with the same steps as the whole history and counts the ones it leaves out', () => {
    const entry = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant('broken'));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), fc.integer({ min: 0, max: 14 }), (values, limit) => {
        const branch = values.map((value, index) => saved(`e${index.toString()}`, value));
        const whole = branchHistory(branch, 'counter', numberOf);
        const newest = newestHistory(branch, 'counter', numberOf, limit);
        expect(newest.steps).toEqual(whole.slice(whole.length - Math.min(limit, whole.length)));
        expect(newest.earlier).toBe(whole.length - newest.steps.length);
      }),
    );
  });

  it('reads only the entries it returns and the one before them', () => {
    const branch = [1, 2, 3, 4, 5].map((value) => saved(`e${value.toString()}`, value));
    const read: string[] = [];
    newestHistory(branch, 'counter', (entry) => (read.push(entry.id), numberOf(entry)), 2);
    expect(read).toEqual(['e3', 'e4', 'e5']);
  });
});

it('says "no time" for an entry whose time is not a time', () => {
  expect(formatEntryTime('yesterday', new Date(2026, 11, 3, 18, 0))).toBe('no time');
});
