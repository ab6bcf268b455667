import { WORK_ITEM_STATUSES, type AgentStateSummary, type WorkItemStatus } from '@j1nn0/agent-state';
import type { TSchema } from '@sinclair/typebox';
import type { AgentStateController } from './controller.js';
import { formatOutcome, formatStatus } from './format.js';
import type { StateMutation } from './mutations.js';
import { stateHistory } from './history.js';
import { AGENT_STATE_OUTPUT_SCHEMA, toAgentStateOutput } from './structured-output.js';
import { toolCallLine, type AgentStateToolName } from './ui/tool-rows.js';
import {
  declareTool,
  wordList,
  type PiContextPort,
  type PiToolAnnotations,
  type PiToolPort,
  type PiToolResult,
} from '@j1nn0/pi-adapter-kit';

/** Every tool description carries this: the tools store declarations, they do not judge them. */
export const AUTHORITY_BOUNDARY =
  'Records caller-declared state only; does not verify truth, progress, evidence or completion.';

export interface AgentStateToolDetails {
  readonly objective: boolean;
  readonly workItems: AgentStateSummary;
  readonly decisions: number;
}

export type AgentStateTool = PiToolPort<TSchema, AgentStateToolDetails>;

/**
 * Plain JSON Schema, typed as TypeBox would type it. Pi validates plain JSON Schema, and loading the
 * TypeBox runtime for four small schemas added 50-100 ms to every Pi start (BENCHMARKS.md, figure 4).
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the type argument is the point: it types execute's params.
function jsonSchema<TStatic>(schema: object): TSchema & { static: TStatic } {
  return schema as TSchema & { static: TStatic };
}

const StringSchema = { type: 'string' };
// A plain `{ type: 'string', enum }` keeps the payload small; a union of literals would repeat
// `const` and `type` for every status in every request. Pi before 1.6 answers a status outside the enum
// with only "must be equal to one of the allowed values": the description names them in the schema itself.
const StatusSchema = { type: 'string', enum: [...WORK_ITEM_STATUSES], description: `${wordList(WORK_ITEM_STATUSES, 'or')}.` };

const GetParameters = jsonSchema<Record<string, never>>({ type: 'object', properties: {} });
const AddWorkItemParameters = jsonSchema<{ id: string; content: string; status?: WorkItemStatus }>({
  type: 'object',
  properties: { id: StringSchema, content: StringSchema, status: StatusSchema },
  required: ['id', 'content'],
});
const SetStatusParameters = jsonSchema<{ id: string; status: WorkItemStatus }>({
  type: 'object',
  properties: { id: StringSchema, status: StatusSchema },
  required: ['id', 'status'],
});
const AddDecisionParameters = jsonSchema<{ id: string; content: string }>({
  type: 'object',
  properties: { id: StringSchema, content: StringSchema },
  required: ['id', 'content'],
});

// Each mutation builds on the state the one before left: `sequential` makes Pi run them one at a
// time in call order, where it would run the calls of one message (or one codemode script) in parallel.
const MUTATES_STATE = 'sequential';

// Hints for permission extensions (Pi 0.99+): everything stays inside the session, and only
// setting a status replaces something already recorded.
const READ_ONLY: PiToolAnnotations = { readOnlyHint: true, openWorldHint: false };
const ADDS_ONLY: PiToolAnnotations = { destructiveHint: false, openWorldHint: false };
const SETS_STATUS: PiToolAnnotations = { idempotentHint: true, openWorldHint: false };

function detailsOf(controller: AgentStateController): AgentStateToolDetails {
  const snapshot = controller.current();
  return {
    objective: snapshot.objective !== undefined,
    workItems: controller.summary(),
    decisions: snapshot.decisions.length,
  };
}

function textResult(text: string, controller: AgentStateController): PiToolResult<AgentStateToolDetails> {
  return { content: [{ type: 'text', text }], details: detailsOf(controller) };
}

/** Pi marks a tool result as an error only when execute rejects; the message is all it shows. */
function runMutation(
  controller: AgentStateController,
  mutation: StateMutation,
  ctx: PiContextPort,
): Promise<PiToolResult<AgentStateToolDetails>> {
  const outcome = controller.apply(mutation, ctx, 'model');
  const notice = formatOutcome(outcome, 'model');
  if (outcome.kind === 'rejected' || outcome.kind === 'failed') {
    return Promise.reject(new Error(notice.message));
  }
  return Promise.resolve(textResult(notice.message, controller));
}

// Keeps each tool's parameter type for `execute` while the list shares one element type; every tool
// gets the kit's declaration, its call line told apart by the tool's name.
function defineTool<TParams extends TSchema>(
  tool: PiToolPort<TParams, AgentStateToolDetails> & { readonly name: AgentStateToolName },
): PiToolPort<TParams, AgentStateToolDetails> {
  return declareTool(tool, (args) => toolCallLine(tool.name, args));
}

export function createAgentStateTools(controller: AgentStateController): AgentStateTool[] {
  return [
    defineTool({
      name: 'agent_state_get',
      label: 'Agent State',
      description: `Read the Agent State: objective, work items, decisions. Survives compaction and resume. ${AUTHORITY_BOUNDARY}`,
      promptSnippet: 'Read the Agent State',
      parameters: GetParameters,
      outputSchema: AGENT_STATE_OUTPUT_SCHEMA,
      annotations: READ_ONLY,
      execute: (_toolCallId, _params, _signal, _onUpdate, ctx) => {
        controller.ensureLoaded(ctx);
        const { snapshot, summary, since, declared } = controller.shown();
        const text = formatStatus(snapshot, summary, since, new Date(), declared);
        const history = stateHistory(ctx.sessionManager.getBranch());
        return Promise.resolve({ ...textResult(text, controller), structuredContent: toAgentStateOutput(snapshot, since, history, declared) });
      },
    }),
    defineTool({
      name: 'agent_state_add_work_item',
      label: 'Agent State: add work item',
      description: `Add a work item (status defaults to open). ${AUTHORITY_BOUNDARY}`,
      promptSnippet: 'Record a work item',
      parameters: AddWorkItemParameters,
      executionMode: MUTATES_STATE,
      annotations: ADDS_ONLY,
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
      promptSnippet: "Set a work item's status",
      parameters: SetStatusParameters,
      executionMode: MUTATES_STATE,
      annotations: SETS_STATUS,
      execute: (_toolCallId, { id, status }, _signal, _onUpdate, ctx) =>
        runMutation(controller, { kind: 'set_status', id, status }, ctx),
    }),
    defineTool({
      name: 'agent_state_add_decision',
      label: 'Agent State: add decision',
      description: `Record a decision. ${AUTHORITY_BOUNDARY}`,
      promptSnippet: 'Record a decision',
      parameters: AddDecisionParameters,
      executionMode: MUTATES_STATE,
      annotations: ADDS_ONLY,
      execute: (_toolCallId, { id, content }, _signal, _onUpdate, ctx) =>
        runMutation(controller, { kind: 'add_decision', id, content }, ctx),
    }),
  ];
}
