/** A slash command as Pi splits it: the name up to the first space, the arguments as the untouched rest. */
export interface CommandLine {
  readonly name: string;
  readonly args: string;
}

/**
 * Pi's `_tryExecuteExtensionCommand` split: `/name rest of line` -> `{ name, args: 'rest of line' }`,
 * `/name` -> args `''`. Arguments are not trimmed, exactly as Pi passes them. The leading `/` is optional here.
 */
export function parseCommandLine(text: string): CommandLine {
  const body = text.startsWith('/') ? text.slice(1) : text;
  const space = body.indexOf(' ');
  return space === -1 ? { name: body, args: '' } : { name: body.slice(0, space), args: body.slice(space + 1) };
}
