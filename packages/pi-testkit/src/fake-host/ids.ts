import { randomUUID } from 'node:crypto';

const ENTRY_ID_ATTEMPTS = 100;

/**
 * Pi's entry ids (session-manager `generateId`): the first 8 hex chars of a random UUID,
 * retried while taken, falling back to a whole UUID.
 */
export function createEntryId(isTaken: (id: string) => boolean): string {
  for (let attempt = 0; attempt < ENTRY_ID_ATTEMPTS; attempt++) {
    const id = randomUUID().slice(0, 8);
    if (!isTaken(id)) return id;
  }
  return randomUUID();
}

/** Pi uses a UUID v7 for session ids; nothing reads their structure, so any UUID will do here. */
export function createSessionId(): string {
  return randomUUID();
}
