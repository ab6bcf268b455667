import { WORK_ITEM_STATUSES, type AgentStateSnapshot, type WorkItemStatus } from '@j1nn0/agent-state';
import type { Caller } from '@j1nn0/pi-adapter-kit';
import type { StateHistory } from './history.js';
import { NO_DECLARATIONS, NO_TIMES, itemSince, type DeclaredBy, type SinceTimes } from './since.js';
import type { StateChange } from './state-changes.js';

// What `agent_state_get` gives a program instead of its text (Pi 0.99+: codemode scripts): the
// state as recorded, ids and content exactly as given, so a script can pass an id straight back,
// and its story: the newest saved changes, who asked for each and when.

/** One saved change: `at` and `by` where the entry says; no `changes` when it cannot be read. */
export type HistoryStepOutput = {
  readonly at?: string;
  readonly by?: Caller;
  readonly changes?: readonly StateChange[];
};

/**
 * `objective` is present only when one is set, as in a saved snapshot; `since` (ISO 8601), when an
 * unfinished item took its status, and `declaredBy`, who declared its current status, where the
 * session tells; `history`, the newest saved changes on the branch, oldest first, and how many
 * earlier ones it leaves out.
 */
export type AgentStateOutput = {
  readonly objective?: string;
  readonly workItems: readonly {
    readonly id: string;
    readonly content: string;
    readonly status: WorkItemStatus;
    readonly since?: string;
    readonly declaredBy?: Caller;
  }[];
  readonly decisions: readonly { readonly id: string; readonly content: string }[];
  readonly history: { readonly steps: readonly HistoryStepOutput[]; readonly earlier: number };
};

const StringSchema = { type: 'string' };
const StringList = { type: 'array', items: StringSchema };
const CallerSchema = { type: 'string', enum: ['person', 'model'] };
const StatusSchema = { type: 'string', enum: [...WORK_ITEM_STATUSES] };
const IdOnly = (kind: string) => ({ type: 'object', properties: { kind: { const: kind }, id: StringSchema }, required: ['kind', 'id'] });
const IdAndStatus = (kind: string) => ({
  type: 'object',
  properties: { kind: { const: kind }, id: StringSchema, status: StatusSchema },
  required: ['kind', 'id', 'status'],
});
const KindOnly = (kind: string) => ({ type: 'object', properties: { kind: { const: kind } }, required: ['kind'] });

const StateChangeSchema = {
  anyOf: [
    KindOnly('objective_set'),
    KindOnly('objective_removed'),
    IdAndStatus('work_item_added'),
    IdAndStatus('status_set'),
    IdOnly('work_item_removed'),
    IdOnly('decision_added'),
    IdOnly('decision_dropped'),
    IdAndStatus('status_confirmed'),
    {
      type: 'object',
      properties: { kind: { const: 'cleared' }, objective: { type: 'boolean' }, workItemIds: StringList, decisionIds: StringList },
      required: ['kind', 'objective', 'workItemIds', 'decisionIds'],
    },
  ],
};

/** The JSON Schema Pi shows a script author as the result type of `agent_state_get`. */
export const AGENT_STATE_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    objective: StringSchema,
    workItems: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: StringSchema, content: StringSchema, status: StatusSchema, since: StringSchema, declaredBy: CallerSchema },
        required: ['id', 'content', 'status'],
      },
    },
    decisions: {
      type: 'array',
      items: { type: 'object', properties: { id: StringSchema, content: StringSchema }, required: ['id', 'content'] },
    },
    history: {
      type: 'object',
      properties: {
        steps: {
          type: 'array',
          items: {
            type: 'object',
            properties: { at: StringSchema, by: CallerSchema, changes: { type: 'array', items: StateChangeSchema } },
          },
        },
        earlier: { type: 'integer', minimum: 0 },
      },
      required: ['steps', 'earlier'],
    },
  },
  required: ['workItems', 'decisions', 'history'],
} as const;

const NO_HISTORY: StateHistory = { lines: [], earlier: 0 };

/** A fresh copy: a script's object never shares anything with the controller's state. */
export function toAgentStateOutput(
  snapshot: AgentStateSnapshot,
  since: SinceTimes = NO_TIMES,
  history: StateHistory = NO_HISTORY,
  declared: DeclaredBy = NO_DECLARATIONS,
): AgentStateOutput {
  return {
    ...(snapshot.objective === undefined ? {} : { objective: snapshot.objective }),
    workItems: snapshot.workItems.map((item) => {
      const { id, content, status } = item;
      const time = itemSince(since, item);
      const by = declared.get(id);
      return { id, content, status, ...(time === undefined ? {} : { since: time }), ...(by === undefined ? {} : { declaredBy: by }) };
    }),
    decisions: snapshot.decisions.map(({ id, content }) => ({ id, content })),
    history: {
      steps: history.lines.map(({ timestamp, by, changes }) => ({
        ...(timestamp === undefined ? {} : { at: timestamp }),
        ...(by === undefined ? {} : { by }),
        ...(changes === undefined ? {} : { changes: changes.map(copyOfChange) }),
      })),
      earlier: history.earlier,
    },
  };
}

function copyOfChange(change: StateChange): StateChange {
  return change.kind === 'cleared' ? { ...change, workItemIds: [...change.workItemIds], decisionIds: [...change.decisionIds] } : { ...change };
}
