import { isDisplayUnsafeCodePoint } from '@j1nn0/test-checks';

// The rules of Agent State as the agent-state-pi README states them, written without the core or an
// adapter, so that a wrong rule there cannot hide behind the same wrong rule here. It predicts what a
// change does (changed, unchanged or rejected, and why) and the state afterwards; how an outcome reads
// is the adapter formatter's business, so tests turn the reasons here into text through it.

export const REFERENCE_STATUSES = ['open', 'in_progress', 'blocked', 'done'] as const;
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

export interface ReferenceWorkItem {
  readonly id: string;
  readonly content: string;
  readonly status: ReferenceStatus;
}

export interface ReferenceDecision {
  readonly id: string;
  readonly content: string;
}

export interface ReferenceState {
  readonly objective?: string;
  readonly workItems: readonly ReferenceWorkItem[];
  readonly decisions: readonly ReferenceDecision[];
}

/** The snapshot shape the README documents for the saved payload's `state`. */
export interface ReferenceSnapshot extends ReferenceState {
  readonly schemaVersion: 1;
}

export const EMPTY_REFERENCE_STATE: ReferenceState = { workItems: [], decisions: [] };

/**
 * One attempted change, whether it reaches Pi as a command or as a tool call. A status is any text here,
 * as a person may type one; `clear` without confirmation only previews.
 */
export type ReferenceChange =
  | { readonly kind: 'objective'; readonly text: string }
  | { readonly kind: 'add'; readonly id: string; readonly content: string; readonly status?: string }
  | { readonly kind: 'set'; readonly id: string; readonly status: string }
  | { readonly kind: 'remove'; readonly id: string }
  | { readonly kind: 'decide'; readonly id: string; readonly content: string }
  | { readonly kind: 'clear'; readonly confirmed: boolean };

/** Why a change was refused, in the README's order of rules. */
export type ReferenceRejection =
  | { readonly code: 'invalid_id' }
  | { readonly code: 'quoted_id' }
  | { readonly code: 'invalid_content' }
  | { readonly code: 'invalid_objective' }
  | { readonly code: 'invalid_status' }
  | { readonly code: 'work_item_limit' }
  | { readonly code: 'decision_limit' }
  | { readonly code: 'duplicate_work_item'; readonly id: string }
  | { readonly code: 'duplicate_decision'; readonly id: string }
  | { readonly code: 'unknown_work_item'; readonly id: string };

/** Why an accepted change left the state as it was. */
export type ReferenceNoChange =
  | { readonly reason: 'same_objective' }
  | { readonly reason: 'same_status'; readonly id: string; readonly status: ReferenceStatus }
  | { readonly reason: 'already_empty' }
  /** `clear` without `--yes`: a preview. */
  | { readonly reason: 'not_confirmed' };

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
const MAX_TEXT_CODE_POINTS = 500;
const MAX_ENTRIES = 200;

export function isReferenceStatus(value: string): value is ReferenceStatus {
  return (REFERENCE_STATUSES as readonly string[]).includes(value);
}

