import type { ContextGuardSnapshot, ContextItem, ContextItemInput } from '../../src/index.js';

/** Content that must never show up in an error message, an issue or a report. */
export const SECRET = 'SECRET-7f3a';

export const GOAL: ContextItemInput = { id: 'goal-1', kind: 'goal', content: 'Ship the billing export', critical: true };
export const CONSTRAINT: ContextItemInput = { id: 'constraint-1', kind: 'constraint', content: 'Never call the live API' };
export const FACT: ContextItemInput = { id: 'fact-1', kind: 'fact', content: `The token is ${SECRET}` };

/** The stored form of an input: `critical` defaults to false, everything else is kept as given. */
export function storedItem(input: ContextItemInput): ContextItem {
  return { id: input.id, kind: input.kind, content: input.content, critical: input.critical ?? false };
}

export function snapshotOf(...inputs: ContextItemInput[]): ContextGuardSnapshot {
  return { schemaVersion: 1, items: inputs.map(storedItem) };
}

/** A fresh, mutable, valid item; callers break one part of it. */
export function editableItem(): Record<string, unknown> {
  return { id: 'item-1', kind: 'requirement', content: 'Keep the public API stable', critical: false };
}
