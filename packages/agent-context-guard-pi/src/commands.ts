import type { CompactionLifecycle } from './compaction.js';
import type { GuardController } from './controller.js';
import {
  USAGE,
  formatClearPreview,
  formatList,
  formatOutcome,
  formatRejection,
  formatStatus,
  type Notice,
} from './format.js';
import { isContextItemKind, isRecoveryMode } from './guard-state.js';
import type { GuardMutation, Rejection } from './mutations.js';
import type { PiContextPort } from './port.js';

export const COMMAND_NAME = 'context-guard';

export const SUBCOMMANDS = ['add', 'list', 'remove', 'clear', 'status', 'recovery'] as const;

export const CRITICAL_FLAG = '--critical';

export type CommandRequest =
  | { readonly kind: 'list' }
  | { readonly kind: 'status' }
  | { readonly kind: 'clear_preview' }
  | { readonly kind: 'mutation'; readonly mutation: GuardMutation }
  | { readonly kind: 'usage' }
  | { readonly kind: 'rejected'; readonly rejection: Rejection };

const USAGE_REQUEST: CommandRequest = { kind: 'usage' };

/** Splits off the first whitespace-separated word; `rest` keeps its inner spacing. */
function splitWord(text: string): { readonly word: string; readonly rest: string } {
  const trimmed = text.trim();
  const match = /^(\S+)\s*([\s\S]*)$/u.exec(trimmed);
  return { word: match?.[1] ?? '', rest: match?.[2] ?? '' };
}

/** Parses the text after `/context-guard ` into a typed request. Pure; nothing is corrected or guessed. */
export function parseCommand(args: string): CommandRequest {
  const { word: subcommand, rest } = splitWord(args);
  switch (subcommand) {
    case 'add':
      return parseAdd(rest);
    case 'list':
      return rest === '' ? { kind: 'list' } : USAGE_REQUEST;
    case 'status':
      return rest === '' ? { kind: 'status' } : USAGE_REQUEST;
    case 'remove': {
      const { word: id, rest: extra } = splitWord(rest);
      return id === '' || extra !== '' ? USAGE_REQUEST : mutation({ kind: 'remove', id });
    }
    case 'clear':
      if (rest === '') {
        return { kind: 'clear_preview' };
      }
      return rest === '--yes' ? mutation({ kind: 'clear' }) : USAGE_REQUEST;
    case 'recovery': {
      const { word: mode, rest: extra } = splitWord(rest);
      if (mode === '' || extra !== '') {
        return USAGE_REQUEST;
      }
      return isRecoveryMode(mode)
        ? mutation({ kind: 'set_recovery', recovery: mode })
        : { kind: 'rejected', rejection: { code: 'invalid_recovery' } };
    }
    default:
      return USAGE_REQUEST;
  }
}

/** `<id> <kind> [--critical] <content...>`: the flag is recognised only right after the kind. */
function parseAdd(rest: string): CommandRequest {
  const { word: id, rest: afterId } = splitWord(rest);
  const { word: kind, rest: afterKind } = splitWord(afterId);
  const { word: flag, rest: afterFlag } = splitWord(afterKind);
  const critical = flag === CRITICAL_FLAG;
  const content = critical ? afterFlag : afterKind;
  if (id === '' || kind === '' || content === '') {
    return USAGE_REQUEST;
  }
  return isContextItemKind(kind)
    ? mutation({ kind: 'add', id, itemKind: kind, content, critical })
    : { kind: 'rejected', rejection: { code: 'invalid_kind' } };
}

function mutation(change: GuardMutation): CommandRequest {
  return { kind: 'mutation', mutation: change };
}

/** What a command reads and changes: the protected set and the compaction lifecycle's last check. */
export interface CommandTarget {
  readonly controller: GuardController;
  readonly lifecycle: CompactionLifecycle;
}

/** Runs a parsed request and returns what to tell the person. */
export function runCommand(request: CommandRequest, target: CommandTarget, ctx: PiContextPort): Notice {
  const { controller, lifecycle } = target;
  switch (request.kind) {
    case 'list':
      return { message: formatList(controller.current()), type: 'info' };
    case 'status':
      return {
        message: formatStatus({
          state: controller.current(),
          discarded: controller.discardedOnLoad(),
          verificationPending: lifecycle.isVerificationPending(),
          lastCheck: lifecycle.lastCheck(),
        }),
        type: 'info',
      };
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
