import type { AgentStateErrorCode } from './types.js';

/** The one error this package throws. Messages are structural and never contain caller content. */
export class AgentStateError extends Error {
  readonly code: AgentStateErrorCode;
  // `declare` keeps the property absent, not `undefined`, when no id is known.
  declare readonly itemId?: string;

  constructor(code: AgentStateErrorCode, message: string, itemId?: string) {
    super(message);
    this.name = 'AgentStateError';
    this.code = code;
    if (itemId !== undefined) {
      this.itemId = itemId;
    }
  }
}

export function invalidInput(message: string, itemId?: string): AgentStateError {
  return new AgentStateError('invalid_input', message, itemId);
}
