import type { SavedPayloadReading } from './saved-payload-restore.js';
import type { PayloadFields } from './saved-payloads.js';

// The saved-payload envelope both adapters' READMEs describe, read independently of their src/: no data,
// something other than an object, or a `schemaVersion` other than 1 is refused, with the problem's code;
// the warning that names it is the adapter formatter's to write.

/** Why the envelope itself is refused (the adapters' `EnvelopeProblem`). */
export type EnvelopeProblemCode = 'missing_payload' | 'malformed_payload' | 'unsupported_version';

export function isPayloadRecord(value: unknown): value is Readonly<PayloadFields> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The envelope's verdict; a version-1 object is handed to `readBody` for the adapter's own fields. */
export function readPayloadEnvelope<State, Problem extends string>(
  data: unknown,
  readBody: (fields: Readonly<PayloadFields>) => SavedPayloadReading<State, Problem | EnvelopeProblemCode>,
): SavedPayloadReading<State, Problem | EnvelopeProblemCode> {
  if (data === undefined || data === null) return { kind: 'unreadable', reason: 'missing_payload' };
  if (!isPayloadRecord(data)) return { kind: 'unreadable', reason: 'malformed_payload' };
  const version = data['schemaVersion'];
  if (version !== 1) {
    return { kind: 'unreadable', reason: typeof version === 'number' ? 'unsupported_version' : 'malformed_payload' };
  }
  return readBody(data);
}
