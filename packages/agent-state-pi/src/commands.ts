import { WORK_ITEM_STATUSES, type WorkItemStatus } from '@j1nn0/agent-state';
import type { AgentStateController } from './controller.js';
import { USAGE, formatClearPreview, formatOutcome, formatRejection, formatStatus, type Notice } from './format.js';
import type { Rejection, StateMutation } from './mutations.js';
import type { PiContextPort } from './port.js';

export const COMMAND_NAME = 'agent-state';

export const SUBCOMMANDS = ['status', 'objective', 'add', 'set', 'remove', 'decide', 'clear'] as const;

export type CommandRequest =
  | { readonly kind: 'status' }
  | { readonly kind: 'clear_preview' }
  | { readonly kind: 'mutation'; readonly mutation: StateMutation }
  | { readonly kind: 'usage' }
  | { readonly kind: 'rejected'; readonly rejection: Rejection };

const USAGE_REQUEST: CommandRequest = { kind: 'usage' };

/** Splits off the first whitespace-separated word; `rest` keeps its inner spacing. */
function splitWord(text: string): { readonly word: string; readonly rest: string } {
  const trimmed = text.trim();
  const match = /^(\S+)\s*([\s\S]*)$/u.exec(trimmed);
  return { word: match?.[1] ?? '', rest: match?.[2] ?? '' };
}

/** Parses the text after `/agent-state ` into a typed request. Pure; nothing is corrected or guessed. */
export function parseCommand(args: string): CommandRequest {
  const { word: subcommand, rest } = splitWord(args);
  switch (subcommand) {
    case 'status':
      return rest === '' ? { kind: 'status' } : USAGE_REQUEST;
    case 'objective':
      return rest === '' ? USAGE_REQUEST : mutation({ kind: 'set_objective', objective: rest });
    case 'add':
      return parseIdAndContent(rest, (id, content) => ({ kind: 'add_work_item', id, content }));
    case 'decide':
      return parseIdAndContent(rest, (id, content) => ({ kind: 'add_decision', id, content }));
    case 'set':
      return parseSet(rest);
    case 'remove': {
      const { word: id, rest: extra } = splitWord(rest);
      return id === '' || extra !== '' ? USAGE_REQUEST : mutation({ kind: 'remove_work_item', id });
    }
    case 'clear':
      if (rest === '') {
        return { kind: 'clear_preview' };
      }
      return rest === '--yes' ? mutation({ kind: 'clear' }) : USAGE_REQUEST;
    default:
      return USAGE_REQUEST;
  }
}

export function isWorkItemStatus(value: string): value is WorkItemStatus {
  return WORK_ITEM_STATUSES.some((status) => status === value);
}

function parseSet(rest: string): CommandRequest {
  const { word: id, rest: afterId } = splitWord(rest);
  const { word: status, rest: extra } = splitWord(afterId);
  if (id === '' || status === '' || extra !== '') {
    return USAGE_REQUEST;
  }
  return isWorkItemStatus(status)
    ? mutation({ kind: 'set_status', id, status })
    : { kind: 'rejected', rejection: { code: 'invalid_status' } };
}

function parseIdAndContent(rest: string, build: (id: string, content: string) => StateMutation): CommandRequest {
  const { word: id, rest: content } = splitWord(rest);
  return id === '' || content === '' ? USAGE_REQUEST : mutation(build(id, content));
}

function mutation(change: StateMutation): CommandRequest {
  return { kind: 'mutation', mutation: change };
}

/** Runs a parsed request and returns what to tell the person. */
export function runCommand(request: CommandRequest, controller: AgentStateController, ctx: PiContextPort): Notice {
  switch (request.kind) {
    case 'status':
      return { message: formatStatus(controller.current(), controller.summary()), type: 'info' };
    case 'clear_preview':
      return { message: formatClearPreview(controller.current()), type: 'info' };
    case 'mutation':
      return formatOutcome(controller.apply(request.mutation, ctx));
    case 'usage':
      return { message: USAGE, type: 'warning' };
    case 'rejected':
      return { message: formatRejection(request.rejection), type: 'warning' };
  }
}
