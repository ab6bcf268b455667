import {
  applyReferenceChange,
  isReferenceQuotedId,
  isReferenceStatus,
  referenceSnapshot,
  type ReferenceChange,
  type ReferenceState,
} from '@j1nn0/pi-testkit/reference-models';
import { formatPanelVisibility, formatRejection, formatUsage } from '../../src/format.js';
import { referenceOutcomeText } from './reference-messages.js';

// The README's `/agent-state` grammar, read independently of src/commands.ts: words are separated by
// whitespace, subcommands are case-sensitive, the text of `objective`/`add`/`decide` keeps its inner spacing.

export interface ExpectedNotice {
  readonly message: string;
  readonly type: 'info' | 'warning';
}

export type ReferenceCommandResult =
  /** The status listing; its content is checked structurally elsewhere. */
  | { readonly kind: 'status' }
  /** The history of the branch (of one item with `id`); its lines are checked against the saved entries. */
  | { readonly kind: 'history'; readonly id?: string }
  | { readonly kind: 'notice'; readonly notice: ExpectedNotice; readonly state?: ReferenceState };

/** README: a known subcommand with wrong arguments shows that subcommand's usage only. */
function usageOf(subcommand?: string): ReferenceCommandResult {
  return { kind: 'notice', notice: { message: formatUsage(subcommand), type: 'warning' } };
}

/** README: the bare command and `help [subcommand]` are questions, answered with the usage as information. */
function helpOf(subcommand: string): ReferenceCommandResult {
  return { kind: 'notice', notice: { message: formatUsage(subcommand === '' ? undefined : subcommand), type: 'info' } };
}

const QUOTED_ID: ReferenceCommandResult = {
  kind: 'notice',
  notice: { message: formatRejection({ code: 'quoted_id' }, 'person'), type: 'warning' },
};

function firstWord(text: string): { readonly word: string; readonly rest: string } {
  const trimmed = text.trim();
  const end = trimmed.search(/\s/u);
  return end === -1 ? { word: trimmed, rest: '' } : { word: trimmed.slice(0, end), rest: trimmed.slice(end).trim() };
}

function words(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/u);
}

/** What `/agent-state <args>` shows and, when it changes the state, the state afterwards. */
export function runReferenceCommand(state: ReferenceState, args: string): ReferenceCommandResult {
  const { word: subcommand, rest } = firstWord(args);
  switch (subcommand) {
    case 'status':
      return rest === '' ? { kind: 'status' } : usageOf(subcommand);
    case 'history': {
      const [id, ...extra] = words(rest);
      if (extra.length > 0) return usageOf(subcommand);
      return id === undefined ? { kind: 'history' } : { kind: 'history', id };
    }
    case 'clear':
      if (rest !== '' && rest !== '--yes') return usageOf(subcommand);
      return change(state, { kind: 'clear', confirmed: rest === '--yes' });
    case 'objective':
      return rest === '' ? usageOf(subcommand) : change(state, { kind: 'objective', text: rest });
    case 'add':
    case 'decide': {
      const { word: id, rest: content } = firstWord(rest);
      if (id === '' || content === '') return usageOf(subcommand);
      if (isReferenceQuotedId(id)) return QUOTED_ID;
      return change(state, subcommand === 'add' ? { kind: 'add', id, content } : { kind: 'decide', id, content });
    }
    case 'set': {
      const [id, status, ...extra] = words(rest);
      if (id === undefined || status === undefined || extra.length > 0) return usageOf(subcommand);
      if (!isReferenceStatus(status)) {
        return { kind: 'notice', notice: { message: formatRejection({ code: 'invalid_status' }, 'person'), type: 'warning' } };
      }
      if (isReferenceQuotedId(id)) return QUOTED_ID;
      return change(state, { kind: 'set', id, status });
    }
    case 'remove': {
      const [id, ...extra] = words(rest);
      if (id === undefined || extra.length > 0) return usageOf(subcommand);
      return isReferenceQuotedId(id) ? QUOTED_ID : change(state, { kind: 'remove', id });
    }
    case 'panel':
      if (rest !== 'on' && rest !== 'off') return usageOf(subcommand);
      // README: `panel on|off` records nothing; the world's host runs in rpc mode, so a client gets the panel.
      return {
        kind: 'notice',
        notice: { message: formatPanelVisibility(rest === 'on', 'client', referenceSnapshot(state)), type: 'info' },
      };
    case '':
    case 'help':
      return helpOf(firstWord(rest).word);
    default:
      return usageOf();
  }
}

function change(state: ReferenceState, requested: ReferenceChange): ReferenceCommandResult {
  const outcome = applyReferenceChange(state, requested);
  const type = outcome.kind === 'rejected' ? 'warning' : 'info';
  const message = referenceOutcomeText(state, outcome, 'person');
  return outcome.kind === 'changed'
    ? { kind: 'notice', notice: { message, type }, state: outcome.state }
    : { kind: 'notice', notice: { message, type } };
}
