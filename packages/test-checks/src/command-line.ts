import fc from 'fast-check';

// Slash-command argument lines as a person types them: the words of one request joined by random whitespace,
// sometimes with whitespace around the whole line, so the parser's tokenising is exercised by every request.

const gap = fc.constantFrom(' ', ' ', ' ', '  ', '\t', '\u00a0');
const edge = fc.constantFrom('', '', '', ' ', '\t', '\n');

/** Joins words with random whitespace, with optional whitespace around the whole line. */
export function commandLine(...words: fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  return fc
    .tuple(edge, fc.tuple(...words), fc.array(gap, { minLength: words.length, maxLength: words.length }), edge)
    .map(([before, parts, gaps, after]) => {
      const joined = parts.map((part, index) => (index === 0 ? part : `${gaps[index] ?? ' '}${part}`)).join('');
      return `${before}${joined}${after}`;
    });
}
