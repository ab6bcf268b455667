// What a README documents a person sees, read from the README itself: the smoke run holds what Pi
// shows to the adapter's README, so a wording change touches the formatter, its test and the README.

/** The row of the README's Messages table whose request is `` `request` ``, or an error naming the request. */
function messagesRow(readme: string, request: string): string {
  const row = readme.split('\n').find((line) => line.startsWith(`| \`${request}\` | `));
  if (row === undefined) throw new Error(`the README's Messages table has no row for \`${request}\``);
  return row.slice(`| \`${request}\` | `.length);
}

/** The spans in backticks of a table cell, in order. */
function codeSpans(cell: string): string[] {
  return Array.from(cell.matchAll(/`([^`]+)`/gu), (match) => match[1] ?? '');
}

/** The message the Messages table gives for `request`, each `<name>` filled from `values`. */
export function documentedMessage(readme: string, request: string, values: Readonly<Record<string, string>> = {}): string {
  const [template] = codeSpans(messagesRow(readme, request));
  if (template === undefined) throw new Error(`the README's row for \`${request}\` has no message`);
  return template.replace(/<([^<>]+)>/gu, (placeholder: string, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for ${placeholder} in the README's message for \`${request}\``);
    return value;
  });
}

/** The worked example the row for `request` gives after its message, e.g. the `--critical` form of `add`. */
export function documentedExample(readme: string, request: string): string {
  const example = codeSpans(messagesRow(readme, request))[1];
  if (example === undefined) throw new Error(`the README's row for \`${request}\` has no example`);
  return example;
}

/** The first fenced block under the heading `### heading`: a README's example of a reply. */
export function documentedBlock(readme: string, heading: string): string {
  const section = readme.split(`\n### ${heading}\n`)[1];
  const block = section === undefined ? undefined : /```\n([\s\S]*?)\n```/u.exec(section)?.[1];
  if (block === undefined) throw new Error(`the README has no example block under "### ${heading}"`);
  return block;
}

/** The text in backticks right after `lead` in the README's prose, e.g. "An empty state prints exactly". */
export function documentedPhrase(readme: string, lead: string): string {
  const at = readme.indexOf(`${lead} \``);
  const phrase = at < 0 ? undefined : /^`([^`]+)`/u.exec(readme.slice(at + lead.length + 1))?.[1];
  if (phrase === undefined) throw new Error(`the README has no \`text\` after "${lead}"`);
  return phrase;
}
