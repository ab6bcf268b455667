import fc from 'fast-check';

// Saved payloads for the restore fuzzing: arbitrary JSON, valid payloads, and valid payloads with exactly
// one thing broken, so that every check of the restore path is reached, not only the first one. The
// `{ schemaVersion: 1, ... }` envelope is common to the adapters; what lies inside it is each adapter's.

export type PayloadFields = Record<string, unknown>;

/** Turns a valid payload into one with a single thing broken (or changed in a way the core tolerates). */
export type PayloadBreakage = (payload: PayloadFields) => unknown;

export type NamedBreakage = readonly [string, PayloadBreakage];

/** A custom entry holding `data` as a session file gives it back: through JSON, as Pi writes and reads it. */
export function asSavedEntry(customType: string, data: unknown): { type: string; id: string; customType: string; data: unknown } {
  return JSON.parse(JSON.stringify({ type: 'custom', id: 'e1', customType, data })) as { type: string; id: string; customType: string; data: unknown };
}

export function withoutKey(fields: PayloadFields, key: string): PayloadFields {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => name !== key));
}

/** Breakages of the envelope every adapter's payload shares. */
const ENVELOPE_BREAKAGES: readonly NamedBreakage[] = [
  ['payload version 2', (payload) => ({ ...payload, schemaVersion: 2 })],
  ['payload version 0', (payload) => ({ ...payload, schemaVersion: 0 })],
  ['payload version "1"', (payload) => ({ ...payload, schemaVersion: '1' })],
  ['payload version null', (payload) => ({ ...payload, schemaVersion: null })],
  ['no payload version', (payload) => withoutKey(payload, 'schemaVersion')],
  ['payload an array', (payload) => [payload]],
  ['payload a JSON string', (payload) => JSON.stringify(payload)],
  ['payload null', () => null],
  ['payload undefined', () => undefined],
  ['extra payload key (tolerated)', (payload) => ({ ...payload, savedBy: 'an older adapter' })],
];

/**
 * Whatever may be the data of the newest saved entry: arbitrary JSON, a valid payload, or (twice as often)
 * a valid payload with one envelope or adapter breakage applied.
 */
export function anySavedPayload(
  validPayload: fc.Arbitrary<PayloadFields>,
  adapterBreakages: readonly NamedBreakage[],
): fc.Arbitrary<unknown> {
  const nearValidPayload = fc
    .tuple(validPayload, fc.constantFrom(...ENVELOPE_BREAKAGES, ...adapterBreakages))
    .map(([payload, [, breakage]]) => breakage(payload));
  return fc.oneof(
    fc.jsonValue(),
    fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }),
    validPayload,
    nearValidPayload,
    nearValidPayload,
  );
}
