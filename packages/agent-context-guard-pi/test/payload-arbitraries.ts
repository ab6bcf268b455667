import {
  anySavedPayload,
  withoutKey,
  type NamedBreakage,
  type PayloadBreakage,
  type PayloadFields,
} from '@j1nn0/pi-testkit/adapter-suites';
import { CONTEXT_ITEM_KINDS } from '@j1nn0/agent-context-guard';
import fc from 'fast-check';
import { RECOVERY_MODES } from '../src/guard-state.js';
import { hostileString } from './hostile-text.js';

// This adapter's valid saved payloads, and the breakages inside the shared `{ schemaVersion: 1, ... }`
// envelope, for the restore properties; pi-testkit adds arbitrary JSON and the envelope's own breakages.

type Json = PayloadFields;

// Hostile text too: a restored item is shown like a new one, so its controls and lone surrogates are escaped.
const savedText = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
    hostileString,
  )
  .filter((text) => text.trim() !== '');
// Restored ids may break the adapter's own id rule (spaces, controls): the core accepts them.
const savedId = fc.oneof(fc.constantFrom('a', 'b', 'c', 'x y', 'esc\u001b', '__proto__', 'constructor'), savedText);

const savedItem = fc.record({
  id: savedId,
  kind: fc.constantFrom(...CONTEXT_ITEM_KINDS),
  content: savedText,
  critical: fc.boolean(),
});

export const validPayload: fc.Arbitrary<Json> = fc.record({
  schemaVersion: fc.constant(1),
  recovery: fc.constantFrom(...RECOVERY_MODES),
  items: fc.uniqueArray(savedItem, { selector: (item) => item.id, maxLength: 6 }),
});

function withFirstItem(change: (item: Json) => Json): PayloadBreakage {
  return (payload) => {
    const items = [...(payload['items'] as Json[])];
    const first = items[0] ?? { id: 'z', kind: 'fact', content: 'Z', critical: false };
    return { ...payload, items: [change({ ...first }), ...items.slice(1)] };
  };
}

/** Breakages inside the envelope: this adapter's fields, items and limits. */
const ADAPTER_BREAKAGES: readonly NamedBreakage[] = [
  ['payload version 1.5', (payload) => ({ ...payload, schemaVersion: 1.5 })],
  ['no recovery', (payload) => withoutKey(payload, 'recovery')],
  ['recovery "Critical"', (payload) => ({ ...payload, recovery: 'Critical' })],
  ['recovery true', (payload) => ({ ...payload, recovery: true })],
  ['no items', (payload) => withoutKey(payload, 'items')],
  ['items null', (payload) => ({ ...payload, items: null })],
  ['items an object', (payload) => ({ ...payload, items: {} })],
  ['items a JSON string', (payload) => ({ ...payload, items: JSON.stringify(payload['items']) })],
  ['payload a number', () => 1],
  ['kind "Goal"', withFirstItem((item) => ({ ...item, kind: 'Goal' }))],
  ['kind missing', withFirstItem((item) => withoutKey(item, 'kind'))],
  ['critical missing', withFirstItem((item) => withoutKey(item, 'critical'))],
  ['critical "true"', withFirstItem((item) => ({ ...item, critical: 'true' }))],
  ['item with an extra key', withFirstItem((item) => ({ ...item, note: 'x' }))],
  ['item id empty', withFirstItem((item) => ({ ...item, id: '' }))],
  ['item id blank', withFirstItem((item) => ({ ...item, id: ' \t ' }))],
  ['item id a number', withFirstItem((item) => ({ ...item, id: 7 }))],
  ['item id over 1,024 units', withFirstItem((item) => ({ ...item, id: 'i'.repeat(1025) }))],
  ['item id of 1,024 units (tolerated)', withFirstItem((item) => ({ ...item, id: 'i'.repeat(1024) }))],
  ['item content blank', withFirstItem((item) => ({ ...item, content: '   ' }))],
  ['item content over 65,536 units', withFirstItem((item) => ({ ...item, content: 'c'.repeat(65_537) }))],
  ['item content of 65,536 units (tolerated)', withFirstItem((item) => ({ ...item, content: 'c'.repeat(65_536) }))],
  ['item an array', withFirstItem((item) => [item] as unknown as Json)],
  [
    'repeated item id',
    (payload) => {
      const items = payload['items'] as Json[];
      const first = items[0] ?? { id: 'z', kind: 'fact', content: 'Z', critical: false };
      return { ...payload, items: [...items, first, first] };
    },
  ],
  ['item a string', (payload) => ({ ...payload, items: ['a'] })],
  ['101 items (tolerated)', (payload) => ({ ...payload, items: Array.from({ length: 101 }, (_, index) => ({ id: `i${index}`, kind: 'fact', content: 'C', critical: false })) })],
];

/** Whatever may be the data of the newest saved entry. */
export const anyPayload: fc.Arbitrary<unknown> = anySavedPayload(validPayload, ADAPTER_BREAKAGES);
