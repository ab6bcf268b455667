import {
  CONTEXT_GUARD_SCHEMA_VERSION,
  ContextGuardError,
  createContextGuard,
  restoreContextGuard,
  type ContextItemKind,
} from '@j1nn0/agent-context-guard';
import { isContextItemKind, type GuardState, type RecoveryMode } from './guard-state.js';
import { MAX_ITEMS, isValidContent, isValidId } from './limits.js';

// The rules for changing the protected set, shared by the command and the tools: adapter limits
// first, then the core. Pure: a rejected mutation leaves the previous state untouched.

export type GuardMutation =
  | {
      readonly kind: 'add';
      readonly id: string;
      readonly itemKind: ContextItemKind;
      readonly content: string;
      readonly critical: boolean;
    }
  | { readonly kind: 'remove'; readonly id: string }
  // Only a person's command makes this change: criticality decides what is restated to the model.
  | { readonly kind: 'set_critical'; readonly id: string; readonly critical: boolean }
  | { readonly kind: 'clear' }
  | { readonly kind: 'set_recovery'; readonly recovery: RecoveryMode };

export type Rejection =
  | { readonly code: 'invalid_id' }
  | { readonly code: 'invalid_content' }
  | { readonly code: 'invalid_kind' }
  | { readonly code: 'invalid_recovery' }
  | { readonly code: 'item_limit' }
  | { readonly code: 'duplicate_item'; readonly id: string }
  // The ids the guard has, so the caller can pick the one it meant.
  | { readonly code: 'unknown_item'; readonly id: string; readonly recorded: readonly string[] }
  // The model asked for a critical item: criticality is a person's decision.
  | { readonly code: 'critical_by_model' }
  // The core refused for a reason the adapter does not check itself.
  | { readonly code: 'invalid_input' };

export type NoChange =
  | { readonly reason: 'already_empty' }
  | { readonly reason: 'same_critical'; readonly id: string; readonly critical: boolean }
  | { readonly reason: 'same_recovery'; readonly recovery: RecoveryMode };

export type MutationOutcome =
  | {
      readonly kind: 'changed';
      readonly mutation: GuardMutation;
      readonly previous: GuardState;
      readonly state: GuardState;
    }
  | { readonly kind: 'unchanged'; readonly noChange: NoChange }
  | { readonly kind: 'rejected'; readonly rejection: Rejection };

/** Applies one mutation to a state; throws only on an unexpected (internal) failure. */
export function applyMutation(previous: GuardState, mutation: GuardMutation): MutationOutcome {
  switch (mutation.kind) {
    case 'add':
      return addItem(previous, mutation);
    case 'remove':
      return previous.items.some((item) => item.id === mutation.id)
        ? changed(previous, mutation, { ...previous, items: previous.items.filter((item) => item.id !== mutation.id) })
        : rejected(unknownItem(previous, mutation.id));
    case 'set_critical':
      return setCritical(previous, mutation);
    case 'clear':
      return previous.items.length === 0
        ? { kind: 'unchanged', noChange: { reason: 'already_empty' } }
        : changed(previous, mutation, { ...previous, items: [] });
    case 'set_recovery':
      return previous.recovery === mutation.recovery
        ? { kind: 'unchanged', noChange: { reason: 'same_recovery', recovery: mutation.recovery } }
        : changed(previous, mutation, { ...previous, recovery: mutation.recovery });
  }
}

function addItem(previous: GuardState, mutation: Extract<GuardMutation, { kind: 'add' }>): MutationOutcome {
  if (!isValidId(mutation.id)) {
    return rejected({ code: 'invalid_id' });
  }
  if (!isContextItemKind(mutation.itemKind)) {
    return rejected({ code: 'invalid_kind' });
  }
  if (!isValidContent(mutation.content)) {
    return rejected({ code: 'invalid_content' });
  }
  if (previous.items.length >= MAX_ITEMS) {
    return rejected({ code: 'item_limit' });
  }
  try {
    // The core rejects a taken id; the list it returns is a fresh copy.
    const guard = createContextGuard(previous.items);
    guard.add({ id: mutation.id, kind: mutation.itemKind, content: mutation.content, critical: mutation.critical });
    return changed(previous, mutation, { ...previous, items: guard.list() });
  } catch (error) {
    if (error instanceof ContextGuardError) {
      return rejected(rejectionFromCore(error, mutation.id));
    }
    throw error;
  }
}

function setCritical(previous: GuardState, mutation: Extract<GuardMutation, { kind: 'set_critical' }>): MutationOutcome {
  const item = previous.items.find((candidate) => candidate.id === mutation.id);
  if (item === undefined) {
    return rejected(unknownItem(previous, mutation.id));
  }
  if (item.critical === mutation.critical) {
    return { kind: 'unchanged', noChange: { reason: 'same_critical', id: item.id, critical: item.critical } };
  }
  // The core has no setter for criticality: the same items, in the same order, with one flag changed,
  // go through the core's restore so they are validated as any saved set is.
  const items = restoreContextGuard({
    schemaVersion: CONTEXT_GUARD_SCHEMA_VERSION,
    items: previous.items.map((candidate) => (candidate.id === mutation.id ? { ...candidate, critical: mutation.critical } : candidate)),
  }).list();
  return changed(previous, mutation, { ...previous, items });
}

function unknownItem(previous: GuardState, id: string): Rejection {
  return { code: 'unknown_item', id, recorded: previous.items.map((item) => item.id) };
}

function rejectionFromCore(error: ContextGuardError, id: string): Rejection {
  return error.code === 'duplicate_item_id' ? { code: 'duplicate_item', id } : { code: 'invalid_input' };
}

function changed(previous: GuardState, mutation: GuardMutation, state: GuardState): MutationOutcome {
  return { kind: 'changed', mutation, previous, state };
}

function rejected(rejection: Rejection): MutationOutcome {
  return { kind: 'rejected', rejection };
}
