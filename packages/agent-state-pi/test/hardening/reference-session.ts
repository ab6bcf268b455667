// The reference's picture of one Pi session: a tree of entries with a movable leaf. Each entry remembers the
// newest state saved at or before it on its own branch, so the state after any move of the leaf is a lookup.
// Generic in the saved state: it knows Pi's session rules, not the adapter's data.

/**
 * Navigation tells them apart: Pi puts the leaf on the parent of a user message or a custom message (its text
 * goes back to the editor), and on the entry itself for anything else.
 */
export type ReferenceEntryKind = 'state' | 'user' | 'custom_message' | 'assistant' | 'foreign';

export interface ReferenceEntry<State> {
  readonly id: string;
  readonly parentId: string | null;
  readonly kind: ReferenceEntryKind;
  /** The newest saved state at or before this entry on its branch; undefined when there is none. */
  readonly saved: State | undefined;
  /** The id of the entry that saved it. */
  readonly savedBy: string | undefined;
}

export class ReferenceSession<State> {
  readonly #entries: ReferenceEntry<State>[];
  readonly #byId: Map<string, ReferenceEntry<State>>;
  #leaf: string | null;

  /** Entries in file order; the leaf starts on the last one, as when Pi opens a session file. */
  constructor(entries: readonly ReferenceEntry<State>[] = []) {
    this.#entries = [...entries];
    this.#byId = new Map(entries.map((entry) => [entry.id, entry]));
    this.#leaf = entries.at(-1)?.id ?? null;
  }

  get leaf(): string | null {
    return this.#leaf;
  }

  entries(): readonly ReferenceEntry<State>[] {
    return this.#entries;
  }

  branch(fromId: string | null = this.#leaf): ReferenceEntry<State>[] {
    const path: ReferenceEntry<State>[] = [];
    let entry = this.#entryOrUndefined(fromId);
    while (entry !== undefined) {
      path.push(entry);
      entry = this.#entryOrUndefined(entry.parentId);
    }
    return path.reverse();
  }

  /** The newest saved state at or before the leaf; undefined when the branch holds none. */
  saved(): State | undefined {
    return this.#entryOrUndefined(this.#leaf)?.saved;
  }

  /** The id of the entry holding `saved()`. */
  savedBy(): string | undefined {
    return this.#entryOrUndefined(this.#leaf)?.savedBy;
  }

  /** An entry appended as a child of the leaf; a `state` entry carries the state it saved. */
  append(id: string, kind: ReferenceEntryKind, savedState?: State): void {
    const saves = kind === 'state';
    const entry: ReferenceEntry<State> = {
      id,
      parentId: this.#leaf,
      kind,
      saved: saves ? savedState : this.saved(),
      savedBy: saves ? id : this.savedBy(),
    };
    this.#entries.push(entry);
    this.#byId.set(id, entry);
    this.#leaf = id;
  }

  /** Pi's `/tree`: a user or custom message puts the leaf on its parent, any other entry on itself. */
  navigate(targetId: string): void {
    const target = this.#entry(targetId);
    this.#leaf = target.kind === 'user' || target.kind === 'custom_message' ? target.parentId : target.id;
  }

  /** A fork at an entry: a new session holding root..entry with the same ids. */
  fork(entryId: string): ReferenceSession<State> {
    return new ReferenceSession(this.branch(this.#entry(entryId).id));
  }

  /** Re-opening the session file puts the leaf on its last entry, wherever `/tree` had moved it. */
  reopen(): void {
    this.#leaf = this.#entries.at(-1)?.id ?? null;
  }

  #entry(id: string): ReferenceEntry<State> {
    const entry = this.#byId.get(id);
    if (entry === undefined) throw new Error(`reference: no entry ${id}`);
    return entry;
  }

  #entryOrUndefined(id: string | null): ReferenceEntry<State> | undefined {
    return id === null ? undefined : this.#byId.get(id);
  }
}
