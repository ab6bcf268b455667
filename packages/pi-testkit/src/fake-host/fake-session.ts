import type {
  CustomEntry,
  ExtensionContext,
  SessionEntry,
  SessionHeader,
  SessionMessageEntry,
  SessionTreeNode,
} from 'pi-coding-agent-0.84.2';
import { FakePiHostError } from './errors.js';
import { createEntryId, createSessionId } from './ids.js';

/** The read API Pi hands to extensions as `ctx.sessionManager` (0.84.2's `ReadonlySessionManager`). */
export type ReadonlySessionManager = ExtensionContext['sessionManager'];

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
  readonly id?: string;
  readonly parentId?: string | null;
  readonly timestamp?: string;
  readonly [field: string]: unknown;
}

export interface FakeSessionOptions {
  readonly cwd: string;
  /** The clock Pi stamps entries with; default the machine's. A test may move it on to give entries other times. */
  readonly clock?: () => Date;
  /** Entries as a session file would hold them; the leaf starts at the last one, as when Pi opens a file. */
  readonly entries?: readonly SessionEntry[];
  readonly parentSession?: string;
}

const SESSION_FORMAT_VERSION = 3;

function jsonRoundTrip<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function findLastOfType<T extends SessionEntry['type']>(
  entries: readonly SessionEntry[],
  type: T,
): Extract<SessionEntry, { type: T }> | undefined {
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index];
    if (entry?.type === type) return entry as Extract<SessionEntry, { type: T }>;
  }
  return undefined;
}

/**
 * An in-memory Pi session: an append-only tree of entries with a movable leaf.
 * Mirrors 0.84.2's SessionManager: appends become children of the leaf and move it there,
 * `getBranch()` walks leaf -> root and returns root -> leaf, `getEntries()` is every entry in append order.
 * Like Pi, getters hand out the stored entry objects themselves.
 */
export class FakeSession implements ReadonlySessionManager {
  readonly #cwd: string;
  readonly #clock: () => Date;
  readonly #header: SessionHeader;
  #entries: SessionEntry[] = [];
  readonly #byId = new Map<string, SessionEntry>();
  #leafId: string | null = null;

