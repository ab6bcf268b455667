// Messages shaped as Pi 0.73 / 0.84 put them in a `context` event (AgentMessage), for realistic tests.

const TIMESTAMP = 1_700_000_000_000;

export interface TestMessage {
  readonly role: string;
  readonly [field: string]: unknown;
}

export function userMessage(text: string): TestMessage {
  return { role: 'user', content: [{ type: 'text', text }], timestamp: TIMESTAMP };
}

export function userStringMessage(text: string): TestMessage {
  return { role: 'user', content: text, timestamp: TIMESTAMP };
}

export function assistantMessage(text: string, extraParts: readonly unknown[] = []): TestMessage {
  return {
    role: 'assistant',
    content: [...extraParts, { type: 'text', text }],
    api: 'openai-completions',
    provider: 'scripted',
    model: 'scripted-1',
    usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    stopReason: 'stop',
    timestamp: TIMESTAMP,
  };
}

export function toolResultMessage(text: string): TestMessage {
  return {
    role: 'toolResult',
    toolCallId: 'call_1',
    toolName: 'read',
    content: [{ type: 'text', text }],
    isError: false,
    timestamp: TIMESTAMP,
  };
}

export function customMessage(customType: string, content: string, display = true): TestMessage {
  return { role: 'custom', customType, content, display, timestamp: TIMESTAMP };
}

export function bashExecutionMessage(command: string, output: string, excludeFromContext?: boolean): TestMessage {
  return {
    role: 'bashExecution',
    command,
    output,
    exitCode: 0,
    cancelled: false,
    truncated: false,
    timestamp: TIMESTAMP,
    ...(excludeFromContext === undefined ? {} : { excludeFromContext }),
  };
}

export function compactionSummaryMessage(summary: string): TestMessage {
  return { role: 'compactionSummary', summary, tokensBefore: 12_345, timestamp: TIMESTAMP };
}

export function branchSummaryMessage(summary: string): TestMessage {
  return { role: 'branchSummary', summary, fromId: 'a1b2c3d4', timestamp: TIMESTAMP };
}

/** Where text appears in a request, as Pi puts it there: in text the model sees, or in parts it never sees. */
export const PLACEMENTS = {
  'compaction summary': compactionSummaryMessage,
  'branch summary': branchSummaryMessage,
  'user text': userMessage,
  'user string': userStringMessage,
  'assistant text': (text) => assistantMessage(text),
  'assistant thinking and tool call': (text) =>
    assistantMessage('Working on it.', [
      { type: 'thinking', thinking: text },
      { type: 'toolCall', id: 'call_1', name: 'write', arguments: { notes: text } },
    ]),
  'tool result': toolResultMessage,
  'custom message': (text) => customMessage('other-extension', text),
  'bash output': (text) => bashExecutionMessage('cat notes.md', text),
  'bash output excluded with !!': (text) => bashExecutionMessage('cat notes.md', text, true),
} satisfies Record<string, (text: string) => TestMessage>;

export type Placement = keyof typeof PLACEMENTS;
