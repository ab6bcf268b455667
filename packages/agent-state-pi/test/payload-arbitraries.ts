import {
  anySavedPayload,
  withoutKey,
  type NamedBreakage,
  type PayloadBreakage,
  type PayloadFields,
} from '@j1nn0/pi-testkit/adapter-suites';
import { WORK_ITEM_STATUSES } from '@j1nn0/agent-state';
import fc from 'fast-check';

// This adapter's valid saved payloads, and the breakages inside the shared `{ schemaVersion: 1, ... }`
// envelope, for the restore properties; pi-testkit adds arbitrary JSON and the envelope's own breakages.

type Json = PayloadFields;

const snapshotText = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  )
  .filter((text) => text.trim() !== '');
const snapshotId = fc.oneof(fc.constantFrom('a', 'b', 'c', 'x y', '__proto__', 'constructor'), snapshotText);

const workItem = fc.record({ id: snapshotId, content: snapshotText, status: fc.constantFrom(...WORK_ITEM_STATUSES) });
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

function withState(payload: Json, change: (state: Json) => unknown): Json {
  return { ...payload, state: change({ ...(payload['state'] as Json) }) };
}

function withFirst(list: 'workItems' | 'decisions', change: (entry: Json) => Json): PayloadBreakage {
  return (payload) =>
    withState(payload, (state) => {
      const entries = [...(state[list] as Json[])];
      const first = entries[0] ?? { id: 'z', content: 'Z', status: 'open' };
      return { ...state, [list]: [change({ ...first }), ...entries.slice(1)] };
    });
}

/** Breakages inside the envelope: this adapter's fields, items and limits. */
const ADAPTER_BREAKAGES: readonly NamedBreakage[] = [
  ['no state', (payload) => withoutKey(payload, 'state')],
  ['state null', (payload) => ({ ...payload, state: null })],
  ['state an array', (payload) => ({ ...payload, state: [payload['state']] })],
  ['state a JSON string', (payload) => ({ ...payload, state: JSON.stringify(payload['state']) })],
  ['snapshot version 2', (payload) => withState(payload, (state) => ({ ...state, schemaVersion: 2 }))],
  ['snapshot without version', (payload) => withState(payload, (state) => withoutKey(state, 'schemaVersion'))],
  ['snapshot with an unknown key', (payload) => withState(payload, (state) => ({ ...state, summary: 'x' }))],
  ['no work items list', (payload) => withState(payload, (state) => withoutKey(state, 'workItems'))],
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
  ['status missing', withFirst('workItems', (item) => withoutKey(item, 'status'))],
  ['work item with an extra key', withFirst('workItems', (item) => ({ ...item, note: 'x' }))],
  ['work item id empty', withFirst('workItems', (item) => ({ ...item, id: '' }))],
  ['work item id a number', withFirst('workItems', (item) => ({ ...item, id: 7 }))],
  ['work item id over 1,024 units', withFirst('workItems', (item) => ({ ...item, id: 'i'.repeat(1025) }))],
  ['work item content blank', withFirst('workItems', (item) => ({ ...item, content: '   ' }))],
  ['decision content missing', withFirst('decisions', (entry) => withoutKey(entry, 'content'))],
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
];

/** Whatever may be the data of the newest saved entry. */
export const anyPayload: fc.Arbitrary<unknown> = anySavedPayload(validPayload, ADAPTER_BREAKAGES);
