import type { PiCompletionItem, PiContextPort, PiExtensionPort } from './port.js';
import type { EntryTranscript } from './entry-transcript.js';
import type { CommandReply } from './outcome-notice.js';
import { surfaceOf } from './surface.js';

// An adapter's one slash command, from the words typed to the reply: how arguments split into words,
// what they parse into (the grammar stays in the adapter), the completion menu, the usage line, and
// telling the person what a command did.

// Commands take whitespace-separated words; content is the rest of the line, inner spacing kept.

/** Splits off the first whitespace-separated word; `rest` keeps its inner spacing. */
export function splitWord(text: string): { readonly word: string; readonly rest: string } {
  const trimmed = text.trim();
  const match = /^(\S+)\s*([\s\S]*)$/u.exec(trimmed);
  return { word: match?.[1] ?? '', rest: match?.[2] ?? '' };
}

/** The words of a completion prefix; a trailing space yields a last, empty word being typed. */
export function completionWords(prefix: string): string[] {
  return prefix.trimStart().split(/\s+/u);
}

// Pi replaces the whole argument text (everything after `/name `) with an item's `value`, so each
// value is the full argument text; `label` is the word offered, `description` what it does.

export interface CompletionCandidate {
  readonly word: string;
  readonly description?: string;
}

/** The candidates that start with the typed word, each turned into a full-argument item. */
export function offerCompletions(
  candidates: readonly (string | CompletionCandidate)[],
  typed: string,
  toValue: (word: string) => string,
): PiCompletionItem[] {
  return candidates
    .map((candidate) => (typeof candidate === 'string' ? { word: candidate } : candidate))
    .filter((candidate) => candidate.word.startsWith(typed))
    .map(({ word, description }) => ({
      value: toValue(word),
      label: word,
      ...(description === undefined ? {} : { description }),
    }));
}

/**
 * The menu Pi shows, or null for none. When the typed text already is the only match, a menu would
 * make the first Enter accept the item instead of running the command, so there is none.
 */
export function completionMenu(prefix: string, items: readonly PiCompletionItem[]): PiCompletionItem[] | null {
  if (items.length === 0) {
    return null;
  }
  const [only] = items;
  if (items.length === 1 && only !== undefined && only.value === prefix.trimStart()) {
    return null;
  }
  return [...items];
}

// What a slash command's arguments parse into, for every adapter: a read-only action (it records
// nothing: it shows the state, previews a change or shows or hides something on screen), a change,
// the usage, or a rejection found while parsing. The grammar that produces it stays in the adapter.

export type CommandRequest<TReadOnly extends string, TMutation, TRejection> =
  | ReadOnlyRequest<TReadOnly>
  | { readonly kind: 'mutation'; readonly mutation: TMutation }
  | UsageRequest
  | { readonly kind: 'rejected'; readonly rejection: TRejection };

export interface ReadOnlyRequest<TReadOnly extends string> {
  readonly kind: 'read_only';
  readonly action: TReadOnly;
  /** The recorded id the action is about, for an action that takes one (e.g. one item's history). */
  readonly id?: string;
}

export function readOnlyRequest<TReadOnly extends string>(action: TReadOnly, id?: string): ReadOnlyRequest<TReadOnly> {
  return id === undefined ? { kind: 'read_only', action } : { kind: 'read_only', action, id };
}

export function mutationRequest<TMutation>(mutation: TMutation): { readonly kind: 'mutation'; readonly mutation: TMutation } {
  return { kind: 'mutation', mutation };
}

/**
 * The usage, of `subcommand` or (undefined) of the whole command. `asked`: the person asked for it
 * (the bare command, `help`), a question answered as information; else the command was malformed.
 */
export interface UsageRequest {
  readonly kind: 'usage';
  readonly subcommand: string | undefined;
  readonly asked: boolean;
}

/** The command was malformed: its usage, as a warning. */
export function usageRequest(subcommand?: string): UsageRequest {
  return { kind: 'usage', subcommand, asked: false };
}

/** The bare command, or `help [subcommand]`: the person asked for the usage. */
export function helpRequest(subcommand?: string): UsageRequest {
  return { kind: 'usage', subcommand: subcommand === '' ? undefined : subcommand, asked: true };
}

/** How the usage is told: as information when asked for, as a warning when a command was malformed. */
export function usageNoticeType(request: UsageRequest): 'info' | 'warning' {
  return request.asked ? 'info' : 'warning';
}

export function rejectedRequest<TRejection>(rejection: TRejection): { readonly kind: 'rejected'; readonly rejection: TRejection } {
  return { kind: 'rejected', rejection };
}

/**
 * The usage line of one subcommand, or of the whole command for a bare or unknown one. Each
 * subcommand's grammar is written once; the full line is made of them, so the two cannot differ.
 */
export function formatCommandUsage<TSubcommand extends string>(
  command: string,
  grammars: Readonly<Record<TSubcommand, string>>,
  subcommand: string | undefined,
): string {
  const known = subcommand !== undefined && Object.hasOwn(grammars, subcommand) ? (subcommand as TSubcommand) : undefined;
  if (known !== undefined) {
    return `Usage: /${command} ${grammars[known]}`;
  }
  return `Usage: /${command} ${Object.values<string>(grammars).join(' | ')}`;
}

// An adapter's one slash command: it runs the arguments, then tells the person what happened.

export interface ReplyCommandOptions {
  readonly name: string;
  readonly description: string;
  /** Runs the text after `/name ` and says what to tell the person. */
  readonly run: (args: string, ctx: PiContextPort) => CommandReply;
  readonly complete: (argumentPrefix: string) => PiCompletionItem[] | null;
  /** The adapter's chat lines, where Pi draws them (see registerEntryTranscript). */
  readonly transcript: EntryTranscript | undefined;
}

export function registerReplyCommand(pi: Pick<PiExtensionPort, 'registerCommand'>, options: ReplyCommandOptions): void {
  pi.registerCommand(options.name, {
    description: options.description,
    handler: (args, ctx) => {
      notifyReply(ctx, options.run(args, ctx), options.transcript);
      return Promise.resolve();
    },
    getArgumentCompletions: (argumentPrefix) => options.complete(argumentPrefix),
  });
}

/**
 * Tells the person what a command did. In the terminal UI a saved change already draws its line in
 * the chat; saying it again in a notification would show the same change twice, so only what the reply
 * says beyond the change is told there.
 */
export function notifyReply(ctx: PiContextPort, reply: CommandReply, transcript: EntryTranscript | undefined): void {
  if (!(reply.savedChange && transcript !== undefined && surfaceOf(ctx) === 'terminal')) {
    ctx.ui.notify(reply.message, reply.type);
  } else if (reply.beyondChange !== undefined) {
    ctx.ui.notify(reply.beyondChange, reply.type);
  }
}
