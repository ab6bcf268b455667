import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeSession } from '../src/fake-host/fake-session.js';

// What only the fake session offers: the JSON round trip at append time and raw (corrupt) entries. Ids,
// parent links, branches, a fork's copy and a reopened file are held to real Pi by the host contract.

describe('the fake session', () => {
  it('stores exactly what JSON keeps of any appended data, detached from the caller, and no data when none is given', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const session = new FakeSession();
        session.appendEntry('probe', value);
        expect(session.customEntries('probe')[0]?.data).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    const session = new FakeSession();
    const data = { when: new Date('2024-01-02T03:04:05.000Z'), missing: undefined, list: [1] };
    session.appendEntry('probe', data);
    data.list.push(2);
    session.appendEntry('probe');
    expect(session.customEntries('probe').map((entry) => entry.data)).toEqual([{ when: '2024-01-02T03:04:05.000Z', list: [1] }, undefined]);
    expect(session.customEntries('probe')[1]).not.toHaveProperty('data');
  });

  it('stores a raw entry as given, assigning only the links it lacks', () => {
    const session = new FakeSession();
    const first = session.appendEntry('probe', {});
    const raw = session.appendRaw({ type: 'custom', customType: 'probe', data: { items: 'not a list' } });
    expect(raw).toMatchObject({ parentId: first, data: { items: 'not a list' } });
    expect(raw.id).toMatch(/^[0-9a-f]{8}$/u);
    expect(session.getLeafId()).toBe(raw.id);
    const bare = session.appendRaw({ type: 'custom', customType: 'probe', id: 'given', timestamp: undefined });
    expect(bare).toEqual({ type: 'custom', customType: 'probe', id: 'given', parentId: raw.id, timestamp: undefined });
  });

  it('ends the branch at an entry whose parent is missing, and throws on a parent cycle instead of walking forever', () => {
    const session = new FakeSession();
    session.appendEntry('probe', {});
    const orphan = session.appendRaw({ type: 'custom', customType: 'probe', parentId: 'ffffffff' });
    expect(session.getBranch().map((entry) => entry.id)).toEqual([orphan.id]);
    session.appendRaw({ type: 'custom', customType: 'probe', id: 'aaaaaaaa', parentId: 'bbbbbbbb' });
    session.appendRaw({ type: 'custom', customType: 'probe', id: 'bbbbbbbb', parentId: 'aaaaaaaa' });
    expect(() => session.getBranch()).toThrow(expect.objectContaining({ code: 'corrupt-session' }) as Error);
    expect(() => {
      session.moveLeaf('00000000');
    }).toThrow(expect.objectContaining({ code: 'unknown-entry' }) as Error);
  });
});
