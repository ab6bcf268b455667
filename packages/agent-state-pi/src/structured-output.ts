import { WORK_ITEM_STATUSES, type AgentStateSnapshot, type WorkItemStatus } from '@j1nn0/agent-state';
import { NO_TIMES, type SinceTimes } from './since.js';

// What `agent_state_get` gives a program instead of its text (Pi 0.99+: codemode scripts): the
// state as recorded, ids and content exactly as given, so a script can pass an id straight back.

/**
 * `objective` is present only when one is set, as in a saved snapshot; `since` (ISO 8601), when an
 * unfinished item took its status, where the session tells.
 */
export type AgentStateOutput = {
  readonly objective?: string;
  readonly workItems: readonly { readonly id: string; readonly content: string; readonly status: WorkItemStatus; readonly since?: string }[];
  readonly decisions: readonly { readonly id: string; readonly content: string }[];
};

const StringSchema = { type: 'string' };

/** The JSON Schema Pi shows a script author as the result type of `agent_state_get`. */
export const AGENT_STATE_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    objective: StringSchema,
    workItems: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: StringSchema, content: StringSchema, status: { type: 'string', enum: [...WORK_ITEM_STATUSES] }, since: StringSchema },
        required: ['id', 'content', 'status'],
      },
    },
    decisions: {
      type: 'array',
      items: { type: 'object', properties: { id: StringSchema, content: StringSchema }, required: ['id', 'content'] },
    },
  },
  required: ['workItems', 'decisions'],
} as const;

/** A fresh copy: a script's object never shares anything with the controller's state. */
export function toAgentStateOutput(snapshot: AgentStateSnapshot, since: SinceTimes = NO_TIMES): AgentStateOutput {
  return {
    ...(snapshot.objective === undefined ? {} : { objective: snapshot.objective }),
    workItems: snapshot.workItems.map(({ id, content, status }) => {
      const time = status === 'done' ? undefined : since.get(id);
      return time === undefined ? { id, content, status } : { id, content, status, since: time };
    }),
    decisions: snapshot.decisions.map(({ id, content }) => ({ id, content })),
  };
}
