// Turns the messages of one model request into the text the literal verifier searches. It mirrors
// what Pi sends to the model (its convertToLlm): every role it sends, text parts only, and bash
// executions unless excluded. Messages are read defensively: a shape it does not know adds nothing,
// so an unreadable message can only make an item look lost, never preserved.

/**
 * Keeps a match from spanning two messages: the literal verifier folds whitespace, but not this
 * character, and the model never sees two messages as one sentence.
 */
export const MESSAGE_SEPARATOR = '\n\u0000\n';

// NUL first, then the private-use planes: no character folds into or out of these by whitespace or case.
const SEPARATOR_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x0000],
  [0xe000, 0xf8ff],
  [0xf0000, 0xffffd],
  [0x100000, 0x10fffd],
];

/**
 * A separator whose middle character no protected content holds. A match across two messages would
 * have to contain it, so content that holds NUL cannot match across a boundary either. Only contents
 * holding every one of the ~137,000 candidates, far beyond the adapter's own limits, keep the default.
 */
export function messageSeparatorFor(contents: readonly string[]): string {
  const used = new Set<number>();
  for (const content of contents) {
    for (const character of content) {
      used.add(character.codePointAt(0) ?? 0);
    }
  }
  for (const [first, last] of SEPARATOR_RANGES) {
    for (let codePoint = first; codePoint <= last; codePoint += 1) {
      if (!used.has(codePoint)) {
        return `\n${String.fromCodePoint(codePoint)}\n`;
      }
    }
  }
  return MESSAGE_SEPARATOR;
}

type MessageFields = Readonly<Record<string, unknown>>;

/** The searchable text of a request: the system prompt (when known) and then each message in order. */
export function projectContext(
  messages: readonly unknown[],
  systemPrompt?: string,
  separator: string = MESSAGE_SEPARATOR,
): string {
  const segments: string[] = [];
  if (systemPrompt !== undefined && systemPrompt !== '') {
    segments.push(systemPrompt);
  }
  for (const message of messages) {
    const text = messageText(message);
    if (text !== '') {
      segments.push(text);
    }
  }
  return segments.join(separator);
}

/** The text one message contributes; '' for a message Pi does not send or a shape it cannot read. */
export function messageText(message: unknown): string {
  if (typeof message !== 'object' || message === null) {
    return '';
  }
  const fields = message as MessageFields;
  switch (fields['role']) {
    case 'user':
    case 'assistant':
    case 'toolResult':
    case 'custom':
      return contentText(fields['content']);
    case 'bashExecution':
      return fields['excludeFromContext'] === true ? '' : joinText([fields['command'], fields['output']]);
    case 'compactionSummary':
    case 'branchSummary':
      return joinText([fields['summary']]);
    default:
      return '';
  }
}

/** A string, or an array of parts of which only `{ type: 'text', text }` count (not images, thinking or tool calls). */
function contentText(content: unknown): string {
  if (typeof content === 'string') {
    return content;
  }
  if (!Array.isArray(content)) {
    return '';
  }
  const texts = (content as readonly unknown[]).map((part) =>
    typeof part === 'object' && part !== null && (part as MessageFields)['type'] === 'text'
      ? (part as MessageFields)['text']
      : undefined,
  );
  return joinText(texts);
}

function joinText(values: readonly unknown[]): string {
  return values.filter((value): value is string => typeof value === 'string' && value !== '').join('\n');
}
