// The reference's picture of one Pi session: a tree of entries with a movable leaf. Each entry remembers the id
// of the newest state entry at or before it on its own branch, and a map holds what each state entry saved, so
// the state after any move of the leaf is a lookup. Generic in the saved value: it knows Pi's session rules,
// not the adapter's data.

/**
 * Navigation tells them apart: Pi puts the leaf on the parent of a user message or a custom message (its text
 * goes back to the editor), and on the entry itself for anything else.
 */
export type ReferenceEntryKind = 'state' | 'user' | 'custom_message' | 'assistant' | 'foreign';

export interface ReferenceEntry {
  readonly id: string;
  readonly parentId: string | null;
  readonly kind: ReferenceEntryKind;
  /** The newest state entry at or before this entry on its branch (itself, for a state entry). */
  readonly newestStateId: string | undefined;
}

export interface SavedAtLeaf<Saved> {
  readonly entryId: string;
  readonly saved: Saved;
}

export class ReferenceSession<Saved> {
  readonly #entries: ReferenceEntry[];
  readonly #byId: Map<string, ReferenceEntry>;
  readonly #savedByEntryId: Map<string, Saved>;
  #leaf: string | null;

  /** Entries in file order; the leaf starts on the last one, as when Pi opens a session file. */
  constructor(entries: readonly ReferenceEntry[] = [], savedByEntryId: ReadonlyMap<string, Saved> = new Map()) {
    this.#entries = [...entries];
    this.#byId = new Map(entries.map((entry) => [entry.id, entry]));
    this.#savedByEntryId = new Map(savedByEntryId);
    this.#leaf = entries.at(-1)?.id ?? null;
  }

  get leaf(): string | null {
    return this.#leaf;
  }

  entries(): readonly ReferenceEntry[] {
    return this.#entries;
  }

  branch(fromId: string | null = this.#leaf): ReferenceEntry[] {
    const path: ReferenceEntry[] = [];
    let entry = this.#entryOrUndefined(fromId);
    while (entry !== undefined) {
      path.push(entry);
      entry = this.#entryOrUndefined(entry.parentId);
    }
    return path.reverse();
  }

  /** The newest state entry at or before the leaf and what it saved; undefined when the branch holds none. */
  savedAtLeaf(): SavedAtLeaf<Saved> | undefined {
    const entryId = this.#entryOrUndefined(this.#leaf)?.newestStateId;
    if (entryId === undefined) return undefined;
    const saved = this.#savedByEntryId.get(entryId);
    if (saved === undefined) throw new Error(`reference: nothing saved at ${entryId}`);
    return { entryId, saved };
  }

  /** What each state entry on the current branch saved, root to leaf. */
  savedOnBranch(): Saved[] {
    return this.branch().flatMap((entry) => {
      const saved = entry.kind === 'state' ? this.#savedByEntryId.get(entry.id) : undefined;
      return saved === undefined ? [] : [saved];
    });
  }

  /** An entry appended as a child of the leaf; a `state` entry carries what it saved. */
  append(id: string, kind: ReferenceEntryKind, saved?: Saved): void {
    if (kind === 'state') {
      if (saved === undefined) throw new Error('reference: a state entry saves something');
      this.#savedByEntryId.set(id, saved);
    }
    const newestStateId = kind === 'state' ? id : this.#entryOrUndefined(this.#leaf)?.newestStateId;
    const entry: ReferenceEntry = { id, parentId: this.#leaf, kind, newestStateId };
    this.#entries.push(entry);
    this.#byId.set(id, entry);
    this.#leaf = id;
  }

  /** Pi's `/tree`: a user or custom message puts the leaf on its parent, any other entry on itself. */
  navigate(targetId: string): void {
    const target = this.#entry(targetId);
    this.#leaf = target.kind === 'user' || target.kind === 'custom_message' ? target.parentId : target.id;
  }

  /** A fork at an entry: a new session holding root..entry with the same ids and what they saved. */
  fork(entryId: string): ReferenceSession<Saved> {
    return new ReferenceSession(this.branch(this.#entry(entryId).id), this.#savedByEntryId);
  }

  /** Re-opening the session file puts the leaf on its last entry, wherever `/tree` had moved it. */
  reopen(): void {
    this.#leaf = this.#entries.at(-1)?.id ?? null;
  }

  #entry(id: string): ReferenceEntry {
    const entry = this.#byId.get(id);
    if (entry === undefined) throw new Error(`reference: no entry ${id}`);
    return entry;
  }

  #entryOrUndefined(id: string | null): ReferenceEntry | undefined {
    return id === null ? undefined : this.#byId.get(id);
  }
}
