import { describe, expect, it } from 'vitest';
import { STATE_ENTRY_TYPE, restoreFromBranch, savedBy, toStatePayload } from '../src/persistence.js';
import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { EXAMPLE_STATE, snapshotOf } from './snapshots.js';

function stateEntry(id: string, data: unknown): PiSessionEntryPort {
  return { type: 'custom', id, customType: STATE_ENTRY_TYPE, data };
}

const older = snapshotOf({ objective: 'Older' });
const newer = snapshotOf(EXAMPLE_STATE);
const message: PiSessionEntryPort = { type: 'message', id: 'm1' };
const otherCustom: PiSessionEntryPort = { type: 'custom', id: 'c1', customType: 'agent-context-guard', data: {} };

describe('restoreFromBranch', () => {
  it('starts empty when the branch has no state entry', () => {
    expect(restoreFromBranch([])).toEqual({ kind: 'empty' });
    expect(restoreFromBranch([message, otherCustom])).toEqual({ kind: 'empty' });
  });

  it('restores the newest state entry of the branch', () => {
    const branch = [stateEntry('s1', toStatePayload(older, 'person')), message, stateEntry('s2', toStatePayload(newer, 'model')), message];
    expect(restoreFromBranch(branch)).toEqual({ kind: 'restored', entryId: 's2', value: newer });
  });

  it('ignores a custom message that happens to carry the same custom type', () => {
    const customMessage = { type: 'custom_message', id: 'cm', customType: STATE_ENTRY_TYPE, data: null };
    expect(restoreFromBranch([stateEntry('s1', toStatePayload(older, 'person')), customMessage])).toEqual({
      kind: 'restored',
      entryId: 's1',
      value: older,
    });
  });

  it.each([
    ['a missing payload', undefined, 'missing_payload'],
    ['a null payload', null, 'missing_payload'],
    ['a payload that is not an object', 'state', 'malformed_payload'],
    ['an array payload', [], 'malformed_payload'],
    ['payload schema version 2', { schemaVersion: 2, state: older }, 'unsupported_version'],
    ['no payload schema version', { state: older }, 'malformed_payload'],
    ['no state', { schemaVersion: 1 }, 'malformed_payload'],
    ['a malformed snapshot', { schemaVersion: 1, state: { schemaVersion: 1, workItems: 'x' } }, 'rejected_snapshot'],
    [
      'duplicate work item ids',
      {
        schemaVersion: 1,
        state: {
          schemaVersion: 1,
          workItems: [
            { id: 'a', content: 'A', status: 'open' },
            { id: 'a', content: 'B', status: 'done' },
          ],
          decisions: [],
        },
      },
      'rejected_snapshot',
    ],
  ])('reports %s in the newest entry without falling back to an older one', (_name, data, problem) => {
    const branch = [stateEntry('good', toStatePayload(older, 'person')), stateEntry('bad', data)];
    expect(restoreFromBranch(branch)).toEqual({ kind: 'unreadable', entryId: 'bad', problem });
  });

  it('reads no entry older than the newest state entry', () => {
    const tail = [stateEntry('s2', toStatePayload(newer, 'model')), message];
    const readIndexes: number[] = [];
    // Every index before the tail is a trap: reading it fails the test.
    const branch = new Proxy(tail, {
      get(target, property, receiver) {
        if (property === 'length') {
          return 10_000 + target.length;
        }
        if (typeof property === 'string' && /^\d+$/u.test(property)) {
          const index = Number(property);
          readIndexes.push(index);
          return target[index - 10_000];
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    expect(restoreFromBranch(branch)).toEqual({ kind: 'restored', entryId: 's2', value: newer });
    expect(readIndexes).toEqual([10_001, 10_000]);
  });
});

describe('toStatePayload', () => {
  it('wraps the core snapshot with the adapter schema version and who asked', () => {
    expect(toStatePayload(newer, 'model')).toEqual({ schemaVersion: 1, by: 'model', state: newer });
    expect(toStatePayload(newer, 'person')).toEqual({ schemaVersion: 1, by: 'person', state: newer });
  });
});

describe('savedBy', () => {
  it('reads who asked from a payload, and nothing from a payload that does not say or says something else', () => {
    expect(savedBy(toStatePayload(newer, 'model'))).toBe('model');
    expect(savedBy(toStatePayload(newer, 'person'))).toBe('person');
    for (const data of [{ schemaVersion: 1, state: newer }, { schemaVersion: 1, by: 'someone', state: newer }, null, 'person', 7]) {
      expect(savedBy(data)).toBeUndefined();
    }
  });

  it('does not decide whether a state restores: a payload without who asked restores as before', () => {
    expect(restoreFromBranch([stateEntry('s1', { schemaVersion: 1, state: newer })])).toEqual({ kind: 'restored', entryId: 's1', value: newer });
  });
});
