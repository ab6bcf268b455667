import { contentText, type ModelRequest } from '@j1nn0/pi-real-hosts';

/**
 * A scripted answer of a model that answers the newest user message, as models do: it replies to that
 * message's last line. Where a recovery sat after the person's prompt (or an Anthropic-style wire merged
 * it into the prompt's message behind the person's words), it would answer the recovery instead.
 */
export function answerNewestWords(request: ModelRequest): { text: string } {
  const newest = request.messages.filter((message) => message.role === 'user').at(-1);
  const lines = contentText(newest?.content).split('\n').filter((line) => line.trim() !== '');
  return { text: youSaid(lines.at(-1) ?? '') };
}

/** What answerNewestWords replies to `words`. */
export function youSaid(words: string): string {
  return `You said: ${words}`;
}
