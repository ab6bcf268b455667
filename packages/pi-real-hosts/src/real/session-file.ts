import { readFile } from 'node:fs/promises';

/** One line of a Pi session .jsonl file: the header (`type: "session"`) or an entry. */
export type SessionFileEntry = { readonly type: string } & Readonly<Record<string, unknown>>;

/** Parses session JSONL text; blank lines are skipped, a malformed line throws with its number. */
export function parseSessionJsonl(text: string): SessionFileEntry[] {
  const entries: SessionFileEntry[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new Error(`session file line ${index + 1} is not JSON`);
    }
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { type?: unknown }).type !== 'string') {
      throw new Error(`session file line ${index + 1} has no type`);
    }
    entries.push(parsed as SessionFileEntry);
  });
  return entries;
}

export async function readSessionJsonl(path: string): Promise<SessionFileEntry[]> {
  return parseSessionJsonl(await readFile(path, 'utf8'));
}

/** The `custom` entries of one customType, in file order. */
export function customEntries(entries: readonly SessionFileEntry[], customType: string): SessionFileEntry[] {
  return entries.filter((entry) => entry.type === 'custom' && entry['customType'] === customType);
}