/** README: quotes do not group words, so an id that starts or ends with one is refused. */
export function isReferenceQuotedId(id: string): boolean {
  return /^["'`‘’“”]|["'`‘’“”]$/u.test(id);
}

function codePoints(text: string): number[] {
  return Array.from(text, (character) => character.codePointAt(0) ?? 0);
}

/**
 * README: 1-64 characters (code points), no whitespace, control or bidirectional formatting characters;
 * and well-formed text (no lone surrogate).
 */
export function isReferenceId(id: string): boolean {
  const points = codePoints(id);
  return (
    points.length >= 1 &&
    points.length <= MAX_ID_CODE_POINTS &&
    !/\s/u.test(id) &&
    !/\p{Cs}/u.test(id) &&
    !points.some((point) => isDisplayUnsafeCodePoint(point))
  );
}

/** README: 1-500 characters (code points) and not blank. */
export function isReferenceText(text: string): boolean {
  return text.trim() !== '' && codePoints(text).length <= MAX_TEXT_CODE_POINTS;
}

export function isEmptyReferenceState(state: ReferenceState): boolean {
  return state.objective === undefined && state.workItems.length === 0 && state.decisions.length === 0;
}

/** The state as the core saves it: the schema version, and the keys in the core's order. */
export function referenceSnapshot(state: ReferenceState): ReferenceSnapshot {
  const lists = { workItems: [...state.workItems], decisions: [...state.decisions] };
  return state.objective === undefined
    ? { schemaVersion: 1, ...lists }
    : { schemaVersion: 1, objective: state.objective, ...lists };
}

/**
 * Applies one change as the README describes it. Where the README is silent on the order of two
 * rejections, the order is: id rule, text rule, status, count limit, duplicate id.
 */
export function applyReferenceChange(state: ReferenceState, change: ReferenceChange): ReferenceOutcome {
  const changed = (after: ReferenceState): ReferenceOutcome => ({ kind: 'changed', change, previous: state, state: after });
  switch (change.kind) {
    case 'objective':
      if (!isReferenceText(change.text)) return rejected({ code: 'invalid_objective' });
      if (change.text === state.objective) return unchanged({ reason: 'same_objective' });
      return changed({ ...state, objective: change.text });
    case 'add': {
      const status = change.status ?? 'open';
      const refusal = refuseNewEntry(change.id, change.content);
      if (refusal !== undefined) return refusal;
      if (!isReferenceStatus(status)) return rejected({ code: 'invalid_status' });
      if (state.workItems.length >= MAX_ENTRIES) return rejected({ code: 'work_item_limit' });
      if (state.workItems.some((item) => item.id === change.id)) {
        return rejected({ code: 'duplicate_work_item', id: change.id });
      }
      return changed({ ...state, workItems: [...state.workItems, { id: change.id, content: change.content, status }] });
    }
    case 'decide': {
      const refusal = refuseNewEntry(change.id, change.content);
      if (refusal !== undefined) return refusal;
      if (state.decisions.length >= MAX_ENTRIES) return rejected({ code: 'decision_limit' });
      if (state.decisions.some((decision) => decision.id === change.id)) {
        return rejected({ code: 'duplicate_decision', id: change.id });
      }
      return changed({ ...state, decisions: [...state.decisions, { id: change.id, content: change.content }] });
    }
    case 'set': {
      const { status } = change;
      if (!isReferenceStatus(status)) return rejected({ code: 'invalid_status' });
      const item = state.workItems.find((candidate) => candidate.id === change.id);
      if (item === undefined) return rejected({ code: 'unknown_work_item', id: change.id });
      if (item.status === status) return unchanged({ reason: 'same_status', id: item.id, status });
      return changed({
        ...state,
        workItems: state.workItems.map((candidate) => (candidate === item ? { ...candidate, status } : candidate)),
      });
    }
    case 'remove':
      if (!state.workItems.some((candidate) => candidate.id === change.id)) {
        return rejected({ code: 'unknown_work_item', id: change.id });
      }
      return changed({ ...state, workItems: state.workItems.filter((candidate) => candidate.id !== change.id) });
    case 'clear':
      if (!change.confirmed) return unchanged({ reason: 'not_confirmed' });
      if (isEmptyReferenceState(state)) return unchanged({ reason: 'already_empty' });
      return changed(EMPTY_REFERENCE_STATE);
  }
}

/** The id and text rules a new work item or decision must pass before its list is consulted. */
function refuseNewEntry(id: string, content: string): ReferenceOutcome | undefined {
  if (!isReferenceId(id)) return rejected({ code: 'invalid_id' });
  if (isReferenceQuotedId(id)) return rejected({ code: 'quoted_id' });
  if (!isReferenceText(content)) return rejected({ code: 'invalid_content' });
  return undefined;
}

function unchanged(noChange: ReferenceNoChange): ReferenceOutcome {
  return { kind: 'unchanged', noChange };
}

function rejected(rejection: ReferenceRejection): ReferenceOutcome {
  return { kind: 'rejected', rejection };
}

/** A running model for a script of changes: the state so far, and each change's outcome. */
export class ReferenceAgentState {
  #state: ReferenceState = EMPTY_REFERENCE_STATE;

  get state(): ReferenceState {
    return this.#state;
  }

  apply(change: ReferenceChange): ReferenceOutcome {
    const outcome = applyReferenceChange(this.#state, change);
    if (outcome.kind === 'changed') this.#state = outcome.state;
    return outcome;
  }

  snapshot(): ReferenceSnapshot {
    return referenceSnapshot(this.#state);
  }
}
