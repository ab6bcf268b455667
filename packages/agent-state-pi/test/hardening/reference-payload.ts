import {
  isPayloadRecord,
  readPayloadEnvelope,
  type PayloadFields,
  type SavedPayloadReading,
} from '@j1nn0/pi-testkit/checks';
import { REFERENCE_STATUSES, type ReferenceState, type ReferenceStatus } from '@j1nn0/pi-testkit/reference-models';
import type { UnreadableProblem } from '../../src/persistence.js';

// Which saved payloads the adapter must restore, and why it refuses the others, from the two READMEs
// and their docs pages alone:
// the adapter's `{ schemaVersion: 1, state }` and the core's snapshot rules (exact keys, non-blank strings
// within 1,024 / 65,536 UTF-16 units without lone surrogates, one of four statuses, unique ids per list).

export type PayloadReading = SavedPayloadReading<ReferenceState, UnreadableProblem>;

const MAX_ID_UNITS = 1024;
const MAX_TEXT_UNITS = 65_536;
const SNAPSHOT_KEYS = ['schemaVersion', 'objective', 'workItems', 'decisions'];
const REQUIRED_SNAPSHOT_KEYS = ['schemaVersion', 'workItems', 'decisions'];
const WORK_ITEM_KEYS = ['id', 'content', 'status'];
const DECISION_KEYS = ['id', 'content'];

function hasOnlyKeys(value: Readonly<PayloadFields>, allowed: readonly string[], required: readonly string[]): boolean {
  const keys = Object.keys(value);
  return keys.every((key) => allowed.includes(key)) && required.every((key) => keys.includes(key));
}

function isSnapshotString(value: unknown, maxUnits: number): value is string {
  return (
    typeof value === 'string' &&
    value.length <= maxUnits &&
    value.trim() !== '' &&
    !/\p{Cs}/u.test(value)
  );
}

function hasUniqueIds(entries: readonly { readonly id: string }[]): boolean {
  return new Set(entries.map((entry) => entry.id)).size === entries.length;
}

function readWorkItem(value: unknown): { id: string; content: string; status: ReferenceStatus } | undefined {
  if (!isPayloadRecord(value) || !hasOnlyKeys(value, WORK_ITEM_KEYS, WORK_ITEM_KEYS)) return undefined;
  const { id, content, status } = value;
  const knownStatus = REFERENCE_STATUSES.find((candidate) => candidate === status);
  if (!isSnapshotString(id, MAX_ID_UNITS) || !isSnapshotString(content, MAX_TEXT_UNITS) || knownStatus === undefined) {
    return undefined;
  }
  return { id, content, status: knownStatus };
}

function readDecision(value: unknown): { id: string; content: string } | undefined {
  if (!isPayloadRecord(value) || !hasOnlyKeys(value, DECISION_KEYS, DECISION_KEYS)) return undefined;
  const { id, content } = value;
  return isSnapshotString(id, MAX_ID_UNITS) && isSnapshotString(content, MAX_TEXT_UNITS) ? { id, content } : undefined;
}

function readList<T extends { readonly id: string }>(
  value: unknown,
  read: (element: unknown) => T | undefined,
): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const entries: T[] = [];
  for (const element of value as unknown[]) {
    const entry = read(element);
    if (entry === undefined) return undefined;
    entries.push(entry);
  }
  return hasUniqueIds(entries) ? entries : undefined;
}

/** The core's snapshot rules; undefined when the core must refuse the snapshot. */
export function readReferenceSnapshot(value: unknown): ReferenceState | undefined {
  if (!isPayloadRecord(value) || !hasOnlyKeys(value, SNAPSHOT_KEYS, REQUIRED_SNAPSHOT_KEYS)) return undefined;
  if (value['schemaVersion'] !== 1) return undefined;
  const objective = value['objective'];
  if ('objective' in value && !isSnapshotString(objective, MAX_TEXT_UNITS)) return undefined;
  const workItems = readList(value['workItems'], readWorkItem);
  const decisions = readList(value['decisions'], readDecision);
  if (workItems === undefined || decisions === undefined) return undefined;
  return typeof objective === 'string' ? { objective, workItems, decisions } : { workItems, decisions };
}

/** The adapter's docs/sessions.md: what it restores, or the reason it names when the newest entry is unreadable. */
export function readReferencePayload(data: unknown): PayloadReading {
  return readPayloadEnvelope(data, (fields) => {
    if (!('state' in fields)) return { kind: 'unreadable', reason: 'malformed_payload' };
    const state = readReferenceSnapshot(fields['state']);
    return state === undefined ? { kind: 'unreadable', reason: 'rejected_snapshot' } : { kind: 'valid', state };
  });
}

