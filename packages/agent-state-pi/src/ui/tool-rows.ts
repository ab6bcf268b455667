import { argumentText, segment, type LineSegment, type StyledLine } from '@j1nn0/pi-adapter-kit';
import { isWorkItemStatus } from '../commands.js';
import { STATUS_COLORS } from './panel.js';

// How the model's tool calls read in Pi's chat: the call line says what is being recorded (verb, id,
// status). The result row is the kit's: one line, a green tick or a red cross, all of it on ctrl+o.

export type AgentStateToolName =
  | 'agent_state_get'
  | 'agent_state_add_work_item'
  | 'agent_state_set_work_item_status'
  | 'agent_state_add_decision';

const TITLE = segment('Agent State', 'toolTitle', true);

function statusSegment(status: string | undefined, prefix: string): LineSegment {
  const color = status !== undefined && isWorkItemStatus(status) ? STATUS_COLORS[status] : 'dim';
  return segment(`${prefix}${status ?? '…'}`, color);
}

/** The call line, from the arguments as far as the model has sent them. */
export function toolCallLine(tool: AgentStateToolName, args: unknown): StyledLine {
  const id = segment(` ${argumentText(args, 'id') ?? '…'}`, 'accent');
  const content = argumentText(args, 'content');
  const quoted = content === undefined ? [] : [segment(` "${content}"`, 'dim')];
  switch (tool) {
    case 'agent_state_get':
      return [TITLE, segment(' read', 'muted')];
    case 'agent_state_add_work_item':
      return [TITLE, segment(' add', 'muted'), id, statusSegment(argumentText(args, 'status') ?? 'open', ' '), ...quoted];
    case 'agent_state_set_work_item_status':
      return [TITLE, segment(' set', 'muted'), id, statusSegment(argumentText(args, 'status'), ' → ')];
    case 'agent_state_add_decision':
      return [TITLE, segment(' decide', 'muted'), id, ...quoted];
  }
}
