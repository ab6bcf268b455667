import { isDisplayUnsafeCodePoint, referenceDisplay } from '@j1nn0/test-checks';

// An independent reference for the Context Guard rules and messages, written from the README and its
// docs pages alone. It imports nothing from src/, so a wrong rule there cannot hide behind the same wrong rule here.

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

export type ReferenceOutcome =
  | { readonly kind: 'changed'; readonly state: ReferenceState; readonly message: string }
  | { readonly kind: 'unchanged'; readonly message: string }
  | { readonly kind: 'rejected'; readonly message: string };

const MAX_ID_CODE_POINTS = 64;
const MAX_CONTENT_CODE_POINTS = 500;
const MAX_REFERENCE_ITEMS = 100;

export const REFERENCE_USAGE =
  'Usage: /context-guard add <id> <goal|constraint|requirement|decision|fact> [--critical] <content> | list | ' +
  'remove <id> | critical <id> <on|off> | clear [--yes] | status | recovery <off|critical>';

/** README: a known subcommand with wrong arguments shows that subcommand's usage only. */
export const REFERENCE_SUBCOMMAND_USAGE: Readonly<Record<string, string>> = {
  add: 'Usage: /context-guard add <id> <goal|constraint|requirement|decision|fact> [--critical] <content>',
  list: 'Usage: /context-guard list',
  remove: 'Usage: /context-guard remove <id>',
  critical: 'Usage: /context-guard critical <id> <on|off>',
  clear: 'Usage: /context-guard clear [--yes]',
  status: 'Usage: /context-guard status',
  recovery: 'Usage: /context-guard recovery <off|critical>',
};

export const REJECTED = {
  kind: 'Rejected: unknown kind. Valid kinds: goal, constraint, requirement, decision, fact.',
  mode: 'Rejected: unknown recovery mode. Valid modes: off, critical.',
  id: 'Rejected: an id must be 1-64 characters with no whitespace, control or bidirectional formatting characters.',
  content: 'Rejected: content must be 1-500 characters and not blank.',
  limit: 'Rejected: the limit of 100 protected items is reached.',
  unknownUntypeableId: 'Rejected: no protected item has this id.',
  criticalByModel: 'Rejected: only a person can mark an item critical (/context-guard critical <id> on); protect it without critical.',
} as const;

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

function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

export function criticalCount(items: readonly ReferenceItem[]): number {
  return items.filter((item) => item.critical).length;
}

/** `0 protected items`, or `N protected item(s) (C critical)`. */
export function referenceCounts(items: readonly ReferenceItem[]): string {
  const count = plural(items.length, 'protected item');
  return items.length === 0 ? count : `${count} (${criticalCount(items)} critical)`;
}

export const NOTHING_TO_CLEAR = 'Context Guard has no protected items; nothing to clear.';

export function referenceClearPreview(state: ReferenceState): string {
  return state.items.length === 0
    ? NOTHING_TO_CLEAR
    : `Clear would remove ${referenceCounts(state.items)}. Nothing changed; confirm with /context-guard clear --yes.`;
}

function quoted(id: string): string {
  return `"${referenceDisplay(id)}"`;
}

function unknownItem(id: string): string {
  return isReferenceId(id) ? `Rejected: no protected item has id ${quoted(id)}.` : REJECTED.unknownUntypeableId;
}

/**
 * Applies one change as the README describes it. Where the README is silent on the order of two rejections,
 * the order is: kind, id rule, content rule, item limit, id taken (the command reads the kind before the rest).
 */
export function applyReferenceChange(state: ReferenceState, change: ReferenceChange): ReferenceOutcome {
  switch (change.kind) {
    case 'add': {
      const { id, itemKind, content, critical } = change;
      if (!isReferenceKind(itemKind)) return rejected(REJECTED.kind);
      if (!isReferenceId(id)) return rejected(REJECTED.id);
      if (!isReferenceContent(content)) return rejected(REJECTED.content);
      if (state.items.length >= MAX_REFERENCE_ITEMS) return rejected(REJECTED.limit);
      if (state.items.some((item) => item.id === id)) {
        return rejected(`Rejected: a protected item with id ${quoted(id)} already exists.`);
      }
      return changed(
        { ...state, items: [...state.items, { id, kind: itemKind, content, critical }] },
        `Protected ${itemKind} ${quoted(id)}${critical ? ' (critical)' : ''}.`,
      );
    }
    case 'remove':
      if (!state.items.some((item) => item.id === change.id)) return rejected(unknownItem(change.id));
      return changed(
        { ...state, items: state.items.filter((item) => item.id !== change.id) },
        `Removed protected item ${quoted(change.id)}.`,
      );
    case 'critical': {
      const item = state.items.find((candidate) => candidate.id === change.id);
      if (item === undefined) return rejected(unknownItem(change.id));
      if (item.critical === change.critical) {
        return unchanged(`Protected item ${quoted(change.id)} is already ${change.critical ? 'critical' : 'not critical'}; nothing changed.`);
      }
      return changed(
        { ...state, items: state.items.map((candidate) => (candidate === item ? { ...item, critical: change.critical } : candidate)) },
        `Protected item ${quoted(change.id)} is ${change.critical ? 'now' : 'no longer'} critical.`,
      );
    }
    case 'clear':
      if (state.items.length === 0) return unchanged(NOTHING_TO_CLEAR);
      return changed({ ...state, items: [] }, `Context Guard cleared: removed ${referenceCounts(state.items)}.`);
    case 'recovery':
      if (!isReferenceMode(change.mode)) return rejected(REJECTED.mode);
      if (change.mode === state.recovery) return unchanged(`Recovery is already ${change.mode}; nothing changed.`);
      return changed({ ...state, recovery: change.mode }, `Recovery set to ${change.mode}.`);
  }
}

function changed(state: ReferenceState, message: string): ReferenceOutcome {
  return { kind: 'changed', state, message };
}

function unchanged(message: string): ReferenceOutcome {
  return { kind: 'unchanged', message };
}

function rejected(message: string): ReferenceOutcome {
  return { kind: 'rejected', message };
}
