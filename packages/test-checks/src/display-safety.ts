// What may never reach a person's terminal or the model: raw control, DEL, C1 and bidirectional formatting
// code points, lone surrogates (not well-formed text), and traces of a raw exception. Written from the
// adapters' README terminal-safety paragraphs, independently of their src/terminal-text.ts.

/**
 * C0 (ESC included), DEL, C1, line/paragraph separators, every bidirectional mark, embedding, override and
 * isolate, and a lone surrogate (iterating by code point, a well-formed pair never lands in that range).
 */
function isDisplayUnsafeCodePoint(codePoint: number): boolean {
  return (
    codePoint < 0x20 ||
    (codePoint >= 0xd800 && codePoint <= 0xdfff) ||
    (codePoint >= 0x7f && codePoint < 0xa0) ||
    [0x061c, 0x200e, 0x200f, 0x2028, 0x2029].includes(codePoint) ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069)
  );
}

/** README: rejections are one short line; this is the bound the fuzzing holds them to. */
export const SHORT_MESSAGE_LENGTH = 300;

export interface DisplayOptions {
  /** A listing (`status`, `list`): `\n` may separate lines, each non-empty. */
  readonly lines?: boolean;
}

function codePointProblems(line: string): string[] {
  const problems: string[] = [];
  for (const character of line) {
    const point = character.codePointAt(0) ?? 0;
    if (isDisplayUnsafeCodePoint(point)) {
      problems.push(`raw U+${point.toString(16).padStart(4, '0')}`);
    }
  }
  return problems;
}

/** Every reason the text is unfit to display; empty when it is fine. */
export function displayProblems(text: string, options: DisplayOptions = {}): string[] {
  const lines = options.lines === true ? text.split('\n') : [text];
  const problems = lines.flatMap((line) =>
    line === '' && options.lines === true ? ['empty line'] : codePointProblems(line),
  );
  if (/^\s+at /mu.test(text)) problems.push('stack trace line');
  if (/^\w*Error\b:/u.test(text)) problems.push('raw error prefix');
  return problems;
}
