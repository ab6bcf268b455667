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
