import type { PiCustomMessagePort } from '@j1nn0/pi-adapter-kit';

/** The custom message type of a recovery: hidden from the TUI, sent to the model. */
export const RECOVERY_MESSAGE_TYPE = 'agent-context-guard-recovery';

export function recoveryMessage(content: string, timestamp: number): PiCustomMessagePort {
  return { role: 'custom', customType: RECOVERY_MESSAGE_TYPE, content, display: false, timestamp };
}

/** Whether Pi already carries this recovery in the request, i.e. it has persisted it into the session. */
export function containsRecovery(messages: readonly unknown[], content: string): boolean {
  return messages.some((message) => {
    if (typeof message !== 'object' || message === null) {
      return false;
    }
    const fields = message as Readonly<Record<string, unknown>>;
    return fields['role'] === 'custom' && fields['customType'] === RECOVERY_MESSAGE_TYPE && fields['content'] === content;
  });
}
