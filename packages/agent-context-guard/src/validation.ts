import { ContextGuardError, invalidInput } from './errors.js';
import { isStructuredData, readPlainArray, readPlainRecord } from './plain-data.js';
import {
  CONTEXT_GUARD_SCHEMA_VERSION,
  CONTEXT_ITEM_KINDS,
  MAX_CONTEXT_ITEM_CONTENT_LENGTH,
  MAX_CONTEXT_ITEM_ID_LENGTH,
} from './schema.js';
import type { ContextGuardSnapshot, ContextItem, ContextItemKind, ContextVerifier } from './types.js';

const INPUT_ITEM_KEYS: readonly string[] = ['id', 'kind', 'content', 'critical'];
const SNAPSHOT_KEYS: readonly string[] = ['schemaVersion', 'items'];

/** Validates and copies one item a caller declares; `critical` may be left out. */
export function parseContextItemInput(value: unknown): ContextItem {
  requireStructuredData(value, 'item');
  return parseItem(value, 'item', { criticalRequired: false });
}

/** Validates and copies a list of declared items; ids must be unique within it. */
export function parseContextItemInputs(value: unknown): ContextItem[] {
  requireStructuredData(value, 'items');
  return parseItemList(value, 'items', { criticalRequired: false });
}

/** Validates and copies a snapshot from an untrusted source, such as a stored session entry. */
export function parseContextGuardSnapshot(value: unknown): ContextGuardSnapshot {
  requireStructuredData(value, 'snapshot');
  const fields = readPlainRecord(value);
  if (fields === undefined) {
    throw invalidInput('snapshot must be a plain object');
  }
  requireKnownKeys(fields, SNAPSHOT_KEYS, 'snapshot');
  if (fields.get('schemaVersion') !== CONTEXT_GUARD_SCHEMA_VERSION) {
    throw invalidInput(`snapshot.schemaVersion must be ${CONTEXT_GUARD_SCHEMA_VERSION}`);
  }
  const items = parseItemList(fields.get('items'), 'snapshot.items', { criticalRequired: true });
  return { schemaVersion: CONTEXT_GUARD_SCHEMA_VERSION, items };
}

/** The context a verifier judges: any string, including an empty one. */
export function parseContextText(value: unknown): string {
  if (typeof value !== 'string') {
    throw invalidInput('context must be a string');
  }
  return value;
}

/** An id given to a lookup; any string is accepted, since an invalid one simply matches nothing. */
export function parseLookupId(value: unknown): string {
  if (typeof value !== 'string') {
    throw invalidInput('id must be a string');
  }
  return value;
}

export function parseVerifier(value: unknown): ContextVerifier {
  if (typeof value !== 'function') {
    throw invalidInput('verifier must be a function');
  }
  return value as ContextVerifier;
}

/** Reads `key` from a caller's object; a missing object or a throwing getter is invalid input. */
export function readOption(options: unknown, key: string, path = 'options'): unknown {
  if (typeof options !== 'object' || options === null) {
    throw invalidInput(`${path} must be an object`);
  }
  try {
    return (options as Readonly<Record<string, unknown>>)[key];
  } catch {
    throw invalidInput(`${path}.${key} could not be read`);
  }
}

interface ItemRules {
  readonly criticalRequired: boolean;
}

function requireStructuredData(value: unknown, path: string): void {
  if (!isStructuredData(value)) {
    throw invalidInput(`${path} must contain only plain data`);
  }
}

function parseItemList(value: unknown, path: string, rules: ItemRules): ContextItem[] {
  const elements = readPlainArray(value);
  if (elements === undefined) {
    throw invalidInput(`${path} must be an array without holes or extra properties`);
  }
  const seenIds = new Set<string>();
  return elements.map((element, index) => {
    const item = parseItem(element, `${path}[${index}]`, rules);
    if (seenIds.has(item.id)) {
      throw new ContextGuardError('duplicate_item_id', `${path}[${index}].id is already used`, item.id);
    }
    seenIds.add(item.id);
    return item;
  });
}

function parseItem(value: unknown, path: string, rules: ItemRules): ContextItem {
  const fields = readPlainRecord(value);
  if (fields === undefined) {
    throw invalidInput(`${path} must be a plain object`);
  }
  requireKnownKeys(fields, INPUT_ITEM_KEYS, path);
  const id = parseText(fields.get('id'), `${path}.id`, MAX_CONTEXT_ITEM_ID_LENGTH);
  const kind = fields.get('kind');
  if (!isContextItemKind(kind)) {
    throw invalidInput(`${path}.kind must be one of ${CONTEXT_ITEM_KINDS.join(', ')}`, id);
  }
  const content = parseText(fields.get('content'), `${path}.content`, MAX_CONTEXT_ITEM_CONTENT_LENGTH, id);
  const critical = fields.has('critical') || rules.criticalRequired ? fields.get('critical') : false;
  if (typeof critical !== 'boolean') {
    throw invalidInput(`${path}.critical must be a boolean`, id);
  }
  return { id, kind, content, critical };
}

function parseText(value: unknown, path: string, maxLength: number, itemId?: string): string {
  if (typeof value !== 'string') {
    throw invalidInput(`${path} must be a string`, itemId);
  }
  // Length first, so an oversized string is refused before it is trimmed.
  if (value.length > maxLength) {
    throw invalidInput(`${path} must be at most ${maxLength} characters`, itemId);
  }
  if (value.trim().length === 0) {
    throw invalidInput(`${path} must not be blank`, itemId);
  }
  return value;
}

function requireKnownKeys(fields: ReadonlyMap<string, unknown>, allowedKeys: readonly string[], path: string): void {
  for (const key of fields.keys()) {
    if (!allowedKeys.includes(key)) {
      throw invalidInput(`${path} has an unknown key`);
    }
  }
}

function isContextItemKind(value: unknown): value is ContextItemKind {
  return (CONTEXT_ITEM_KINDS as readonly unknown[]).includes(value);
}
