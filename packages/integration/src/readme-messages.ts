// The examples a README shows, read from the README itself: the smoke run holds what Pi shows to them
// (the status and the list a first run records).

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
