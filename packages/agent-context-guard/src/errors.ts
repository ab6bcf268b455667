/** `invalid_input`: a value failed validation. `duplicate_item_id`: an id is already taken. */
export type ContextGuardErrorCode = 'invalid_input' | 'duplicate_item_id';

/** The one error this package throws. Messages are structural and never contain caller content. */
export class ContextGuardError extends Error {
  readonly code: ContextGuardErrorCode;
  // `declare` keeps the property absent, not `undefined`, when no id is known.
  declare readonly itemId?: string;

  constructor(code: ContextGuardErrorCode, message: string, itemId?: string) {
    super(message);
    this.name = 'ContextGuardError';
    this.code = code;
    if (itemId !== undefined) {
      this.itemId = itemId;
    }
  }
}

export function invalidInput(message: string, itemId?: string): ContextGuardError {
  return new ContextGuardError('invalid_input', message, itemId);
}
