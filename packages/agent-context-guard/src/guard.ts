import { ContextGuardError } from './errors.js';
import { CONTEXT_GUARD_SCHEMA_VERSION } from './schema.js';
import type { ContextGuard, ContextGuardSnapshot, ContextItem, ContextItemInput } from './types.js';
import {
  parseContextGuardSnapshot,
  parseContextItemInput,
  parseContextItemInputs,
  parseLookupId,
  parseVerifier,
  readOption,
} from './validation.js';
import { verifyContext } from './verify.js';

/** Creates a guard holding `items` in the given order; throws and creates nothing if any is invalid. */
export function createContextGuard(items?: readonly ContextItemInput[]): ContextGuard {
  return guardOver(items === undefined ? [] : parseContextItemInputs(items));
}

/** Rebuilds a guard from a snapshot of unknown origin; throws and builds nothing if any part is invalid. */
export function restoreContextGuard(snapshot: unknown): ContextGuard {
  return guardOver(parseContextGuardSnapshot(snapshot).items);
}

function guardOver(initialItems: readonly ContextItem[]): ContextGuard {
  // Items are validated copies; a Map keeps insertion order and treats `__proto__` as an ordinary key.
  const items = new Map<string, ContextItem>();
  const insert = (item: ContextItem): void => {
    items.set(item.id, item);
  };
  const requireFreeIds = (candidates: readonly ContextItem[]): void => {
    for (const candidate of candidates) {
      if (items.has(candidate.id)) {
        throw new ContextGuardError('duplicate_item_id', 'item id is already used', candidate.id);
      }
    }
  };
  initialItems.forEach(insert);

  const guard: ContextGuard = {
    add(item) {
      const parsed = parseContextItemInput(item);
      requireFreeIds([parsed]);
      insert(parsed);
      return copyItem(parsed);
    },
    addAll(newItems) {
      const parsed = parseContextItemInputs(newItems);
      requireFreeIds(parsed);
      parsed.forEach(insert);
      return parsed.map(copyItem);
    },
    get(id) {
      const item = items.get(parseLookupId(id));
      return item === undefined ? undefined : copyItem(item);
    },
    has(id) {
      return items.has(parseLookupId(id));
    },
    list() {
      return Array.from(items.values(), copyItem);
    },
    remove(id) {
      const lookupId = parseLookupId(id);
      const item = items.get(lookupId);
      if (item === undefined) {
        return undefined;
      }
      items.delete(lookupId);
      return copyItem(item);
    },
    clear() {
      items.clear();
    },
    get size() {
      return items.size;
    },
    snapshot() {
      return snapshotOf(items.values());
    },
    async verify(context, options) {
      const verifier = parseVerifier(readOption(options, 'verifier'));
      return await verifyContext({ snapshot: snapshotOf(items.values()), context, verifier });
    },
  };
  return Object.freeze(guard);
}

function snapshotOf(items: Iterable<ContextItem>): ContextGuardSnapshot {
  return { schemaVersion: CONTEXT_GUARD_SCHEMA_VERSION, items: Array.from(items, copyItem) };
}

function copyItem(item: ContextItem): ContextItem {
  return { id: item.id, kind: item.kind, content: item.content, critical: item.critical };
}
