// Turns the messages of one model request into the text the literal verifier searches. It mirrors
// what Pi sends to the model (its convertToLlm): every role it sends, text parts only, and bash
// executions unless excluded. Messages are read defensively: a shape it does not know adds nothing,
// so an unreadable message can only make an item look lost, never preserved.

/**
 * Keeps a match from spanning two messages: the literal verifier folds whitespace, but not this
 * character, and the model never sees two messages as one sentence.
 */
export const MESSAGE_SEPARATOR = '\n\u0000\n';

type MessageFields = Readonly<Record<string, unknown>>;

/** The searchable text of a request: the system prompt (when known) and then each message in order. */
export function projectContext(messages: readonly unknown[], systemPrompt?: string): string {
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
  return segments.join(MESSAGE_SEPARATOR);
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
