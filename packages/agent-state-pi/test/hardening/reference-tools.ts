import {
  applyReferenceChange,
  isReferenceStatus,
  type ReferenceChange,
  type ReferenceOutcome,
  type ReferenceState,
  type ReferenceStatus,
} from '@j1nn0/pi-testkit/reference-models';

// The README's tool table: Pi checks the arguments against the schema first (strings; `status` one of the four,
// optional for adding, where a model's `null` counts as absent), then the tool refuses a field it does not take,
// then it applies the same change as the command.

export const REFERENCE_TOOLS = [
  'agent_state_add_work_item',
  'agent_state_set_work_item_status',
  'agent_state_add_decision',
] as const;
export type ReferenceToolName = (typeof REFERENCE_TOOLS)[number];

export type ReferenceToolResult =
  | { readonly kind: 'invalid_arguments' }
  | { readonly kind: 'unknown_fields'; readonly fields: readonly string[] }
  | { readonly kind: 'outcome'; readonly outcome: ReferenceOutcome };

/** The fields each tool takes, as the README's tool table lists them. */
export const REFERENCE_TOOL_FIELDS: Readonly<Record<ReferenceToolName, readonly string[]>> = {
  agent_state_add_work_item: ['id', 'content', 'status'],
  agent_state_set_work_item_status: ['id', 'status'],
  agent_state_add_decision: ['id', 'content'],
};

const INVALID: ReferenceToolResult = { kind: 'invalid_arguments' };

function stringField(args: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const value = args[key];
  return typeof value === 'string' ? value : undefined;
}

/** The optional `status`: absent (or null), one of the four, or a value the schema refuses. */
function statusField(args: Readonly<Record<string, unknown>>): ReferenceStatus | undefined | 'invalid' {
  const status = args['status'] ?? undefined;
  if (status === undefined) return undefined;
  return typeof status === 'string' && isReferenceStatus(status) ? status : 'invalid';
}

function toChange(tool: ReferenceToolName, args: Readonly<Record<string, unknown>>): ReferenceChange | undefined {
  const id = stringField(args, 'id');
  const content = stringField(args, 'content');
  const status = statusField(args);
  if (id === undefined) return undefined;
  switch (tool) {
    case 'agent_state_add_work_item':
      if (content === undefined || status === 'invalid') return undefined;
      return status === undefined ? { kind: 'add', id, content } : { kind: 'add', id, content, status };
    case 'agent_state_set_work_item_status':
      return status === undefined || status === 'invalid' ? undefined : { kind: 'set', id, status };
    case 'agent_state_add_decision':
      return content === undefined ? undefined : { kind: 'decide', id, content };
  }
}

export function runReferenceTool(
  state: ReferenceState,
  tool: ReferenceToolName,
  args: Readonly<Record<string, unknown>>,
): ReferenceToolResult {
  const change = toChange(tool, args);
  if (change === undefined) return INVALID;
  const fields = REFERENCE_TOOL_FIELDS[tool];
  if (Object.keys(args).some((field) => !fields.includes(field))) return { kind: 'unknown_fields', fields };
  return { kind: 'outcome', outcome: applyReferenceChange(state, change) };
}
