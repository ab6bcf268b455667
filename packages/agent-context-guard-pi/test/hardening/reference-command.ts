import { formatClearPreview, formatUsage } from '../../src/format.js';
import { applyReferenceChange, type ReferenceChange, type ReferenceState } from './reference-context-guard.js';
import { referenceOutcomeText } from './reference-messages.js';

// The README's `/context-guard` grammar, read independently of src/commands.ts: words are separated by
// whitespace, subcommands, kinds and modes are case-sensitive, `--critical` counts only right after the kind,
// `critical <id>` takes exactly `on` or `off`,
// and the content keeps its inner spacing.

export interface ExpectedNotice {
  readonly message: string;
  readonly type: 'info' | 'warning';
}

export type ReferenceCommandResult =
  /** `list` and `status` listings; their content is checked structurally elsewhere. */
  | { readonly kind: 'list' }
  | { readonly kind: 'status' }
  | { readonly kind: 'notice'; readonly notice: ExpectedNotice; readonly state?: ReferenceState };

/** README: a known subcommand with wrong arguments shows that subcommand's usage only. */
function usageOf(subcommand?: string): ReferenceCommandResult {
  return { kind: 'notice', notice: { message: formatUsage(subcommand), type: 'warning' } };
}

/** README: the bare command and `help [subcommand]` are questions, answered with the usage as information. */
function helpOf(subcommand: string): ReferenceCommandResult {
  return { kind: 'notice', notice: { message: formatUsage(subcommand === '' ? undefined : subcommand), type: 'info' } };
}

/** The first word and the text after it, both without surrounding whitespace. */
function firstWord(text: string): { readonly word: string; readonly rest: string } {
  const trimmed = text.trim();
  const end = trimmed.search(/\s/u);
  return end === -1 ? { word: trimmed, rest: '' } : { word: trimmed.slice(0, end), rest: trimmed.slice(end).trim() };
}

function words(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/u);
}

/** `add <id> <kind> [--critical] <content...>`. */
function addRequest(rest: string): ReferenceChange | undefined {
  const { word: id, rest: afterId } = firstWord(rest);
  const { word: itemKind, rest: afterKind } = firstWord(afterId);
  const { word: flag, rest: afterFlag } = firstWord(afterKind);
  const critical = flag === '--critical';
  const content = critical ? afterFlag : afterKind;
  return id === '' || itemKind === '' || content === '' ? undefined : { kind: 'add', id, itemKind, content, critical };
}

/** What `/context-guard <args>` shows and, when it changes the state, the state afterwards. */
export function runReferenceCommand(state: ReferenceState, args: string): ReferenceCommandResult {
  const { word: subcommand, rest } = firstWord(args);
  switch (subcommand) {
    case 'list':
      return rest === '' ? { kind: 'list' } : usageOf(subcommand);
    case 'status':
      return rest === '' ? { kind: 'status' } : usageOf(subcommand);
    case 'clear':
      if (rest === '') return { kind: 'notice', notice: { message: formatClearPreview(state), type: 'info' } };
      return rest === '--yes' ? change(state, { kind: 'clear' }) : usageOf(subcommand);
    case 'add': {
      const request = addRequest(rest);
      return request === undefined ? usageOf(subcommand) : change(state, request);
    }
    case 'remove': {
      const [id, ...extra] = words(rest);
      return id === undefined || extra.length > 0 ? usageOf(subcommand) : change(state, { kind: 'remove', id });
    }
    case 'critical': {
      const [id, switchWord, ...extra] = words(rest);
      return id === undefined || (switchWord !== 'on' && switchWord !== 'off') || extra.length > 0
        ? usageOf(subcommand)
        : change(state, { kind: 'critical', id, critical: switchWord === 'on' });
    }
    case 'recovery': {
      const [mode, ...extra] = words(rest);
      return mode === undefined || extra.length > 0 ? usageOf(subcommand) : change(state, { kind: 'recovery', mode });
    }
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
