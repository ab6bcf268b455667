// The words `/context-guard` understands after its name, in the order the completion menu offers them.
// The parser, the usage line and the completions all read them from here.

export const SUBCOMMANDS = ['add', 'list', 'remove', 'critical', 'clear', 'status', 'recovery', 'restate'] as const;

export type Subcommand = (typeof SUBCOMMANDS)[number];
