import {
  AgentStateError,
  createAgentState,
  restoreAgentState,
  type AgentState,
  type AgentStateSnapshot,
  type WorkItemStatus,
} from '@j1nn0/agent-state';
import type { Caller } from '@j1nn0/pi-adapter-kit';
import { MAX_DECISIONS, MAX_WORK_ITEMS, isQuotedId, isValidId, isValidText } from './limits.js';

// The rules for changing the state, shared by the command and the tools: adapter limits first,
// then the core. Pure: a mutation is applied to a copy, so a rejection leaves nothing half done.

export type StateMutation =
  | { readonly kind: 'set_objective'; readonly objective: string }
  | {
      readonly kind: 'add_work_item';
      readonly id: string;
      readonly content: string;
      readonly status?: WorkItemStatus;
    }
  | { readonly kind: 'set_status'; readonly id: string; readonly status: WorkItemStatus }
  // A person's `set` to the status the model had declared: nothing in the state changes, but the
  // status becomes the person's word (see confirmingMutation). Never asked for directly.
  | { readonly kind: 'confirm_status'; readonly id: string; readonly status: WorkItemStatus }
  | { readonly kind: 'remove_work_item'; readonly id: string }
  | { readonly kind: 'add_decision'; readonly id: string; readonly content: string }
  | { readonly kind: 'clear' };

export type Rejection =
  | { readonly code: 'invalid_id' }
  // An id that starts or ends with a quote: the person meant quotes to group words, which they do not.
  | { readonly code: 'quoted_id' }
  | { readonly code: 'invalid_content' }
  | { readonly code: 'invalid_objective' }
  | { readonly code: 'invalid_status' }
  | { readonly code: 'work_item_limit' }
  | { readonly code: 'decision_limit' }
  // The status of the item that has the id: another tool or subcommand changes it.
  | { readonly code: 'duplicate_work_item'; readonly id: string; readonly status: WorkItemStatus }
  | { readonly code: 'duplicate_decision'; readonly id: string }
  // The ids the state has, so the caller can pick the one it meant.
  | { readonly code: 'unknown_work_item'; readonly id: string; readonly recorded: readonly string[] }
  // `remove` names a decision: decisions are kept; only a clear takes them.
  | { readonly code: 'decision_not_removable'; readonly id: string }
  // The core refused for a reason the adapter does not check itself.
  | { readonly code: 'invalid_input' };

export type NoChange =
  | { readonly reason: 'same_objective' }
  | { readonly reason: 'same_status'; readonly id: string; readonly status: WorkItemStatus }
  | { readonly reason: 'already_empty' };

export type MutationOutcome =
  | {
      readonly kind: 'changed';
      readonly mutation: StateMutation;
      readonly previous: AgentStateSnapshot;
      readonly snapshot: AgentStateSnapshot;
    }
  | { readonly kind: 'unchanged'; readonly noChange: NoChange }
  | { readonly kind: 'rejected'; readonly rejection: Rejection };

export function isEmptySnapshot(snapshot: AgentStateSnapshot): boolean {
  return snapshot.objective === undefined && snapshot.workItems.length === 0 && snapshot.decisions.length === 0;
}

/**
 * What a caller's mutation is once it is known who declared each status: a person's `set` to the
 * status the model declared confirms it, which takes the model's mark away; anything else is itself.
 */
export function confirmingMutation(
  mutation: StateMutation,
  previous: AgentStateSnapshot,
  declaredBy: ReadonlyMap<string, Caller>,
  caller: Caller,
): StateMutation {
  if (mutation.kind !== 'set_status' || caller !== 'person' || declaredBy.get(mutation.id) !== 'model') {
    return mutation;
  }
  const item = previous.workItems.find((candidate) => candidate.id === mutation.id);
  return item?.status === mutation.status ? { kind: 'confirm_status', id: mutation.id, status: mutation.status } : mutation;
}

/** Applies one mutation to a snapshot; throws only on an unexpected (internal) failure. */
export function applyMutation(previous: AgentStateSnapshot, mutation: StateMutation): MutationOutcome {
  if (mutation.kind === 'confirm_status') {
    // Confirms only the status the item has; any other is an ordinary `set`.
    const confirms = previous.workItems.some((item) => item.id === mutation.id && item.status === mutation.status);
    return confirms
      ? { kind: 'changed', mutation, previous, snapshot: restoreAgentState(previous).snapshot() }
      : applyMutation(previous, { kind: 'set_status', id: mutation.id, status: mutation.status });
  }
  const early = checkBeforeCore(previous, mutation);
  if (early !== undefined) {
    return early;
  }
  try {
    const snapshot = mutation.kind === 'clear' ? createAgentState().snapshot() : applyThroughCore(previous, mutation);
    return { kind: 'changed', mutation, previous, snapshot };
  } catch (error) {
    if (error instanceof AgentStateError) {
      return { kind: 'rejected', rejection: rejectionFromCore(error, mutation, previous) };
    }
    throw error;
  }
}

