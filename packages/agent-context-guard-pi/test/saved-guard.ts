import { createFakePiHost, type FakePiHost } from '@j1nn0/pi-testkit';
import contextGuardExtension, { STATE_ENTRY_TYPE } from '../src/extension.js';
import type { GuardState } from '../src/guard-state.js';

/** A saved guard state: one critical item, one plain, recovery on. */
export const SAVED_GUARD_STATE: GuardState = {
  recovery: 'critical',
  items: [
    { id: 'csv', kind: 'goal', content: 'Ship the CSV export', critical: true },
    { id: 'url', kind: 'constraint', content: 'Keep the report URL', critical: false },
  ],
};

/** SAVED_GUARD_STATE as its session entry holds it. */
export const SAVED_GUARD_PAYLOAD = { schemaVersion: 1, ...SAVED_GUARD_STATE };

/** A host without UI whose session already holds `payload`, the extension loaded and no session started. */
export async function hostWithSavedPayload(payload: unknown): Promise<FakePiHost> {
  const host = createFakePiHost({ hasUI: false });
  host.session.appendEntry(STATE_ENTRY_TYPE, payload);
  await host.load(contextGuardExtension);
  return host;
}
