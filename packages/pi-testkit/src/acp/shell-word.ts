/** One word for /bin/sh: single-quoted, with each `'` closed, escaped and reopened. */
export function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