function checkBeforeCore(previous: AgentStateSnapshot, mutation: Exclude<StateMutation, { kind: 'confirm_status' }>): MutationOutcome | undefined {
  switch (mutation.kind) {
    case 'set_objective':
      if (!isValidText(mutation.objective)) {
        return rejected({ code: 'invalid_objective' });
      }
      return mutation.objective === previous.objective ? unchanged({ reason: 'same_objective' }) : undefined;
    case 'add_work_item':
      return (
        checkNewEntry(mutation.id, mutation.content) ??
        (previous.workItems.length >= MAX_WORK_ITEMS ? rejected({ code: 'work_item_limit' }) : undefined)
      );
    case 'add_decision':
      return (
        checkNewEntry(mutation.id, mutation.content) ??
        (previous.decisions.length >= MAX_DECISIONS ? rejected({ code: 'decision_limit' }) : undefined)
      );
    case 'set_status': {
      const item = previous.workItems.find((candidate) => candidate.id === mutation.id);
      if (item === undefined) {
        return rejected(unknownWorkItem(previous, mutation.id));
      }
      return item.status === mutation.status
        ? unchanged({ reason: 'same_status', id: item.id, status: item.status })
        : undefined;
    }
    case 'remove_work_item':
      if (previous.workItems.some((candidate) => candidate.id === mutation.id)) {
        return undefined;
      }
      return previous.decisions.some((decision) => decision.id === mutation.id)
        ? rejected({ code: 'decision_not_removable', id: mutation.id })
        : rejected(unknownWorkItem(previous, mutation.id));
    case 'clear':
      return isEmptySnapshot(previous) ? unchanged({ reason: 'already_empty' }) : undefined;
  }
}

function checkNewEntry(id: string, content: string): MutationOutcome | undefined {
  if (!isValidId(id)) {
    return rejected({ code: 'invalid_id' });
  }
  if (isQuotedId(id)) {
    return rejected({ code: 'quoted_id' });
  }
  return isValidText(content) ? undefined : rejected({ code: 'invalid_content' });
}

function applyThroughCore(
  previous: AgentStateSnapshot,
  mutation: Exclude<StateMutation, { kind: 'clear' | 'confirm_status' }>,
): AgentStateSnapshot {
  // The core has no objective setter on purpose: a new objective is a new snapshot.
  if (mutation.kind === 'set_objective') {
    return restoreAgentState({ ...previous, objective: mutation.objective }).snapshot();
  }
  const state: AgentState = restoreAgentState(previous);
  switch (mutation.kind) {
    case 'add_work_item':
      state.addWorkItem(
        mutation.status === undefined
          ? { id: mutation.id, content: mutation.content }
          : { id: mutation.id, content: mutation.content, status: mutation.status },
      );
      break;
    case 'set_status':
      state.setWorkItemStatus(mutation.id, mutation.status);
      break;
    case 'remove_work_item':
      state.removeWorkItem(mutation.id);
      break;
    case 'add_decision':
      state.addDecision({ id: mutation.id, content: mutation.content });
      break;
  }
  return state.snapshot();
}

function rejectionFromCore(error: AgentStateError, mutation: StateMutation, previous: AgentStateSnapshot): Rejection {
  const id = 'id' in mutation ? mutation.id : undefined;
  if (id !== undefined && error.code === 'duplicate_item_id') {
    if (mutation.kind === 'add_decision') return { code: 'duplicate_decision', id };
    const existing = previous.workItems.find((item) => item.id === id);
    if (existing !== undefined) return { code: 'duplicate_work_item', id, status: existing.status };
  }
  if (id !== undefined && error.code === 'unknown_item_id') {
    return unknownWorkItem(previous, id);
  }
  return { code: 'invalid_input' };
}

function unknownWorkItem(previous: AgentStateSnapshot, id: string): Rejection {
  return { code: 'unknown_work_item', id, recorded: previous.workItems.map((item) => item.id) };
}

function rejected(rejection: Rejection): MutationOutcome {
  return { kind: 'rejected', rejection };
}

function unchanged(noChange: NoChange): MutationOutcome {
  return { kind: 'unchanged', noChange };
}
