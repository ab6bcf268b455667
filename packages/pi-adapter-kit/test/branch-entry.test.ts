import { describe, expect, it } from 'vitest';
import {
  customEntriesOnBranch,
  findNewestCustomEntry,
  readEnvelope,
  restoreNewestEntry,
  type PayloadRead,
} from '../src/branch-entry.js';
import type { PiSessionEntryPort } from '../src/port.js';

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
