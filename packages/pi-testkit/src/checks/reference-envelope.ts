import type { SavedPayloadReading } from './saved-payload-restore.js';
import type { PayloadFields } from './saved-payloads.js';

// The saved-payload envelope both adapters' READMEs describe, read independently of their src/: no data,
// something other than an object, or a `schemaVersion` other than 1 is refused with the reason they name.

export function isPayloadRecord(value: unknown): value is Readonly<PayloadFields> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The envelope's verdict; a version-1 object is handed to `readBody` for the adapter's own fields. */
export function readPayloadEnvelope<State>(
  data: unknown,
  readBody: (fields: Readonly<PayloadFields>) => SavedPayloadReading<State>,
): SavedPayloadReading<State> {
  if (data === undefined || data === null) return { kind: 'unreadable', reason: 'no payload' };
  if (!isPayloadRecord(data)) return { kind: 'unreadable', reason: 'malformed payload' };
  const version = data['schemaVersion'];
  if (version !== 1) {
    const reason = typeof version === 'number' ? 'unsupported schema version' : 'malformed payload';
    return { kind: 'unreadable', reason };
  }
  return readBody(data);
}

/** The READMEs' one-line warning for an unreadable newest entry, under the adapter's display name. */
export function unreadableStateWarning(productName: string, reason: string): string {
  return `${productName}: the newest saved state on this branch is unreadable (${reason}); starting empty.`;
}
