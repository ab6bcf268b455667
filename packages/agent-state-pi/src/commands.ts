import { WORK_ITEM_STATUSES, type WorkItemStatus } from '@j1nn0/agent-state';
import { helpRequest, mutationRequest, readOnlyRequest, rejectedRequest, splitWord, usageNoticeType, usageRequest } from '@j1nn0/pi-adapter-kit';
import { surfaceOf, type CommandReply, type CommandRequest, type Notice, type PiContextPort, type ReadOnlyRequest } from '@j1nn0/pi-adapter-kit';
import type { AgentStateController } from './controller.js';
import { formatClearPreview, formatHistory, formatLeftovers, formatOutcome, formatPanelVisibility, formatRejection, formatStatus, formatUsage } from './format.js';
import { stateHistory } from './history.js';
import { isQuotedId } from './limits.js';
import type { Rejection, StateMutation } from './mutations.js';
import type { Subcommand } from './subcommands.js';
import type { StateView } from './ui/state-view.js';

export const COMMAND_NAME = 'agent-state';

/**
 * Requests that change nothing recorded: reading the state or its history, previewing a clear, hiding or
 * showing the panel.
 */
export type AgentStateReadOnlyAction = 'status' | 'history' | 'clear_preview' | 'panel_on' | 'panel_off';

export type AgentStateRequest = CommandRequest<AgentStateReadOnlyAction, StateMutation, Rejection>;

/** Parses the text after `/agent-state ` into a typed request. Pure; nothing is corrected or guessed. */
export function parseCommand(args: string): AgentStateRequest {
  const { word: subcommand, rest } = splitWord(args);
  switch (subcommand) {
    case 'status':
      return rest === '' ? readOnlyRequest('status') : usageRequest(subcommand);
    case 'history': {
      const { word: id, rest: extra } = splitWord(rest);
      if (extra !== '') {
        return usageRequest(subcommand);
      }
      return id === '' ? readOnlyRequest('history') : readOnlyRequest('history', id);
    }
    case 'objective':
      return rest === '' ? usageRequest(subcommand) : mutationRequest({ kind: 'set_objective', objective: rest });
    case 'add':
      return parseIdAndContent(subcommand, rest, (id, content) => ({ kind: 'add_work_item', id, content }));
    case 'decide':
      return parseIdAndContent(subcommand, rest, (id, content) => ({ kind: 'add_decision', id, content }));
    case 'set':
      return parseSet(rest);
    case 'remove': {
      const { word: id, rest: extra } = splitWord(rest);
      return id === '' || extra !== '' ? usageRequest(subcommand) : withId(id, { kind: 'remove_work_item', id });
    }
    case 'clear':
      if (rest === '') {
        return readOnlyRequest('clear_preview');
      }
      return rest === '--yes' ? mutationRequest({ kind: 'clear' }) : usageRequest(subcommand);
    case 'panel':
      if (rest === 'on' || rest === 'off') {
        return readOnlyRequest(rest === 'on' ? 'panel_on' : 'panel_off');
      }
      return usageRequest(subcommand);
    case '':
    case 'help':
      return helpRequest(splitWord(rest).word);
    default:
      return usageRequest();
  }
}

export function isWorkItemStatus(value: string): value is WorkItemStatus {
  return WORK_ITEM_STATUSES.some((status) => status === value);
}

function parseSet(rest: string): AgentStateRequest {
  const { word: id, rest: afterId } = splitWord(rest);
  const { word: status, rest: extra } = splitWord(afterId);
  if (id === '' || status === '' || extra !== '') {
    return usageRequest('set');
  }
  return isWorkItemStatus(status)
    ? withId(id, { kind: 'set_status', id, status })
    : rejectedRequest({ code: 'invalid_status' });
}

function parseIdAndContent(
  subcommand: Subcommand,
  rest: string,
  build: (id: string, content: string) => StateMutation,
): AgentStateRequest {
  const { word: id, rest: content } = splitWord(rest);
  return id === '' || content === '' ? usageRequest(subcommand) : withId(id, build(id, content));
}

/** Quotes do not group words here: `add "my item" x` must not record the id `"my`. */
function withId(id: string, change: StateMutation): AgentStateRequest {
  return isQuotedId(id) ? rejectedRequest({ code: 'quoted_id' }) : mutationRequest(change);
}

/** What a command reads and changes: the recorded state, and how it is shown on screen. */
export interface CommandTarget {
  readonly controller: AgentStateController;
  readonly screen: StateView;
}

/** Runs a parsed request and returns what to tell the person. */
export function runCommand(request: AgentStateRequest, target: CommandTarget, ctx: PiContextPort): CommandReply {
  const { controller } = target;
  controller.ensureLoaded(ctx);
  switch (request.kind) {
    case 'read_only':
      return { ...runReadOnly(request, target, ctx), savedChange: false };
    case 'mutation': {
      const outcome = controller.apply(request.mutation, ctx, 'person');
      const beyondChange = outcome.kind === 'changed' ? formatLeftovers(outcome) : undefined;
      return { ...formatOutcome(outcome, 'person'), savedChange: outcome.kind === 'changed', ...(beyondChange === undefined ? {} : { beyondChange }) };
    }
    case 'usage':
      return { message: formatUsage(request.subcommand), type: usageNoticeType(request), savedChange: false };
    case 'rejected':
      return { message: formatRejection(request.rejection, 'person'), type: 'warning', savedChange: false };
  }
}

function runReadOnly(
  { action, id }: ReadOnlyRequest<AgentStateReadOnlyAction>,
  { controller, screen }: CommandTarget,
  ctx: PiContextPort,
): Notice {
  switch (action) {
    case 'status':
      return { message: formatStatus(controller.current(), controller.summary(), controller.since()), type: 'info' };
    case 'history':
      return { message: formatHistory(stateHistory(ctx.sessionManager.getBranch(), id), id, new Date()), type: 'info' };
    case 'clear_preview':
      return { message: formatClearPreview(controller.current()), type: 'info' };
    case 'panel_on':
    case 'panel_off': {
      screen.setPanelVisible(action === 'panel_on');
      screen.show(ctx, controller.current(), controller.summary(), controller.since());
      return { message: formatPanelVisibility(action === 'panel_on', surfaceOf(ctx), controller.current()), type: 'info' };
    }
  }
}
