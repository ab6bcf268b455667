import {
  WORK_ITEM_STATUSES,
  summarizeAgentState,
  type AgentStateSnapshot,
  type AgentStateSummary,
  type WorkItemStatus,
} from '@j1nn0/agent-state';
import { Type, type TSchema } from '@sinclair/typebox';
import type { AgentStateController } from './controller.js';
import { formatOutcome, formatStatus } from './format.js';
import type { StateMutation } from './mutations.js';
import type { PiContextPort, PiToolPort, PiToolResult } from './port.js';

/** Every tool description carries this: the tools store declarations, they do not judge them. */
export const AUTHORITY_BOUNDARY =
  'Records caller-declared state only; does not verify truth, progress, evidence or completion.';

export interface AgentStateToolDetails {
  readonly objective: boolean;
  readonly workItems: AgentStateSummary;
  readonly decisions: number;
}

export type AgentStateTool = PiToolPort<TSchema, AgentStateToolDetails>;

// A plain `{ type: 'string', enum }` keeps the payload small; a union of literals would repeat
// `const` and `type` for every status in every request.
const StatusSchema = Type.Unsafe<WorkItemStatus>({ type: 'string', enum: [...WORK_ITEM_STATUSES] });

const GetParameters = Type.Object({});
const AddWorkItemParameters = Type.Object({
  id: Type.String(),
  content: Type.String(),
  status: Type.Optional(StatusSchema),
});
const SetStatusParameters = Type.Object({ id: Type.String(), status: StatusSchema });
const AddDecisionParameters = Type.Object({ id: Type.String(), content: Type.String() });

function detailsOf(snapshot: AgentStateSnapshot): AgentStateToolDetails {
  return {
    objective: snapshot.objective !== undefined,
    workItems: summarizeAgentState(snapshot),
    decisions: snapshot.decisions.length,
  };
}

function textResult(text: string, snapshot: AgentStateSnapshot): PiToolResult<AgentStateToolDetails> {
  return { content: [{ type: 'text', text }], details: detailsOf(snapshot) };
}

/** Pi marks a tool result as an error only when execute rejects; the message is all it shows. */
function runMutation(
  controller: AgentStateController,
  mutation: StateMutation,
  ctx: PiContextPort,
): Promise<PiToolResult<AgentStateToolDetails>> {
  const outcome = controller.apply(mutation, ctx);
  const notice = formatOutcome(outcome);
  if (outcome.kind === 'rejected' || outcome.kind === 'failed') {
    return Promise.reject(new Error(notice.message));
  }
  return Promise.resolve(textResult(notice.message, controller.current()));
}

// Keeps each tool's parameter type for `execute` while the list shares one element type.
function defineTool<TParams extends TSchema>(
  tool: PiToolPort<TParams, AgentStateToolDetails>,
): PiToolPort<TParams, AgentStateToolDetails> {
  return tool;
}

export function createAgentStateTools(controller: AgentStateController): AgentStateTool[] {
  return [
    defineTool({
      name: 'agent_state_get',
      label: 'Agent State',
      description: `Read the Agent State: objective, work items, decisions. ${AUTHORITY_BOUNDARY}`,
      parameters: GetParameters,
      execute: () => {
        const snapshot = controller.current();
        return Promise.resolve(textResult(formatStatus(snapshot), snapshot));
      },
    }),
    defineTool({
      name: 'agent_state_add_work_item',
      label: 'Agent State: add work item',
      description: `Add a work item (status defaults to open). ${AUTHORITY_BOUNDARY}`,
      parameters: AddWorkItemParameters,
      execute: (_toolCallId, params, _signal, _onUpdate, ctx) => {
        const { id, content, status } = params;
        const mutation: StateMutation =
          status === undefined
            ? { kind: 'add_work_item', id, content }
            : { kind: 'add_work_item', id, content, status };
        return runMutation(controller, mutation, ctx);
      },
    }),
    defineTool({
      name: 'agent_state_set_work_item_status',
      label: 'Agent State: set status',
      description: `Set a work item's status. ${AUTHORITY_BOUNDARY}`,
      parameters: SetStatusParameters,
      execute: (_toolCallId, { id, status }, _signal, _onUpdate, ctx) =>
        runMutation(controller, { kind: 'set_status', id, status }, ctx),
    }),
    defineTool({
      name: 'agent_state_add_decision',
      label: 'Agent State: add decision',
      description: `Record a decision. ${AUTHORITY_BOUNDARY}`,
      parameters: AddDecisionParameters,
      execute: (_toolCallId, { id, content }, _signal, _onUpdate, ctx) =>
        runMutation(controller, { kind: 'add_decision', id, content }, ctx),
    }),
  ];
}
