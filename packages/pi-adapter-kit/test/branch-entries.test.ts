import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchHistory, customEntriesOnBranch, findNewestCustomEntry, newestHistory, readEnvelope, restoreNewestEntry, type PayloadRead } from '../src/branch-entries.js';
import type { PiSessionEntryPort } from '../src/port.js';
import { formatEntryTime } from '../src/message-words.js';

const custom = (id: string, customType: string, data?: unknown): PiSessionEntryPort => ({
  type: 'custom',
  id,
  customType,
  ...(data === undefined ? {} : { data }),
});

const branch: PiSessionEntryPort[] = [
  custom('a', 'mine', { n: 1 }),
  { type: 'message', id: 'b' },
  custom('c', 'other', { n: 9 }),
  custom('d', 'mine', { n: 2 }),
  { type: 'custom_message', id: 'e', customType: 'mine' },
];

const readNumber = (data: unknown): PayloadRead<number, 'bad'> => {
  const n = (data as { n?: unknown } | undefined)?.n;
  return typeof n === 'number' ? { ok: true, value: n } : { ok: false, problem: 'bad' };
};

describe('the newest entry of a type on the branch', () => {
  it('finds the newest custom entry of the type, ignoring other types and other entry kinds', () => {
    expect(findNewestCustomEntry(branch, 'mine')?.id).toBe('d');
    expect(findNewestCustomEntry(branch, 'none')).toBeUndefined();
  });

  it('lists every entry of the type, oldest first', () => {
    expect(customEntriesOnBranch(branch, 'mine').map((entry) => entry.id)).toEqual(['a', 'd']);
  });

  it('restores the newest entry through the payload reader', () => {
    expect(restoreNewestEntry(branch, 'mine', readNumber)).toEqual({ kind: 'restored', entryId: 'd', value: 2 });
  });

  it('reports an unreadable newest entry and never falls back to an older one', () => {
    const broken = [...branch, custom('f', 'mine', { n: 'x' })];
    expect(restoreNewestEntry(broken, 'mine', readNumber)).toEqual({ kind: 'unreadable', entryId: 'f', problem: 'bad' });
  });

  it('is empty when the branch has no entry of the type', () => {
    expect(restoreNewestEntry([], 'mine', readNumber)).toEqual({ kind: 'empty' });
  });
});

describe('readEnvelope', () => {
  it('accepts a plain object with a known schemaVersion', () => {
    expect(readEnvelope({ schemaVersion: 2, x: 1 }, [1, 2])).toEqual({
      ok: true,
      version: 2,
      fields: { schemaVersion: 2, x: 1 },
    });
  });

  it.each([
    [undefined, 'missing_payload'],
    [null, 'missing_payload'],
    ['text', 'malformed_payload'],
    [[1], 'malformed_payload'],
    [{ schemaVersion: '1' }, 'malformed_payload'],
    [{}, 'malformed_payload'],
    [{ schemaVersion: 3 }, 'unsupported_version'],
  ])('rejects %j as %s', (data, problem) => {
    expect(readEnvelope(data, [1, 2])).toEqual({ ok: false, problem });
  });
});

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

describe('formatEntryTime', () => {
  const now = new Date(2026, 11, 3, 18, 0);
  it('gives the clock time for today and the date with it for another day, in the local zone', () => {
    expect(formatEntryTime(new Date(2026, 11, 3, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatEntryTime(new Date(2026, 11, 2, 23, 59).toISOString(), now)).toBe('2026-12-02 23:59');
    expect(formatEntryTime(new Date(2025, 0, 9, 7, 0).toISOString(), now)).toBe('2025-01-09 07:00');
  });

  it('says so when the entry has no time or one that is not a time', () => {
    expect(formatEntryTime(undefined, now)).toBe('no time');
    expect(formatEntryTime('yesterday', now)).toBe('no time');
  });
});