  constructor(options: FakeSessionOptions) {
    this.#cwd = options.cwd;
    this.#clock = options.clock ?? (() => new Date());
    this.#header = {
      type: 'session',
      version: SESSION_FORMAT_VERSION,
      id: createSessionId(),
      timestamp: this.#clock().toISOString(),
      cwd: options.cwd,
      ...(options.parentSession === undefined ? {} : { parentSession: options.parentSession }),
    };
    this.#replaceEntries(options.entries ?? []);
  }

  getCwd(): string {
    return this.#cwd;
  }

  /** Pi's in-memory sessions have an empty session dir. */
  getSessionDir(): string {
    return '';
  }

  getSessionId(): string {
    return this.#header.id;
  }

  /** Always undefined: the fake writes no file. */
  getSessionFile(): string | undefined {
    return undefined;
  }

  getHeader(): SessionHeader {
    return this.#header;
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

  getEntries(): SessionEntry[] {
    return [...this.#entries];
  }

  getChildren(parentId: string): SessionEntry[] {
    return [...this.#byId.values()].filter((entry) => entry.parentId === parentId);
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
    const compaction = findLastOfType(path, 'compaction');
    if (compaction === undefined) return path;
    const compactionIndex = path.indexOf(compaction);
    const firstKeptIndex = path.findIndex((entry) => entry.id === compaction.firstKeptEntryId);
    const kept =
      firstKeptIndex === -1 || firstKeptIndex > compactionIndex ? [] : path.slice(firstKeptIndex, compactionIndex);
    return [compaction, ...kept, ...path.slice(compactionIndex + 1)];
  }

  getLabel(id: string): string | undefined {
    return this.#labels().get(id)?.label;
  }

  getSessionName(): string | undefined {
    const latest = findLastOfType(this.#entries, 'session_info');
    const name = latest?.name?.trim();
    return name === '' ? undefined : name;
  }

  /** Every entry as a tree node; orphans become roots and children are ordered by timestamp, as in Pi. */
  getTree(): SessionTreeNode[] {
    const labels = this.#labels();
    const nodes = new Map<string, SessionTreeNode>();
    for (const entry of this.#entries) {
      const label = labels.get(entry.id);
      nodes.set(entry.id, { entry, children: [], ...(label === undefined ? {} : label) });
    }
    const roots: SessionTreeNode[] = [];
    for (const entry of this.#entries) {
      const node = nodes.get(entry.id);
      if (node === undefined) continue;
      const parent = entry.parentId === null || entry.parentId === entry.id ? undefined : nodes.get(entry.parentId);
      (parent?.children ?? roots).push(node);
    }
    for (const node of nodes.values()) {
      node.children.sort((a, b) => Date.parse(a.entry.timestamp) - Date.parse(b.entry.timestamp));
    }
    return roots;
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
    return this.#append(
      jsonRoundTrip({ type: 'message', ...this.#nextLinks(), message: withTimestamp }) as SessionMessageEntry,
    );
  }

  /**
   * Pi's `appendCompaction`: `fromHook` marks a compaction an extension provided; without a first kept
   * entry it keeps nothing before itself.
   */
  appendCompaction(
    summary: string,
    firstKeptEntryId: string | undefined,
    tokensBefore: number,
    details?: unknown,
    fromHook?: boolean,
  ): string {
    const links = this.#nextLinks();
    return this.#append(
      jsonRoundTrip({
        type: 'compaction',
        ...links,
        summary,
        firstKeptEntryId: firstKeptEntryId ?? links.id,
        tokensBefore,
        details,
        fromHook,
      }) as SessionEntry,
    );
  }

  /** Pi's `appendLabelChange`: a label entry on the leaf; an empty or undefined label clears the target's label. */
  appendLabelChange(targetId: string, label: string | undefined): string {
    if (!this.#byId.has(targetId)) throw new FakePiHostError('unknown-entry');
    return this.#append(jsonRoundTrip({ type: 'label', ...this.#nextLinks(), targetId, label }));
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

  /** Pi's `branch(id)` / `resetLeaf()`: only the leaf pointer moves; no entry changes. */
  moveLeaf(id: string | null): void {
    if (id !== null && !this.#byId.has(id)) throw new FakePiHostError('unknown-entry');
    this.#leafId = id;
  }

  /** Every custom entry of one type, all branches, in append order. */
  customEntries(customType: string): CustomEntry[] {
    return this.#entries.filter(
      (entry): entry is CustomEntry => entry.type === 'custom' && entry.customType === customType,
    );
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

  /**
   * Pi's `createBranchedSession(leafId)` in memory: a new session holding the path root..leafId with the same ids.
   * Label entries are dropped from the path, the rest re-chained, and labels on kept entries re-appended at the end.
   */
  createBranchedSession(leafId: string): FakeSession {
    const path = this.getBranch(leafId);
    if (path.length === 0) throw new FakePiHostError('unknown-entry');
    const kept: SessionEntry[] = [];
    let parentId: string | null = null;
    for (const entry of path) {
      if (entry.type === 'label') continue;
      kept.push({ ...entry, parentId });
      parentId = entry.id;
    }
    const keptIds = new Set(kept.map((entry) => entry.id));
    for (const [targetId, { label, labelTimestamp }] of this.#labels()) {
      if (!keptIds.has(targetId)) continue;
      const id = createEntryId((candidate) => keptIds.has(candidate));
      keptIds.add(id);
      kept.push({ type: 'label', id, parentId, timestamp: labelTimestamp, targetId, label });
      parentId = id;
    }
    return new FakeSession({ cwd: this.#cwd, entries: kept, clock: this.#clock });
  }

  #nextLinks(): { id: string; parentId: string | null; timestamp: string } {
    return {
      id: createEntryId((candidate) => this.#byId.has(candidate)),
      parentId: this.#leafId,
      timestamp: this.#clock().toISOString(),
    };
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

  /** Current label per target entry: the latest label entry wins; an empty label clears it. */
  #labels(): Map<string, { label: string; labelTimestamp: string }> {
    const labels = new Map<string, { label: string; labelTimestamp: string }>();
    for (const entry of this.#entries) {
      if (entry.type !== 'label') continue;
      if (entry.label) labels.set(entry.targetId, { label: entry.label, labelTimestamp: entry.timestamp });
      else labels.delete(entry.targetId);
    }
    return labels;
  }
}
