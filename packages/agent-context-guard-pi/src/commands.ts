import type { CompactionLifecycle } from './compaction.js';
import type { GuardController } from './controller.js';
import {
  INTERNAL_FAILURE,
  formatClearPreview,
  formatList,
  formatOutcome,
  formatRejection,
  formatRestateReply,
  formatStatus,
  formatUsage,
} from './format.js';
import { isContextItemKind, isRecoveryMode } from './guard-state.js';
import type { GuardMutation, Rejection } from './mutations.js';
import {
  helpRequest,
  mutationRequest,
  readOnlyRequest,
  rejectedRequest,
  splitWord,
  usageNoticeType,
  usageRequest,
  type CommandReply,
  type CommandRequest,
  type PiContextPort,
} from '@j1nn0/pi-adapter-kit';

export const COMMAND_NAME = 'context-guard';

export const CRITICAL_FLAG = '--critical';

/** Requests that record nothing: listing the protected set, its status, previewing a clear. */
export type GuardReadOnlyAction = 'list' | 'status' | 'clear_preview';

/** `restate`: the person restates to the model what the last check found lost; only a person can. */
export type GuardRequest = CommandRequest<GuardReadOnlyAction, GuardMutation, Rejection> | { readonly kind: 'restate' };

/** Parses the text after `/context-guard ` into a typed request. Pure; nothing is corrected or guessed. */
export function parseCommand(args: string): GuardRequest {
  const { word: subcommand, rest } = splitWord(args);
  switch (subcommand) {
    case 'add':
      return parseAdd(rest);
    case 'list':
    case 'status':
      return rest === '' ? readOnlyRequest(subcommand) : usageRequest(subcommand);
    case 'remove': {
      const { word: id, rest: extra } = splitWord(rest);
      return id === '' || extra !== '' ? usageRequest(subcommand) : mutationRequest({ kind: 'remove', id });
    }
    case 'critical': {
      const { word: id, rest: afterId } = splitWord(rest);
      const { word: switchWord, rest: extra } = splitWord(afterId);
      if (id === '' || extra !== '' || (switchWord !== 'on' && switchWord !== 'off')) {
        return usageRequest(subcommand);
      }
      return mutationRequest({ kind: 'set_critical', id, critical: switchWord === 'on' });
    }
    case 'clear':
      if (rest === '') {
        return readOnlyRequest('clear_preview');
      }
      return rest === '--yes' ? mutationRequest({ kind: 'clear' }) : usageRequest(subcommand);
    case 'recovery': {
      const { word: mode, rest: extra } = splitWord(rest);
      if (mode === '' || extra !== '') {
        return usageRequest(subcommand);
      }
      return isRecoveryMode(mode)
        ? mutationRequest({ kind: 'set_recovery', recovery: mode })
        : rejectedRequest({ code: 'invalid_recovery' });
    }
    case 'restate':
      return rest === '' ? { kind: 'restate' } : usageRequest(subcommand);
    case '':
    case 'help':
      return helpRequest(splitWord(rest).word);
    default:
      return usageRequest();
  }
}

/** `<id> <kind> [--critical] <content...>`: the flag is recognised only right after the kind. */
function parseAdd(rest: string): GuardRequest {
  const { word: id, rest: afterId } = splitWord(rest);
  const { word: kind, rest: afterKind } = splitWord(afterId);
  const { word: flag, rest: afterFlag } = splitWord(afterKind);
  const critical = flag === CRITICAL_FLAG;
  const content = critical ? afterFlag : afterKind;
  if (id === '' || kind === '' || content === '') {
    return usageRequest('add');
  }
  return isContextItemKind(kind)
    ? mutationRequest({ kind: 'add', id, itemKind: kind, content, critical })
    : rejectedRequest({ code: 'invalid_kind' });
}

/** What a command reads and changes: the protected set and the compaction lifecycle's last check. */
export interface CommandTarget {
  readonly controller: GuardController;
  readonly lifecycle: CompactionLifecycle;
}

/** Runs a parsed request and returns what to tell the person. */
export function runCommand(request: GuardRequest, target: CommandTarget, ctx: PiContextPort): CommandReply {
  target.controller.ensureLoaded(ctx);
  switch (request.kind) {
    case 'read_only':
      return { message: formatReadOnly(request.action, target, ctx), type: 'info', savedChange: false };
    case 'mutation': {
      const outcome = target.controller.apply(request.mutation, ctx, 'person');
      return { ...formatOutcome(outcome, 'person'), savedChange: outcome.kind === 'changed' };
    }
    case 'usage':
      return { message: formatUsage(request.subcommand), type: usageNoticeType(request), savedChange: false };
    case 'rejected':
      return { message: formatRejection(request.rejection, 'person'), type: 'warning', savedChange: false };
    case 'restate':
      return restate(target, ctx);
  }
}

/** Saves the restatement (a full disk refuses it, saving nothing) and says what the model will read. */
function restate({ controller, lifecycle }: CommandTarget, ctx: PiContextPort): CommandReply {
  try {
    return { message: formatRestateReply(lifecycle.restate(ctx.sessionManager, controller.current())), type: 'info', savedChange: false };
  } catch {
    return { message: INTERNAL_FAILURE, type: 'error', savedChange: false };
  }
}

function formatReadOnly(action: GuardReadOnlyAction, { controller, lifecycle }: CommandTarget, ctx: PiContextPort): string {
  switch (action) {
    case 'list':
      return formatList(controller.current());
    case 'status': {
      const compactions = lifecycle.status(ctx.sessionManager);
      return formatStatus({
        state: controller.current(),
        discarded: controller.discardedOnLoad(),
        verificationPending: compactions.pending,
        lastCheck: compactions.lastCheck,
      });
    }
    case 'clear_preview':
      return formatClearPreview(controller.current());
  }
}
