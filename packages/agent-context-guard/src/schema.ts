import type { ContextFindingStatus, ContextItemKind } from './types.js';

/** Every kind an item can have, in the order they are documented. Frozen: it backs validation. */
export const CONTEXT_ITEM_KINDS = Object.freeze([
  'goal',
  'constraint',
  'requirement',
  'decision',
  'fact',
] as const satisfies readonly ContextItemKind[]);

/** Every status a finding can carry. Frozen: it backs validation of verifier output. */
export const CONTEXT_FINDING_STATUSES = Object.freeze([
  'preserved',
  'changed',
  'lost',
  'unknown',
] as const satisfies readonly ContextFindingStatus[]);

/** The only snapshot and report schema version this package reads and writes. */
export const CONTEXT_GUARD_SCHEMA_VERSION = 1;

/** Longest accepted item id, in UTF-16 code units (`string.length`). */
export const MAX_CONTEXT_ITEM_ID_LENGTH = 1024;

/** Longest accepted item content, in UTF-16 code units (`string.length`). */
export const MAX_CONTEXT_ITEM_CONTENT_LENGTH = 65_536;
