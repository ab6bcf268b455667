import { isDisplayUnsafeCodePoint } from '@j1nn0/test-checks';

// An independent reference for the Context Guard rules, written from the README and its
// docs pages alone. It imports nothing
// from src/, so a wrong rule there cannot hide behind the same wrong rule here. It predicts the outcome and
// its reason; the words for them are the formatter's (reference-messages.ts asks it).

export const REFERENCE_KINDS = ['goal', 'constraint', 'requirement', 'decision', 'fact'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export const REFERENCE_MODES = ['off', 'critical'] as const;
export type ReferenceMode = (typeof REFERENCE_MODES)[number];

export interface ReferenceItem {
  readonly id: string;
  readonly kind: ReferenceKind;
  readonly content: string;
  readonly critical: boolean;
}

export interface ReferenceState {
  readonly recovery: ReferenceMode;
  readonly items: readonly ReferenceItem[];
}

export const EMPTY_REFERENCE_STATE: ReferenceState = { recovery: 'off', items: [] };

export type ReferenceChange =
  | { readonly kind: 'add'; readonly id: string; readonly itemKind: string; readonly content: string; readonly critical: boolean }
  | { readonly kind: 'remove'; readonly id: string }
  | { readonly kind: 'critical'; readonly id: string; readonly critical: boolean }
  | { readonly kind: 'clear' }
  | { readonly kind: 'recovery'; readonly mode: string };

/** Why a change was refused (the reasons the README names). */
export type ReferenceRejection =
  | { readonly code: 'invalid_id' }
  | { readonly code: 'invalid_content' }
  | { readonly code: 'invalid_kind' }
  | { readonly code: 'invalid_recovery' }
  | { readonly code: 'item_limit' }
  | { readonly code: 'duplicate_item'; readonly id: string }
  | { readonly code: 'unknown_item'; readonly id: string }
  | { readonly code: 'critical_by_model' };

/** Why an accepted change left the state as it was. */
export type ReferenceNoChange =
  | { readonly reason: 'already_empty' }
  | { readonly reason: 'same_critical'; readonly id: string; readonly critical: boolean }
  | { readonly reason: 'same_recovery'; readonly recovery: ReferenceMode };

export type ReferenceOutcome =
  | {
      readonly kind: 'changed';
      readonly change: ReferenceChange;
      readonly previous: ReferenceState;
      readonly state: ReferenceState;
    }
  | { readonly kind: 'unchanged'; readonly noChange: ReferenceNoChange }
  | { readonly kind: 'rejected'; readonly rejection: ReferenceRejection };

const MAX_ID_CODE_POINTS = 64;
const MAX_CONTENT_CODE_POINTS = 500;
const MAX_REFERENCE_ITEMS = 100;

export function isReferenceKind(value: unknown): value is ReferenceKind {
  return (REFERENCE_KINDS as readonly unknown[]).includes(value);
}

export function isReferenceMode(value: unknown): value is ReferenceMode {
  return (REFERENCE_MODES as readonly unknown[]).includes(value);
}

function codePoints(text: string): number[] {
  return Array.from(text, (character) => character.codePointAt(0) ?? 0);
}

/**
 * README: 1-64 characters (code points), no whitespace, control or bidirectional formatting characters, so
 * every id can be typed back; and no lone surrogate, which nobody can type either.
 */
export function isReferenceId(id: string): boolean {
  const points = codePoints(id);
  return (
    points.length >= 1 &&
    points.length <= MAX_ID_CODE_POINTS &&
    !/\s/u.test(id) &&
    !points.some((point) => isDisplayUnsafeCodePoint(point))
  );
}

/** README: 1-500 characters (code points) and not blank. */
export function isReferenceContent(text: string): boolean {
  return text.trim() !== '' && codePoints(text).length <= MAX_CONTENT_CODE_POINTS;
}

export function criticalCount(items: readonly ReferenceItem[]): number {
  return items.filter((item) => item.critical).length;
}

/**
 * Applies one change as the README describes it. Where the README is silent on the order of two rejections,
 * the order is: kind, id rule, content rule, item limit, id taken (the command reads the kind before the rest).
 */
export function applyReferenceChange(state: ReferenceState, change: ReferenceChange): ReferenceOutcome {
  const changed = (after: ReferenceState): ReferenceOutcome => ({ kind: 'changed', change, previous: state, state: after });
  switch (change.kind) {
    case 'add': {
      const { id, itemKind, content, critical } = change;
      if (!isReferenceKind(itemKind)) return rejected({ code: 'invalid_kind' });
      if (!isReferenceId(id)) return rejected({ code: 'invalid_id' });
      if (!isReferenceContent(content)) return rejected({ code: 'invalid_content' });
      if (state.items.length >= MAX_REFERENCE_ITEMS) return rejected({ code: 'item_limit' });
      if (state.items.some((item) => item.id === id)) return rejected({ code: 'duplicate_item', id });
      return changed({ ...state, items: [...state.items, { id, kind: itemKind, content, critical }] });
    }
    case 'remove':
      if (!state.items.some((item) => item.id === change.id)) return rejected({ code: 'unknown_item', id: change.id });
      return changed({ ...state, items: state.items.filter((item) => item.id !== change.id) });
    case 'critical': {
      const { id, critical } = change;
      const item = state.items.find((candidate) => candidate.id === id);
      if (item === undefined) return rejected({ code: 'unknown_item', id });
      if (item.critical === critical) return unchanged({ reason: 'same_critical', id, critical });
      return changed({ ...state, items: state.items.map((candidate) => (candidate === item ? { ...item, critical } : candidate)) });
    }
    case 'clear':
      if (state.items.length === 0) return unchanged({ reason: 'already_empty' });
      return changed({ ...state, items: [] });
    case 'recovery': {
      const { mode } = change;
      if (!isReferenceMode(mode)) return rejected({ code: 'invalid_recovery' });
      if (mode === state.recovery) return unchanged({ reason: 'same_recovery', recovery: mode });
      return changed({ ...state, recovery: mode });
    }
  }
}

function unchanged(noChange: ReferenceNoChange): ReferenceOutcome {
  return { kind: 'unchanged', noChange };
}

export function rejected(rejection: ReferenceRejection): ReferenceOutcome {
  return { kind: 'rejected', rejection };
}
