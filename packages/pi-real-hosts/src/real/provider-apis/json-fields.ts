// Reading a provider request body field by field: the body is JSON Pi wrote, but a wire reads it as
// untrusted, so a missing or odd field reads as empty instead of throwing.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The objects of an array field; anything else reads as none. */
export function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** A string field, or '' when it is absent or not a string. */
export function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
