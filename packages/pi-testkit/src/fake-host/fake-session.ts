import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import type { CompactionEntry, CustomEntry, SessionEntry, SessionMessageEntry } from 'pi-coding-agent-0.84.2';
import { FakePiHostError } from './errors.js';

/** A message for `appendMessage`; `timestamp` (milliseconds) is filled in when absent, as Pi's messages carry one. */
export interface MessageInput {
  readonly role: string;
  readonly content?: unknown;
  readonly timestamp?: number;
  readonly [field: string]: unknown;
}

/** A raw entry for `appendRaw`; `id`, `parentId` and `timestamp` are assigned unless given (even as undefined). */
export interface RawEntryInput {
  readonly type: string;
  readonly id?: string | undefined;
  readonly parentId?: string | null | undefined;
  readonly timestamp?: string | undefined;
  readonly [field: string]: unknown;
}

export interface FakeSessionOptions {
  /** The clock Pi stamps entries with; default the machine's. A test may move it on to give entries other times. */
  readonly clock?: (() => Date) | undefined;
  /** Entries as a session file would hold them; the leaf starts at the last one, as when Pi opens a file. */
  readonly entries?: readonly SessionEntry[];
  /** Where the session's file goes, written (empty) with the first assistant message, as Pi writes it. */
  readonly file?: string | undefined;
}

/** A compaction as Pi's `appendCompaction` stores it; without a first kept entry it keeps nothing before itself. */
export interface CompactionInput {
  readonly summary: string;
  readonly firstKeptEntryId: string | undefined;
  readonly tokensBefore: number;
  readonly details?: unknown;
  /** Marks a compaction an extension provided. */
  readonly fromHook: boolean;
}

const ENTRY_ID_ATTEMPTS = 100;

function jsonRoundTrip<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * An in-memory Pi session: an append-only tree of entries with a movable leaf, offering the part of
 * 0.84.2's SessionManager the adapters and the contract probe read (`getSessionId`, `getBranch`,
 * `getLeafEntry`, `getEntries`) and what the fake host and tests need. Appends become children of the
 * leaf and move it there; like Pi, getters hand out the stored entry objects themselves.
 */
export class FakeSession {
  readonly #id = randomUUID();
  readonly #clock: () => Date;
  readonly #file: string | undefined;
  #entries: SessionEntry[] = [];
  readonly #byId = new Map<string, SessionEntry>();
  #leafId: string | null = null;

  constructor(options: FakeSessionOptions = {}) {
    this.#clock = options.clock ?? (() => new Date());
    this.#file = options.file;
    this.#replaceEntries(options.entries ?? []);
  }

  getSessionId(): string {
    return this.#id;
  }

  /** Pi's `getSessionFile()`: undefined for a session that is never written (`--no-session`). */
  getSessionFile(): string | undefined {
    return this.#file;
  }

  getLeafId(): string | null {
    return this.#leafId;
  }

  getLeafEntry(): SessionEntry | undefined {
    return this.#leafId === null ? undefined : this.#byId.get(this.#leafId);
  }

  getEntry(id: string): SessionEntry | undefined {
    return this.#byId.get(id);
  }

