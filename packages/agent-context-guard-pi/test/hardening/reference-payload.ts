import {
  isReferenceKind,
  isReferenceMode,
  type ReferenceItem,
  type ReferenceState,
} from './reference-context-guard.js';

// Which saved payloads the adapter must restore, and why it refuses the others, from the two READMEs alone:
// the adapter's `{ schemaVersion: 1, recovery, items }` and the core's snapshot rules (items with exactly the
// four keys, non-blank strings within 1,024 / 65,536 UTF-16 units, one of five kinds, a boolean `critical`,
// unique ids). Restored items are taken as the core takes them, even where the adapter's own limits are tighter.

export type PayloadReading =
  | { readonly kind: 'valid'; readonly state: ReferenceState }
  | { readonly kind: 'unreadable'; readonly reason: string };

const MAX_ID_UNITS = 1024;
const MAX_CONTENT_UNITS = 65_536;
const ITEM_KEYS = ['id', 'kind', 'content', 'critical'];

type Fields = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isItemText(value: unknown, maxUnits: number): value is string {
  return typeof value === 'string' && value.length <= maxUnits && value.trim() !== '';
}

function readItem(value: unknown): ReferenceItem | undefined {
  if (!isRecord(value)) return undefined;
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

/** The adapter README: what it restores, or the reason it names when the newest entry is unreadable. */
export function readReferencePayload(data: unknown): PayloadReading {
  if (data === undefined || data === null) return { kind: 'unreadable', reason: 'no payload' };
  if (!isRecord(data)) return { kind: 'unreadable', reason: 'malformed payload' };
  const version = data['schemaVersion'];
  if (version !== 1) {
    const reason = typeof version === 'number' ? 'unsupported schema version' : 'malformed payload';
    return { kind: 'unreadable', reason };
  }
  const recovery = data['recovery'];
  if (!isReferenceMode(recovery) || !('items' in data)) return { kind: 'unreadable', reason: 'malformed payload' };
  const items = readReferenceItems(data['items']);
  return items === undefined ? { kind: 'unreadable', reason: 'invalid items' } : { kind: 'valid', state: { recovery, items } };
}

export function referenceUnreadableWarning(reason: string): string {
  return `Context Guard: the newest saved state on this branch is unreadable (${reason}); starting empty.`;
}

/** The README payload of a state, as each successful change saves it. */
export function expectedPayload(state: ReferenceState): unknown {
  return { schemaVersion: 1, recovery: state.recovery, items: state.items };
}
