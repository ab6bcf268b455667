import { CONTEXT_ITEM_KINDS, type ContextItem, type ContextItemKind } from '@j1nn0/agent-context-guard';

/** `off`: only report after compaction. `critical`: also restore lost critical items for the model. */
export const RECOVERY_MODES = ['off', 'critical'] as const;

export type RecoveryMode = (typeof RECOVERY_MODES)[number];

/** The words after `/context-guard critical <id>`: a person makes an item critical or not. */
export const CRITICAL_SWITCHES = ['on', 'off'] as const;

/** What the adapter keeps and saves: the protected items, in insertion order, and the recovery mode. */
export interface GuardState {
  readonly recovery: RecoveryMode;
  readonly items: readonly ContextItem[];
}

export const EMPTY_GUARD_STATE: GuardState = Object.freeze({ recovery: 'off', items: Object.freeze([]) });

export function isRecoveryMode(value: unknown): value is RecoveryMode {
  return RECOVERY_MODES.some((mode) => mode === value);
}

export function countCritical(items: readonly ContextItem[]): number {
  return items.filter((item) => item.critical).length;
}

/** Kinds are taken exactly as written: `Goal` is not `goal`. */
export function isContextItemKind(value: unknown): value is ContextItemKind {
  return CONTEXT_ITEM_KINDS.some((kind) => kind === value);
}
