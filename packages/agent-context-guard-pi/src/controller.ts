import { formatUnreadableEntry } from './format.js';
import { EMPTY_GUARD_STATE, type GuardState } from './guard-state.js';
import { applyMutation, type GuardMutation, type MutationOutcome } from './mutations.js';
import { STATE_ENTRY_TYPE, restoreFromBranch, toStatePayload } from './persistence.js';
import {
  createSavedState,
  showFooterStatus,
  type Caller,
  type FailedChange,
  type PiContextPort,
} from '@j1nn0/pi-adapter-kit';
import { FOOTER_STATUS_KEY, formatFooter } from './ui/footer.js';

/** A change as the controller applied it: what the rules said, or a failure (a bug or a host error) reported, never thrown at Pi. */
export type AppliedChange = MutationOutcome | FailedChange;

export interface GuardControllerOptions {
  readonly appendEntry: (customType: string, data: unknown) => void;
  /** Draws the footer after every load and change; by default from the state alone. */
  readonly show?: (ctx: PiContextPort, state: GuardState) => void;
}

export interface GuardController {
  current(): GuardState;
  /** Whether the last load found an unreadable newest entry and started empty instead. */
  discardedOnLoad(): boolean;
  /** Replaces the state with the newest saved one on the current branch; never appends. */
  load(ctx: PiContextPort): void;
  /**
   * Loads unless this session was loaded already: an SDK host that never calls
   * `session.bindExtensions()` sends no session_start, and a first read or change must not start empty.
   */
  ensureLoaded(ctx: PiContextPort): void;
  /**
   * Applies a mutation to the loaded state; a change is saved as one entry before it becomes the current
   * state. `caller`: who asked (the person's command or the model's tool).
   */
  apply(mutation: GuardMutation, ctx: PiContextPort, caller: Caller): AppliedChange;
}

/** One controller per extension instance; its state lives in this closure, never in the module. */
export function createGuardController(options: GuardControllerOptions): GuardController {
  const saved = createSavedState({
    empty: EMPTY_GUARD_STATE,
    restore: restoreFromBranch,
    save: (state) => {
      options.appendEntry(STATE_ENTRY_TYPE, toStatePayload(state));
      return state;
    },
    unreadableNotice: formatUnreadableEntry,
    // The footer is all Context Guard keeps in view; the kit fits it to the surface Pi shows it on.
    show: options.show ?? ((ctx, state) => {
      showFooterStatus(ctx, FOOTER_STATUS_KEY, formatFooter(state));
    }),
  });

  return {
    ...saved,
    apply: (mutation, ctx, caller) =>
      saved.change(
        ctx,
        (state) => applyMutation(state, mutation),
        (outcome) => (outcome.kind === 'changed' ? outcome.state : undefined),
        caller,
      ),
  };
}
