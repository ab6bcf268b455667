/** What Pi writes to a session file for one appended entry, and what an agent-state entry carries. */

/** The session-file line Pi writes for `pi.appendEntry`, fields in the order Pi 0.84.2 builds them. */
export function sessionLine(customType: string, data: unknown): string {
  const entry = {
    type: 'custom',
    customType,
    data,
    id: 'a1b2c3d4',
    parentId: 'e5f6a7b8',
    timestamp: new Date(0).toISOString(),
  };
  return `${JSON.stringify(entry)}\n`;
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The core snapshot inside an agent-state payload `{ schemaVersion, state }`. */
export function snapshotOf(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('state' in data)) throw new Error('not an agent-state payload');
  return data.state;
}
