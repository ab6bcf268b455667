import {
  isPayloadRecord,
  readPayloadEnvelope,
  type SavedPayloadReading,
} from '@j1nn0/pi-testkit/checks';
import {
  isReferenceKind,
  isReferenceMode,
  type ReferenceItem,
  type ReferenceState,
} from './reference-context-guard.js';
import type { UnreadableProblem } from '../../src/persistence.js';

// Which saved payloads the adapter must restore, and why it refuses the others, from the two READMEs
// and their docs pages alone:
// the adapter's `{ schemaVersion: 1, recovery, items }` and the core's snapshot rules (items with exactly the
// four keys, non-blank strings within 1,024 / 65,536 UTF-16 units, one of five kinds, a boolean `critical`,
// unique ids). Restored items are taken as the core takes them, even where the adapter's own limits are tighter.

export type PayloadReading = SavedPayloadReading<ReferenceState, UnreadableProblem>;

const MAX_ID_UNITS = 1024;
const MAX_CONTENT_UNITS = 65_536;
const ITEM_KEYS = ['id', 'kind', 'content', 'critical'];

function isItemText(value: unknown, maxUnits: number): value is string {
  return typeof value === 'string' && value.length <= maxUnits && value.trim() !== '';
}

function readItem(value: unknown): ReferenceItem | undefined {
  if (!isPayloadRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== ITEM_KEYS.length || !ITEM_KEYS.every((key) => keys.includes(key))) return undefined;
  const { id, kind, content, critical } = value;
  if (!isItemText(id, MAX_ID_UNITS) || !isItemText(content, MAX_CONTENT_UNITS)) return undefined;
  if (!isReferenceKind(kind) || typeof critical !== 'boolean') return undefined;
  return { id, kind, content, critical };
}

/** The core's rules for the saved items; undefined when the core must refuse them. */
export function readReferenceItems(value: unknown): ReferenceItem[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: ReferenceItem[] = [];
  for (const element of value as unknown[]) {
    const item = readItem(element);
    if (item === undefined || items.some((earlier) => earlier.id === item.id)) return undefined;
    items.push(item);
  }
  return items;
}

/** The adapter's docs/sessions.md: what it restores, or the reason it names when the newest entry is unreadable. */
export function readReferencePayload(data: unknown): PayloadReading {
  return readPayloadEnvelope(data, (fields) => {
    const recovery = fields['recovery'];
    if (!isReferenceMode(recovery) || !('items' in fields)) return { kind: 'unreadable', reason: 'malformed_payload' };
    const items = readReferenceItems(fields['items']);
    return items === undefined
      ? { kind: 'unreadable', reason: 'rejected_items' }
      : { kind: 'valid', state: { recovery, items } };
  });
}


/** The README payload of a state, as each successful change saves it. */
export function expectedPayload(state: ReferenceState): unknown {
  return { schemaVersion: 1, recovery: state.recovery, items: state.items };
}
