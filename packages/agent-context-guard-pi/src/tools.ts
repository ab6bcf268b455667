import { CONTEXT_ITEM_KINDS, type ContextItemKind } from '@j1nn0/agent-context-guard';
import type { TSchema } from '@sinclair/typebox';
import type { CommandTarget } from './commands.js';
import type { AppliedChange } from './controller.js';
import { formatListWithCheck, formatOutcome } from './format.js';
import { countCritical, type GuardState } from './guard-state.js';
import { declareTool, type PiToolAnnotations, type PiToolPort, type PiToolResult } from '@j1nn0/pi-adapter-kit';
import { CONTEXT_GUARD_OUTPUT_SCHEMA, toContextGuardOutput } from './structured-output.js';
import { guardCallLine, type ContextGuardToolName } from './ui/tool-rows.js';

/** Every tool description carries this: the tools store declarations, they do not judge them. */
export const AUTHORITY_BOUNDARY =
  'Records what the caller declares protected; does not verify or establish that it is true.';

export const LIST_TOOL_NAME = 'context_guard_list' satisfies ContextGuardToolName;
export const PROTECT_TOOL_NAME = 'context_guard_protect' satisfies ContextGuardToolName;

export interface ContextGuardToolDetails {
  readonly items: number;
  readonly critical: number;
}

export type ContextGuardTool = PiToolPort<TSchema, ContextGuardToolDetails>;

/**
 * Plain JSON Schema, typed as TypeBox would type it. Pi validates plain JSON Schema, and loading the
 * TypeBox runtime for two small schemas added 50-100 ms to every Pi start (BENCHMARKS.md, figure 4).
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the type argument is the point: it types execute's params.
function jsonSchema<TStatic>(schema: object): TSchema & { static: TStatic } {
  return schema as TSchema & { static: TStatic };
}

const StringSchema = { type: 'string' };
// A plain `{ type: 'string', enum }` keeps the payload small; a union of literals would repeat
// `const` and `type` for every kind in every request.
const KindSchema = { type: 'string', enum: [...CONTEXT_ITEM_KINDS] };

const ListParameters = jsonSchema<Record<string, never>>({ type: 'object', properties: {} });
// No `critical`: what is restated to the model after a compaction is a person's decision
// (`/context-guard critical <id> on`). A call that still asks for it is refused.
const ProtectParameters = jsonSchema<{ id: string; kind: ContextItemKind; content: string }>({
  type: 'object',
  properties: { id: StringSchema, kind: KindSchema, content: StringSchema },
  required: ['id', 'kind', 'content'],
});

/**
 * Whether the model's raw arguments ask for a critical item in any form (Pi passes on properties the
 * schema does not name); `null` and `false` say "not critical", as an absent value does.
 */
function asksForCritical(params: object): boolean {
  const { critical } = params as { critical?: unknown };
  return critical !== undefined && critical !== null && critical !== false;
}

// Hints for permission extensions (Pi 0.99+): everything stays inside the session, and protecting
// only adds an item.
const READ_ONLY: PiToolAnnotations = { readOnlyHint: true, openWorldHint: false };
const ADDS_ONLY: PiToolAnnotations = { destructiveHint: false, openWorldHint: false };

function textResult(text: string, state: GuardState): PiToolResult<ContextGuardToolDetails> {
  return {
    content: [{ type: 'text', text }],
    details: { items: state.items.length, critical: countCritical(state.items) },
  };
}

// Keeps each tool's parameter type for `execute` while the list shares one element type; both tools
// get the kit's declaration, their call line told apart by the tool's name.
function defineTool<TParams extends TSchema>(
  tool: PiToolPort<TParams, ContextGuardToolDetails> & { readonly name: ContextGuardToolName },
): PiToolPort<TParams, ContextGuardToolDetails> {
  // `critical` is not offered, yet a call that sends it gets its own answer (asksForCritical).
  return declareTool(tool, (args) => guardCallLine(tool.name, args), ['critical']);
}

export function createContextGuardTools(target: CommandTarget): ContextGuardTool[] {
  const { controller, lifecycle } = target;
  return [
    defineTool({
      name: LIST_TOOL_NAME,
      label: 'Context Guard',
      description: `List protected context items and the last post-compaction check. The items survive compaction and resume. ${AUTHORITY_BOUNDARY}`,
      promptSnippet: 'List protected context items and the last compaction check',
      parameters: ListParameters,
      outputSchema: CONTEXT_GUARD_OUTPUT_SCHEMA,
      annotations: READ_ONLY,
      execute: (_toolCallId, _params, _signal, _onUpdate, ctx) => {
        controller.ensureLoaded(ctx);
        const state = controller.current();
        const text = formatListWithCheck(state, lifecycle.status(ctx.sessionManager).lastCheck);
        return Promise.resolve({ ...textResult(text, state), structuredContent: toContextGuardOutput(state) });
      },
    }),
    defineTool({
      name: PROTECT_TOOL_NAME,
      label: 'Context Guard: protect',
      description: `Protect a context item so it is checked after compaction; only a person can mark it critical. ${AUTHORITY_BOUNDARY}`,
      promptSnippet: 'Protect a context item so compactions are checked for it',
      parameters: ProtectParameters,
      // Each protection builds on the set the one before left: Pi runs them one at a time, in call
      // order, where it would run the calls of one message (or one codemode script) in parallel.
      executionMode: 'sequential',
      annotations: ADDS_ONLY,
      execute: (_toolCallId, params, _signal, _onUpdate, ctx) => {
        const { id, kind, content } = params;
        const outcome: AppliedChange = asksForCritical(params)
          ? { kind: 'rejected', rejection: { code: 'critical_by_model' } }
          : controller.apply({ kind: 'add', id, itemKind: kind, content, critical: false }, ctx, 'model');
        const notice = formatOutcome(outcome, 'model');
        // Pi marks a tool result as an error only when execute rejects; the message is all it shows.
        if (outcome.kind !== 'changed') {
          return Promise.reject(new Error(notice.message));
        }
        return Promise.resolve(textResult(notice.message, controller.current()));
      },
    }),
  ];
}
