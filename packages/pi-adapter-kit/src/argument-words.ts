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
