import type { PiCustomMessagePort } from '@j1nn0/pi-adapter-kit';

/** The custom message type of a recovery: hidden from the TUI, sent to the model. */
export const RECOVERY_MESSAGE_TYPE = 'agent-context-guard-recovery';

export function recoveryMessage(content: string, timestamp: number): PiCustomMessagePort {
  return { role: 'custom', customType: RECOVERY_MESSAGE_TYPE, content, display: false, timestamp };
}

/** The request without any recovery or restatement message: earlier builds had Pi store them after a prompt. */
export function withoutRecoveries<TMessage>(messages: readonly TMessage[]): TMessage[] {
  return messages.filter((message) => !isRecovery(message));
}

function isRecovery(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) {
    return false;
  }
  const fields = message as Readonly<Record<string, unknown>>;
  return fields['role'] === 'custom' && fields['customType'] === RECOVERY_MESSAGE_TYPE;
}

/**
 * The request with the recoveries placed right after the newest compaction summary (at the start
 * when there is none): before anything of the current turn, so the model reads them as restored
 * context rather than a new instruction after a tool result, and the place stays the same on every
 * request of the turn, which keeps the provider's prompt cache usable.
 */
export function placeRecoveries<TMessage>(messages: readonly TMessage[], recoveries: readonly TMessage[]): TMessage[] {
  if (recoveries.length === 0) {
    return [...messages];
  }
  let at = 0;
  messages.forEach((message, index) => {
    if (isCompactionSummary(message)) {
      at = index + 1;
    }
  });
  return [...messages.slice(0, at), ...recoveries, ...messages.slice(at)];
}

function isCompactionSummary(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as Readonly<Record<string, unknown>>)['role'] === 'compactionSummary';
}
