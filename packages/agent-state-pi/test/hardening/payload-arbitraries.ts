import fc from 'fast-check';
import { REFERENCE_STATUSES } from './reference-agent-state.js';

// Saved payloads for the restore fuzzing: arbitrary JSON, valid payloads, and valid payloads with exactly
// one thing broken, so that every check of the restore path is reached, not only the first one.

type Json = Record<string, unknown>;

const snapshotText = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  )
  .filter((text) => text.trim() !== '');
const snapshotId = fc.oneof(fc.constantFrom('a', 'b', 'c', 'x y', '__proto__', 'constructor'), snapshotText);

const workItem = fc.record({ id: snapshotId, content: snapshotText, status: fc.constantFrom(...REFERENCE_STATUSES) });
const decision = fc.record({ id: snapshotId, content: snapshotText });

export const validSnapshot: fc.Arbitrary<Json> = fc
  .record(
    {
      schemaVersion: fc.constant(1),
      objective: snapshotText,
      workItems: fc.uniqueArray(workItem, { selector: (item) => item.id, maxLength: 6 }),
      decisions: fc.uniqueArray(decision, { selector: (entry) => entry.id, maxLength: 4 }),
    },
    { requiredKeys: ['schemaVersion', 'workItems', 'decisions'] },
  );

export const validPayload: fc.Arbitrary<Json> = validSnapshot.map((state) => ({ schemaVersion: 1, state }));

type Breakage = (payload: Json) => unknown;

function withState(payload: Json, change: (state: Json) => unknown): Json {
  return { ...payload, state: change({ ...(payload['state'] as Json) }) };
}

function withFirst(list: 'workItems' | 'decisions', change: (entry: Json) => Json): Breakage {
  return (payload) =>
    withState(payload, (state) => {
      const entries = [...(state[list] as Json[])];
      const first = entries[0] ?? { id: 'z', content: 'Z', status: 'open' };
      return { ...state, [list]: [change({ ...first }), ...entries.slice(1)] };
    });
}

function without(entry: Json, key: string): Json {
  return Object.fromEntries(Object.entries(entry).filter(([name]) => name !== key));
}

const BREAKAGES: readonly (readonly [string, Breakage])[] = [
  ['payload version 2', (payload) => ({ ...payload, schemaVersion: 2 })],
  ['payload version 0', (payload) => ({ ...payload, schemaVersion: 0 })],
  ['payload version "1"', (payload) => ({ ...payload, schemaVersion: '1' })],
  ['payload version null', (payload) => ({ ...payload, schemaVersion: null })],
  ['no payload version', (payload) => without(payload, 'schemaVersion')],
  ['no state', (payload) => without(payload, 'state')],
  ['state null', (payload) => ({ ...payload, state: null })],
  ['state an array', (payload) => ({ ...payload, state: [payload['state']] })],
  ['state a JSON string', (payload) => ({ ...payload, state: JSON.stringify(payload['state']) })],
  ['payload an array', (payload) => [payload]],
  ['payload a JSON string', (payload) => JSON.stringify(payload)],
  ['payload null', () => null],
  ['payload undefined', () => undefined],
  ['snapshot version 2', (payload) => withState(payload, (state) => ({ ...state, schemaVersion: 2 }))],
  ['snapshot without version', (payload) => withState(payload, (state) => without(state, 'schemaVersion'))],
  ['snapshot with an unknown key', (payload) => withState(payload, (state) => ({ ...state, summary: 'x' }))],
  ['no work items list', (payload) => withState(payload, (state) => without(state, 'workItems'))],
  ['work items an object', (payload) => withState(payload, (state) => ({ ...state, workItems: {} }))],
  ['decisions null', (payload) => withState(payload, (state) => ({ ...state, decisions: null }))],
  ['objective null', (payload) => withState(payload, (state) => ({ ...state, objective: null }))],
  ['objective blank', (payload) => withState(payload, (state) => ({ ...state, objective: ' \t ' }))],
  ['objective a number', (payload) => withState(payload, (state) => ({ ...state, objective: 42 }))],
  [
    'objective with a lone surrogate',
    (payload) => withState(payload, (state) => ({ ...state, objective: 'a\ud800b' })),
  ],
  ['objective over 65,536 units', (payload) => withState(payload, (state) => ({ ...state, objective: 'o'.repeat(65_537) }))],
  ['status "Done"', withFirst('workItems', (item) => ({ ...item, status: 'Done' }))],
  ['status missing', withFirst('workItems', (item) => without(item, 'status'))],
  ['work item with an extra key', withFirst('workItems', (item) => ({ ...item, note: 'x' }))],
  ['work item id empty', withFirst('workItems', (item) => ({ ...item, id: '' }))],
  ['work item id a number', withFirst('workItems', (item) => ({ ...item, id: 7 }))],
  ['work item id over 1,024 units', withFirst('workItems', (item) => ({ ...item, id: 'i'.repeat(1025) }))],
  ['work item content blank', withFirst('workItems', (item) => ({ ...item, content: '   ' }))],
  ['decision content missing', withFirst('decisions', (entry) => without(entry, 'content'))],
  ['decision with a status', withFirst('decisions', (entry) => ({ ...entry, status: 'open' }))],
  [
    'repeated work item id',
    (payload) =>
      withState(payload, (state) => {
        const items = state['workItems'] as Json[];
        const first = items[0] ?? { id: 'z', content: 'Z', status: 'open' };
        return { ...state, workItems: [...items, first, first] };
      }),
  ],
  ['work item a string', (payload) => withState(payload, (state) => ({ ...state, workItems: ['a'] }))],
  ['extra payload key (tolerated)', (payload) => ({ ...payload, savedBy: 'an older adapter' })],
];

/** A valid payload with one thing broken (or, for the tolerated case, one harmless extra key). */
export const nearValidPayload: fc.Arbitrary<unknown> = fc
  .tuple(validPayload, fc.constantFrom(...BREAKAGES))
  .map(([payload, [, breakage]]) => breakage(payload));

/** Whatever may be the data of the newest saved entry. */
export const anyPayload: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }),
  validPayload,
  nearValidPayload,
  nearValidPayload,
);
