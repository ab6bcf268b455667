// The words `/agent-state` understands after its name, in the order the completion menu offers them.
// The parser, the usage line and the completions all read them from here.

export const SUBCOMMANDS = ['status', 'history', 'objective', 'add', 'set', 'remove', 'decide', 'clear', 'panel', 'export'] as const;

export type Subcommand = (typeof SUBCOMMANDS)[number];
