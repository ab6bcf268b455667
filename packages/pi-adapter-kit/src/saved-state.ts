import type { NewestEntryRestore } from './branch-entries.js';
import type { Caller } from './outcome-notice.js';
import type { PiContextPort, PiSessionEntryPort } from './port.js';

// What both adapters do with the state they keep: read it from the session's current branch, once
// per session before its first use, and save every change as one entry before it becomes current.
// The state read belongs to one session, known by its id: every Pi line and oh-my-pi give each session
// one session manager with an id, and a new session, a resume or a fork brings another id. So a host
// that keeps the extension across sessions (oh-my-pi) gets the new session's state even where no event
// announced the switch, and a session already read is not read again before each change.

export interface SavedStateOptions<TState, TProblem extends string> {
  /** The state of a session that has saved none. */
  readonly empty: TState;
  /** The newest saved state on the branch (root to leaf). */
  readonly restore: (branch: readonly PiSessionEntryPort[]) => NewestEntryRestore<TState, TProblem>;
  /**
   * Appends a changed state to the session, with who asked for the change, and returns it as saved (with
   * what the host stamped on the entry, such as its time); throws when the host cannot.
   */
  readonly save: (state: TState, caller: Caller, ctx: PiContextPort) => TState;
  /** The warning for an unreadable newest entry, which is not repaired and leaves the state empty. */
  readonly unreadableNotice: (problem: TProblem) => string;
  /** Redraws what the person sees of the state, after every load and change. */
  readonly show: (ctx: PiContextPort, state: TState) => void;
}

/** An unexpected failure (a bug or a host error) is reported, never thrown at Pi. */
export interface FailedChange {
  readonly kind: 'failed';
}

export interface SavedState<TState> {
  current(): TState;
  /** Whether the last load found an unreadable newest entry and started empty instead. */
  discardedOnLoad(): boolean;
  /** Replaces the state with the newest saved one on the current branch; never appends. */
  load(ctx: PiContextPort): void;
  /**
   * Loads unless this session was loaded already: an SDK host that never binds extensions sends no
   * session_start, and a host may switch sessions under a running extension.
   */
  ensureLoaded(ctx: PiContextPort): void;
  /**
   * Computes an outcome from the current state; when it yields a next state, that state is saved as
   * one entry (with `caller`, who asked) and only then becomes current, as `save` returns it.
   */
  change<TOutcome>(
    ctx: PiContextPort,
    outcomeOf: (state: TState) => TOutcome,
    nextStateOf: (outcome: TOutcome) => TState | undefined,
    caller: Caller,
  ): TOutcome | FailedChange;
}

/** One per extension instance; the state lives in this closure, never in the module. */
export function createSavedState<TState, TProblem extends string>(options: SavedStateOptions<TState, TProblem>): SavedState<TState> {
  let state = options.empty;
  let discarded = false;
  /** The id of the session the state was read from; undefined until the first load. */
  let loadedSessionId: string | undefined;
  // A host may announce one change several times, and /tree may return to a bad entry after meeting
  // another one: each unreadable entry is reported once per extension instance.
  const reportedEntryIds = new Set<string>();

  const saved: SavedState<TState> = {
    current: () => state,
    discardedOnLoad: () => discarded,

    load(ctx) {
      loadedSessionId = ctx.sessionManager.getSessionId();
      const restored = options.restore(ctx.sessionManager.getBranch());
      state = restored.kind === 'restored' ? restored.value : options.empty;
      discarded = restored.kind === 'unreadable';
      if (restored.kind === 'unreadable' && !reportedEntryIds.has(restored.entryId)) {
        reportedEntryIds.add(restored.entryId);
        ctx.ui.notify(options.unreadableNotice(restored.problem), 'warning');
      }
      options.show(ctx, state);
    },

    ensureLoaded(ctx) {
      if (loadedSessionId !== ctx.sessionManager.getSessionId()) {
        saved.load(ctx);
      }
    },

    change(ctx, outcomeOf, nextStateOf, caller) {
      saved.ensureLoaded(ctx);
      let outcome;
      let next: TState | undefined;
      try {
        outcome = outcomeOf(state);
        const changed = nextStateOf(outcome);
        next = changed === undefined ? undefined : options.save(changed, caller, ctx);
      } catch {
        return { kind: 'failed' };
      }
      if (next !== undefined) {
        state = next;
        options.show(ctx, state);
      }
      return outcome;
    },
  };
  return saved;
}
