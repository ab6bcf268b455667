import type { WorkItemStatus } from './types.js';

// The fixed rules of the data: statuses, schema version and size limits.

/** Every status a work item can have, in the order they are documented. Frozen: it backs validation. */
export const WORK_ITEM_STATUSES = Object.freeze([
  'open',
  'in_progress',
  'blocked',
  'done',
] as const satisfies readonly WorkItemStatus[]);

/** The only snapshot schema version this package reads and writes. */
export const SNAPSHOT_SCHEMA_VERSION = 1;

/** Longest accepted id, in UTF-16 code units (`string.length`). */
export const MAX_ID_LENGTH = 1024;

/** Longest accepted objective or content text, in UTF-16 code units (`string.length`). */
export const MAX_TEXT_LENGTH = 65_536;
