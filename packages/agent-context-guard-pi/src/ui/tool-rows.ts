import { argumentText, segment, type StyledLine } from '@j1nn0/pi-adapter-kit';

// How the model's guard tool calls read in Pi's chat: the call line says what is being protected
// (kind, id); the result row is the kit's green tick or red cross.

export type ContextGuardToolName = 'context_guard_list' | 'context_guard_protect';

const TITLE = segment('Context Guard', 'toolTitle', true);

export function guardCallLine(tool: ContextGuardToolName, args: unknown): StyledLine {
  if (tool === 'context_guard_list') {
    return [TITLE, segment(' list', 'muted')];
  }
  const content = argumentText(args, 'content');
  return [
    TITLE,
    segment(' protect', 'muted'),
    segment(` ${argumentText(args, 'kind') ?? '…'}`, 'muted'),
    segment(` ${argumentText(args, 'id') ?? '…'}`, 'accent'),
    ...(content === undefined ? [] : [segment(` "${content}"`, 'dim')]),
  ];
}
