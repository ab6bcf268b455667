import { isDisplayUnsafeCodePoint } from '@j1nn0/test-checks';

// An independent reference for the Agent State rules and messages, written from the README alone. It
// imports nothing from src/, so a wrong rule there cannot hide behind the same wrong rule here.

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

export const EMPTY_REFERENCE_STATE: ReferenceState = { workItems: [], decisions: [] };

export type ReferenceChange =
  | { readonly kind: 'objective'; readonly text: string }
  | { readonly kind: 'add'; readonly id: string; readonly content: string; readonly status?: ReferenceStatus }
  | { readonly kind: 'set'; readonly id: string; readonly status: ReferenceStatus }
  | { readonly kind: 'remove'; readonly id: string }
  | { readonly kind: 'decide'; readonly id: string; readonly content: string }
  | { readonly kind: 'clear' };

export type ReferenceOutcome =
  | { readonly kind: 'changed'; readonly state: ReferenceState; readonly message: string }
  | { readonly kind: 'unchanged'; readonly message: string }
  | { readonly kind: 'rejected'; readonly message: string };

const MAX_ID_CODE_POINTS = 64;
const MAX_TEXT_CODE_POINTS = 500;
const MAX_ENTRIES = 200;

export const REFERENCE_USAGE =
  'Usage: /agent-state status | objective <text> | add <id> <content> | set <id> <open|in_progress|blocked|done> | ' +
  'remove <id> | decide <id> <content> | clear [--yes] | panel <on|off>';

/** README: a known subcommand with wrong arguments shows that subcommand's usage only. */
export const REFERENCE_SUBCOMMAND_USAGE: Readonly<Record<string, string>> = {
  status: 'Usage: /agent-state status',
  objective: 'Usage: /agent-state objective <text>',
  add: 'Usage: /agent-state add <id> <content>',
  set: 'Usage: /agent-state set <id> <open|in_progress|blocked|done>',
  remove: 'Usage: /agent-state remove <id>',
  decide: 'Usage: /agent-state decide <id> <content>',
  clear: 'Usage: /agent-state clear [--yes]',
  panel: 'Usage: /agent-state panel <on|off>',
};

/**
 * README: `panel on|off` shows or hides the panel and records nothing. The notices an RPC client gets
 * (the model-based host runs in rpc mode); an empty state has no panel to send yet.
 */
export const REFERENCE_PANEL_NOTICES = {
  on: 'Agent State panel sent to this client; hide it with /agent-state panel off.',
  onWhileEmpty: 'Agent State panel on; this client receives it once something is recorded.',
  off: 'Agent State panel hidden; show it again with /agent-state panel on.',
} as const;

/** README: quotes do not group words, so an id that starts or ends with one is refused. */
export function isReferenceQuotedId(id: string): boolean {
  return /^["'`‘’“”]|["'`‘’“”]$/u.test(id);
}

export const REJECTED = {
  status: 'Rejected: unknown status. Valid statuses: open, in_progress, blocked, done.',
  id: 'Rejected: an id must be 1-64 characters with no whitespace, control or bidirectional formatting characters.',
  quotedId: 'Rejected: an id is a single word; quotes do not group words (write my-item, not "my item").',
  content: 'Rejected: content must be 1-500 characters and not blank.',
  objective: 'Rejected: the objective must be 1-500 characters and not blank.',
  workItemLimit: 'Rejected: the limit of 200 work items is reached.',
  decisionLimit: 'Rejected: the limit of 200 decisions is reached.',
} as const;

export function isReferenceStatus(value: string): value is ReferenceStatus {
  return (REFERENCE_STATUSES as readonly string[]).includes(value);
}

function codePoints(text: string): number[] {
  return Array.from(text, (character) => character.codePointAt(0) ?? 0);
}

/**
 * README: 1-64 characters (code points), no whitespace, control or bidirectional formatting characters;
 * and well-formed text (no lone surrogate), as the lone-surrogate regression requires.
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

function counted(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

function contents(state: ReferenceState): string {
  const objective = state.objective === undefined ? 'no objective' : 'the objective';
  const workItems = counted(state.workItems.length, 'work item');
  return `${objective}, ${workItems} and ${counted(state.decisions.length, 'decision')}`;
}

export function referenceClearPreview(state: ReferenceState): string {
  return isEmptyReferenceState(state)
    ? 'Agent State is already empty; nothing to clear.'
    : `Clear would remove ${contents(state)}. Nothing changed; confirm with /agent-state clear --yes.`;
}

function unknownWorkItem(id: string): string {
  return isReferenceId(id) ? `Rejected: no work item has id "${id}".` : 'Rejected: no work item has this id.';
}

/**
 * Applies one change as the README describes it. Where the README is silent on the order of two rejections,
 * the order is: id rule, text rule, count limit, duplicate id.
 */
export function applyReferenceChange(state: ReferenceState, change: ReferenceChange): ReferenceOutcome {
  switch (change.kind) {
    case 'objective':
      if (!isReferenceText(change.text)) return rejected(REJECTED.objective);
      if (change.text === state.objective) return unchanged('Objective unchanged: it already has this text.');
      return changed({ ...state, objective: change.text }, 'Objective set.');
    case 'add': {
      const refusal = refuseNewEntry(change.id, change.content, state.workItems, REJECTED.workItemLimit, 'work item');
      if (refusal !== undefined) return refusal;
      const status = change.status ?? 'open';
      return changed(
        { ...state, workItems: [...state.workItems, { id: change.id, content: change.content, status }] },
        `Added work item "${change.id}" (${status}).`,
      );
    }
    case 'decide': {
      const refusal = refuseNewEntry(change.id, change.content, state.decisions, REJECTED.decisionLimit, 'decision');
      if (refusal !== undefined) return refusal;
      return changed(
        { ...state, decisions: [...state.decisions, { id: change.id, content: change.content }] },
        `Recorded decision "${change.id}".`,
      );
    }
    case 'set': {
      const item = state.workItems.find((candidate) => candidate.id === change.id);
      if (item === undefined) return rejected(unknownWorkItem(change.id));
      if (item.status === change.status) {
        return unchanged(`Work item "${item.id}" is already ${item.status}; nothing changed.`);
      }
      return changed(
        {
          ...state,
          workItems: state.workItems.map((candidate) =>
            candidate === item ? { ...candidate, status: change.status } : candidate,
          ),
        },
        `Work item "${item.id}": ${item.status} -> ${change.status}.`,
      );
    }
    case 'remove':
      if (!state.workItems.some((candidate) => candidate.id === change.id)) return rejected(unknownWorkItem(change.id));
      return changed(
        { ...state, workItems: state.workItems.filter((candidate) => candidate.id !== change.id) },
        `Removed work item "${change.id}".`,
      );
    case 'clear':
      if (isEmptyReferenceState(state)) return unchanged('Agent State is already empty; nothing to clear.');
      return changed(EMPTY_REFERENCE_STATE, `Agent State cleared: removed ${contents(state)}.`);
  }
}

function refuseNewEntry(
  id: string,
  content: string,
  existing: readonly { readonly id: string }[],
  limitMessage: string,
  noun: string,
): ReferenceOutcome | undefined {
  if (!isReferenceId(id)) return rejected(REJECTED.id);
  if (isReferenceQuotedId(id)) return rejected(REJECTED.quotedId);
  if (!isReferenceText(content)) return rejected(REJECTED.content);
  if (existing.length >= MAX_ENTRIES) return rejected(limitMessage);
  if (existing.some((entry) => entry.id === id)) return rejected(`Rejected: a ${noun} with id "${id}" already exists.`);
  return undefined;
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
