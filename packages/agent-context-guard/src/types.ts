/** What a protected item is. Nothing else is accepted, and nothing is corrected. */
export type ContextItemKind = 'goal' | 'constraint' | 'requirement' | 'decision' | 'fact';

/** A protected item as stored: `id` and `content` exactly as the caller gave them. */
export interface ContextItem {
  readonly id: string;
  readonly kind: ContextItemKind;
  readonly content: string;
  readonly critical: boolean;
}

/** A protected item as a caller declares it; without `critical` it is not critical. */
export interface ContextItemInput {
  readonly id: string;
  readonly kind: ContextItemKind;
  readonly content: string;
  readonly critical?: boolean;
}

/** Plain JSON: safe to store in a session and hand back to `restoreContextGuard`. */
export interface ContextGuardSnapshot {
  readonly schemaVersion: 1;
  readonly items: readonly ContextItem[];
}

/** `unknown` is also what every item gets when a verifier's answer cannot be trusted. */
export type ContextFindingStatus = 'preserved' | 'changed' | 'lost' | 'unknown';

export interface ContextFinding {
  readonly id: string;
  readonly status: ContextFindingStatus;
}

export interface ContextVerifierInput {
  readonly items: readonly ContextItem[];
  readonly context: string;
}

/** Judges every item against the context in one call; may be async. Its output is never trusted. */
export type ContextVerifier = (
  input: ContextVerifierInput,
) => readonly ContextFinding[] | PromiseLike<readonly ContextFinding[]>;

/** Codes that start every string in `ContextGuardReport.issues`. */
export type ContextGuardIssueCode =
  | 'verifier_threw'
  | 'verifier_returned_non_array'
  | 'invalid_finding'
  | 'unknown_finding_id'
  | 'unsupported_status'
  | 'duplicate_finding'
  | 'missing_finding';

/**
 * `findings` has one entry per snapshot item, in snapshot order; the id lists follow the same order.
 * `ok` is true only when every item is preserved and there are no issues.
 */
export interface ContextGuardReport {
  readonly schemaVersion: 1;
  readonly ok: boolean;
  readonly findings: readonly ContextFinding[];
  readonly preserved: readonly string[];
  readonly changed: readonly string[];
  readonly lost: readonly string[];
  readonly unknown: readonly string[];
  /** Ids of critical items whose status is anything but `preserved`. */
  readonly criticalFailures: readonly string[];
  /** Short structural strings such as `missing_finding for item 2`; never item content or context. */
  readonly issues: readonly string[];
}

export interface VerifyContextOptions {
  readonly snapshot: ContextGuardSnapshot;
  readonly context: string;
  readonly verifier: ContextVerifier;
}

export interface GuardVerifyOptions {
  readonly verifier: ContextVerifier;
}

export interface LiteralVerifierOptions {
  /** Default `false`: both sides are lower-cased before matching. */
  readonly caseSensitive?: boolean;
  /** Default `true`: runs of whitespace become one space and both ends are trimmed. */
  readonly normalizeWhitespace?: boolean;
}

export interface ContextGuard {
  /** Adds an item at the end and returns a copy; throws `duplicate_item_id` when the id is taken. */
  add(item: ContextItemInput): ContextItem;
  /** Adds every item or, on any invalid or duplicate item, none. */
  addAll(items: readonly ContextItemInput[]): ContextItem[];
  get(id: string): ContextItem | undefined;
  has(id: string): boolean;
  list(): ContextItem[];
  /** Removes the item and returns it, or returns `undefined` when there is no such item. */
  remove(id: string): ContextItem | undefined;
  clear(): void;
  /** How many items are protected. */
  readonly size: number;
  snapshot(): ContextGuardSnapshot;
  /** Same as `verifyContext` with this guard's current snapshot. */
  verify(context: string, options: GuardVerifyOptions): Promise<ContextGuardReport>;
}