  /** Every entry, all branches, in append order. */
  getEntries(): SessionEntry[] {
    return [...this.#entries];
  }

  /** Entries from the root to `fromId` (default: the leaf). A parent cycle throws where Pi would loop forever. */
  getBranch(fromId?: string): SessionEntry[] {
    const path: SessionEntry[] = [];
    const visited = new Set<string>();
    const startId = fromId ?? this.#leafId;
    let current = startId === null ? undefined : this.#byId.get(startId);
    while (current !== undefined) {
      if (visited.has(current.id)) throw new FakePiHostError('corrupt-session');
      visited.add(current.id);
      path.push(current);
      current = current.parentId === null ? undefined : this.#byId.get(current.parentId);
    }
    return path.reverse();
  }

  /** The branch as the model sees it: from the latest compaction on, its summary, the kept entries and the rest. */
  buildContextEntries(): SessionEntry[] {
    const path = this.getBranch();
    const compaction = path.filter((entry): entry is CompactionEntry => entry.type === 'compaction').at(-1);
    if (compaction === undefined) return path;
    const compactionIndex = path.indexOf(compaction);
    const firstKeptIndex = path.findIndex((entry) => entry.id === compaction.firstKeptEntryId);
    const kept = firstKeptIndex === -1 || firstKeptIndex > compactionIndex ? [] : path.slice(firstKeptIndex, compactionIndex);
    return [compaction, ...kept, ...path.slice(compactionIndex + 1)];
  }

  /**
   * What `pi.appendEntry` does. The stored entry is the JSON round trip of what Pi writes to the session file,
   * so a test sees exactly what survives a restart (Pi itself keeps the live object in memory until then).
   */
  appendEntry(customType: string, data?: unknown): string {
    return this.appendCustomEntry(customType, data);
  }

  /** Pi's SessionManager name for `appendEntry`. */
  appendCustomEntry(customType: string, data?: unknown): string {
    return this.#append(jsonRoundTrip({ type: 'custom', customType, data, ...this.#nextLinks() }));
  }

  /** Adds an ordinary message entry (user, assistant, toolResult...) so branches hold more than custom entries. */
  appendMessage(message: MessageInput): string {
    const withTimestamp = { ...message, timestamp: message.timestamp ?? Date.now() };
    const id = this.#append(jsonRoundTrip({ type: 'message', ...this.#nextLinks(), message: withTimestamp }) as SessionMessageEntry);
    if (this.#file !== undefined && message.role === 'assistant' && !existsSync(this.#file)) writeFileSync(this.#file, '');
    return id;
  }

  /** Pi's `appendCompaction`, returning the stored entry. */
  appendCompaction({ summary, firstKeptEntryId, tokensBefore, details, fromHook }: CompactionInput): SessionEntry {
    const links = this.#nextLinks();
    const entry = jsonRoundTrip({ type: 'compaction', ...links, summary, firstKeptEntryId: firstKeptEntryId ?? links.id, tokensBefore, details, fromHook });
    this.#append(entry as SessionEntry);
    return this.#byId.get(links.id) as SessionEntry;
  }

  /** Stores a copy of exactly the given object, for corrupted or unusual entries; no JSON round trip. */
  appendRaw(input: RawEntryInput): SessionEntry {
    const links = this.#nextLinks();
    const entry = structuredClone({
      ...input,
      id: Object.hasOwn(input, 'id') ? input.id : links.id,
      parentId: Object.hasOwn(input, 'parentId') ? input.parentId : links.parentId,
      timestamp: Object.hasOwn(input, 'timestamp') ? input.timestamp : links.timestamp,
    }) as SessionEntry;
    this.#append(entry);
    return entry;
  }

  /** Pi's `branch(id)`: only the leaf pointer moves; no entry changes. */
  moveLeaf(id: string | null): void {
    if (id !== null && !this.#byId.has(id)) throw new FakePiHostError('unknown-entry');
    this.#leafId = id;
  }

  /** Every custom entry of one type, all branches, in append order. */
  customEntries(customType: string): CustomEntry[] {
    return this.#entries.filter((entry): entry is CustomEntry => entry.type === 'custom' && entry.customType === customType);
  }

  /** Pi writes a session file only once an assistant message exists. */
  hasAssistantMessage(): boolean {
    return this.#entries.some((entry) => entry.type === 'message' && entry.message.role === 'assistant');
  }

  /**
   * What a process sees when Pi opens this session's file again: every entry re-read from JSON and
   * the leaf on the last entry of the file, wherever it was before (navigation is not persisted).
   */
  reopenFromFile(): void {
    this.#replaceEntries(jsonRoundTrip(this.#entries));
  }

  /** Pi's `createBranchedSession(leafId)` in memory: a new session holding the path root..leafId with the same ids. */
  createBranchedSession(leafId: string): FakeSession {
    const path = this.getBranch(leafId);
    if (path.length === 0) throw new FakePiHostError('unknown-entry');
    const entries = path.map((entry, index) => ({ ...entry, parentId: path[index - 1]?.id ?? null }));
    return new FakeSession({ entries, clock: this.#clock });
  }

  /** Pi's entry ids (session-manager `generateId`): the first 8 hex chars of a random UUID, retried while taken. */
  #nextLinks(): { id: string; parentId: string | null; timestamp: string } {
    let id: string = randomUUID();
    for (let attempt = 0; attempt < ENTRY_ID_ATTEMPTS; attempt++) {
      const candidate = randomUUID().slice(0, 8);
      if (!this.#byId.has(candidate)) {
        id = candidate;
        break;
      }
    }
    return { id, parentId: this.#leafId, timestamp: this.#clock().toISOString() };
  }

  #append(entry: SessionEntry): string {
    this.#entries.push(entry);
    this.#index(entry);
    return entry.id;
  }

  #replaceEntries(entries: readonly SessionEntry[]): void {
    this.#entries = [...entries];
    this.#byId.clear();
    this.#leafId = null;
    for (const entry of this.#entries) this.#index(entry);
  }

  /** A later entry with a taken id replaces the earlier one in the index, as in Pi's `byId` map. */
  #index(entry: SessionEntry): void {
    if (typeof entry.id === 'string') this.#byId.set(entry.id, entry);
    this.#leafId = typeof entry.id === 'string' ? entry.id : null;
  }
}
