import { WORK_ITEM_STATUSES, type WorkItemStatus } from '@j1nn0/agent-state';
import { helpRequest, mutationRequest, readOnlyRequest, rejectedRequest, splitWord, usageNoticeType, usageRequest } from '@j1nn0/pi-adapter-kit';
import { awaitsFirstSave, surfaceOf, type CommandReply, type CommandRequest, type Notice, type PiContextPort, type ReadOnlyRequest } from '@j1nn0/pi-adapter-kit';
import type { AgentStateController } from './controller.js';
import {
  formatClearPreview,
  formatExport,
  formatExportReply,
  formatHistory,
  formatLeftovers,
  formatOutcome,
  formatPanelVisibility,
  formatRejection,
  formatStatus,
  formatUsage,
  NOT_SAVED_YET,
} from './format.js';
import { ALL_HISTORY, stateHistory } from './history.js';
import { isQuotedId } from './limits.js';
import type { Rejection, StateMutation } from './mutations.js';
import type { Subcommand } from './subcommands.js';
import type { StateView } from './ui/state-view.js';

export const COMMAND_NAME = 'agent-state';

/**
 * Requests that change nothing recorded: reading the state, its history (the newest changes or all of
 * them) or its export, previewing a clear, hiding or showing the panel.
 */
export type AgentStateReadOnlyAction = 'status' | 'history' | 'history_all' | 'export' | 'clear_preview' | 'panel_on' | 'panel_off';

export type AgentStateRequest = CommandRequest<AgentStateReadOnlyAction, StateMutation, Rejection>;

/** Parses the text after `/agent-state ` into a typed request. Pure; nothing is corrected or guessed. */
export function parseCommand(args: string): AgentStateRequest {
  const { word: subcommand, rest } = splitWord(args);
  switch (subcommand) {
    case 'status':
      return rest === '' ? readOnlyRequest('status') : usageRequest(subcommand);
    case 'history': {
      const { word: first, rest: afterFirst } = splitWord(rest);
      const all = first === '--all';
      const { word: id, rest: extra } = all ? splitWord(afterFirst) : { word: first, rest: afterFirst };
      if (extra !== '') {
        return usageRequest(subcommand);
      }
      const action = all ? 'history_all' : 'history';
      return id === '' ? readOnlyRequest(action) : readOnlyRequest(action, id);
    }
    case 'export':
      return rest === '' ? readOnlyRequest('export') : usageRequest(subcommand);
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
      if (outcome.kind !== 'changed') {
        return { ...formatOutcome(outcome, 'person'), savedChange: false };
      }
      // Where the chat line shows the change itself, what a person must know beyond it is still told.
      // In Pi's terminal the footer says a session is not saved yet, so the chat keeps to the change; a
      // client, which may show no footer, gets it in the reply.
      const notice = formatOutcome(outcome, 'person');
      const message = awaitsFirstSave(ctx) ? `${notice.message} ${NOT_SAVED_YET}` : notice.message;
      const beyondChange = formatLeftovers(outcome);
      return { ...notice, message, savedChange: true, ...(beyondChange === undefined ? {} : { beyondChange }) };
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
      return { message: formatStatus(controller.current(), controller.summary(), controller.since(), new Date(), controller.declared()), type: 'info' };
    case 'history':
    case 'history_all': {
      const history = stateHistory(ctx.sessionManager.getBranch(), id, action === 'history_all' ? ALL_HISTORY : undefined);
      return { message: formatHistory(history, id, new Date()), type: 'info' };
    }
    case 'export': {
      // Into the editor where Pi has one (its terminal), for the person to copy or send; else as the reply.
      const markdown = formatExport(controller.current(), controller.since(), controller.declared());
      const intoEditor = markdown !== undefined && surfaceOf(ctx) === 'terminal' && ctx.ui.setEditorText !== undefined;
      if (intoEditor) {
        ctx.ui.setEditorText?.(markdown);
      }
      return { message: formatExportReply(markdown, intoEditor), type: 'info' };
    }
    case 'clear_preview':
      return { message: formatClearPreview(controller.current()), type: 'info' };
    case 'panel_on':
    case 'panel_off': {
      screen.setPanelVisible(action === 'panel_on');
      screen.show(ctx, controller.shown());
      return { message: formatPanelVisibility(action === 'panel_on', surfaceOf(ctx), controller.current()), type: 'info' };
    }
  }
}
