// Input limits count Unicode code points, so an emoji is one character, as a person counts it.

/** Counts Unicode code points. */
export function countCharacters(text: string): number {
  return Array.from(text).length;
}

/**
 * Whether `text` has more than `max` code points. It stops counting there: a megabyte pasted where an id
 * goes costs as little to refuse as an id one character too long.
 */
export function exceedsCharacters(text: string, max: number): boolean {
  // A code point is one or two UTF-16 units, so a text of at most `max` units is within the limit.
  if (text.length <= max) return false;
  let count = 0;
  // A code point above U+FFFF takes two units (a surrogate pair); a lone surrogate counts as one, as in Array.from.
  for (let index = 0; index < text.length; index += (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1) {
    count += 1;
    if (count > max) return true;
  }
  return false;
}
