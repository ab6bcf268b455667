import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakePiHostError } from '../src/fake-host/errors.js';
import { FakeSession } from '../src/fake-host/fake-session.js';

const ENTRY_ID = /^[0-9a-f]{8}$/;

function newSession(): FakeSession {
  return new FakeSession({ cwd: '/project' });
}

/** Appends one custom entry per label and returns their ids, oldest first. */
function appendChain(session: FakeSession, labels: readonly string[]): string[] {
  return labels.map((label) => session.appendEntry('probe', { label }));
}

function ids(entries: readonly { id: string }[]): string[] {
  return entries.map((entry) => entry.id);
}

describe('FakeSession entries', () => {
  it('appends custom entries as children of the leaf with unique 8-hex ids and ISO timestamps', () => {
    const session = newSession();
    const [first, second, third] = appendChain(session, ['a', 'b', 'c']);

    const entries = session.getEntries();
    expect(entries.map((entry) => entry.parentId)).toEqual([null, first, second]);
    expect(new Set(ids(entries)).size).toBe(3);
    for (const entry of entries) {
      expect(entry.id).toMatch(ENTRY_ID);
      expect(new Date(entry.timestamp).toISOString()).toBe(entry.timestamp);
    }
    expect(session.getLeafId()).toBe(third);
    expect(session.getEntry(second ?? '')).toMatchObject({ type: 'custom', customType: 'probe', data: { label: 'b' } });
  });

  it('stores the JSON round trip of appended data, detached from the caller object', () => {
    const session = newSession();
    const data = { when: new Date('2024-01-02T03:04:05.000Z'), missing: undefined, nested: { list: [1, 2] } };

    session.appendEntry('probe', data);
    data.nested.list.push(3);

    const [entry] = session.customEntries('probe');
    expect(entry?.data).toEqual({ when: '2024-01-02T03:04:05.000Z', nested: { list: [1, 2] } });
    expect(entry?.data).not.toHaveProperty('missing');
  });

  it('stores exactly what JSON keeps for any JSON-like value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const session = newSession();
        session.appendEntry('probe', value);
        expect(session.customEntries('probe')[0]?.data).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('omits data when none is given, as the session file does', () => {
    const session = newSession();
    session.appendEntry('probe');
    expect(session.customEntries('probe')[0]).not.toHaveProperty('data');
  });

  it('adds a timestamp to appended messages that lack one', () => {
    const session = newSession();
    const id = session.appendMessage({ role: 'user', content: 'hello' });
    expect(session.getEntry(id)).toMatchObject({ type: 'message', message: { role: 'user', content: 'hello' } });
    const entry = session.getEntry(id);
    expect(entry?.type === 'message' ? typeof entry.message.timestamp : undefined).toBe('number');
  });
});

describe('FakeSession branches', () => {
  it('returns only the current branch from getBranch and every entry from getEntries', () => {
    const session = newSession();
    const [a, b, c] = appendChain(session, ['a', 'b', 'c']);
    session.moveLeaf(a ?? null);
    const d = session.appendEntry('probe', { label: 'd' });

    expect(ids(session.getBranch())).toEqual([a, d]);
    expect(ids(session.getEntries())).toEqual([a, b, c, d]);
    expect(ids(session.getBranch(c))).toEqual([a, b, c]);
  });

  it('starts a new root after moveLeaf(null)', () => {
    const session = newSession();
    appendChain(session, ['a']);
    session.moveLeaf(null);
    const root = session.appendEntry('probe', { label: 'b' });
    expect(session.getEntry(root)?.parentId).toBeNull();
    expect(ids(session.getBranch())).toEqual([root]);
  });

  it('refuses to move the leaf to an unknown entry', () => {
    expect(() => {
      newSession().moveLeaf('00000000');
    }).toThrow(expect.objectContaining({ code: 'unknown-entry' }) as Error);
  });

  it('builds the model context from the latest compaction on', () => {
    const session = newSession();
    const [, kept] = appendChain(session, ['old', 'kept']);
    const compaction = session.appendRaw({ type: 'compaction', summary: 's', firstKeptEntryId: kept, tokensBefore: 1 });
    const after = session.appendEntry('probe', { label: 'after' });
    expect(ids(session.buildContextEntries())).toEqual([compaction.id, kept, after]);
  });

  it('re-reads entries from JSON on reopen and puts the leaf on the last entry of the file', () => {
    const session = newSession();
    const [a, , c] = appendChain(session, ['a', 'b', 'c']);
    session.appendRaw({
      type: 'custom',
      customType: 'raw',
      data: { at: new Date(0), gone: undefined },
      parentId: a ?? null,
    });
    session.moveLeaf(c ?? null);

    session.reopenFromFile();

    expect(session.getLeafEntry()).toMatchObject({ customType: 'raw', data: { at: '1970-01-01T00:00:00.000Z' } });
    expect(session.customEntries('raw')[0]?.data).not.toHaveProperty('gone');
  });

  it('creates a branched session with the same ids and parent links from root to the entry', () => {
    const session = newSession();
    const [a, b, c] = appendChain(session, ['a', 'b', 'c']);
    const branched = session.createBranchedSession(b ?? '');

    expect(branched.getSessionId()).not.toBe(session.getSessionId());
    expect(ids(branched.getEntries())).toEqual([a, b]);
    expect(branched.getEntries().map((entry) => entry.parentId)).toEqual([null, a]);
    expect(branched.getLeafId()).toBe(b);
    expect(ids(session.getEntries())).toEqual([a, b, c]);
  });
});

describe('FakeSession raw entries', () => {
  it('stores a raw entry as given and assigns only the links it lacks', () => {
    const session = newSession();
    const [a] = appendChain(session, ['a']);
    const raw = session.appendRaw({ type: 'custom', customType: 'probe', data: { items: 'not a list' } });

    expect(raw).toMatchObject({ parentId: a, data: { items: 'not a list' } });
    expect(raw.id).toMatch(ENTRY_ID);
    expect(session.getLeafId()).toBe(raw.id);
  });

  it('keeps a dangling parent link, so the branch ends at the orphan', () => {
    const session = newSession();
    appendChain(session, ['a']);
    const orphan = session.appendRaw({ type: 'custom', customType: 'probe', parentId: 'ffffffff' });
    expect(ids(session.getBranch())).toEqual([orphan.id]);
    expect(session.getTree().map((node) => node.entry.id)).toContain(orphan.id);
  });

  it('throws on a parent cycle instead of walking forever', () => {
    const session = newSession();
    session.appendRaw({ type: 'custom', customType: 'probe', id: 'aaaaaaaa', parentId: 'bbbbbbbb' });
    session.appendRaw({ type: 'custom', customType: 'probe', id: 'bbbbbbbb', parentId: 'aaaaaaaa' });
    expect(() => session.getBranch()).toThrow(FakePiHostError);
  });
});
