import { describe, expect, test } from 'vitest';
import { CONTEXT_FINDING_STATUSES, CONTEXT_GUARD_SCHEMA_VERSION, CONTEXT_ITEM_KINDS, MAX_CONTEXT_ITEM_CONTENT_LENGTH, MAX_CONTEXT_ITEM_ID_LENGTH } from '../src/index.js';

describe('published constants', () => {
  test('list the kinds and statuses in documented order', () => {
    expect(CONTEXT_ITEM_KINDS).toEqual(['goal', 'constraint', 'requirement', 'decision', 'fact']);
    expect(CONTEXT_FINDING_STATUSES).toEqual(['preserved', 'changed', 'lost', 'unknown']);
  });

  test('are frozen, so validation cannot be widened from outside', () => {
    expect(Object.isFrozen(CONTEXT_ITEM_KINDS)).toBe(true);
    expect(Object.isFrozen(CONTEXT_FINDING_STATUSES)).toBe(true);
  });

  test('state the schema version and the length limits', () => {
    expect(CONTEXT_GUARD_SCHEMA_VERSION).toBe(1);
    expect(MAX_CONTEXT_ITEM_ID_LENGTH).toBe(1024);
    expect(MAX_CONTEXT_ITEM_CONTENT_LENGTH).toBe(65_536);
  });
});
