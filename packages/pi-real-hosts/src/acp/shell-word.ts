/** One word for a POSIX shell (sh, bash): single-quoted, with each `'` closed, escaped and reopened. */
export function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
