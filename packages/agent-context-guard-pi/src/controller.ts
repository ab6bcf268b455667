import { formatUnreadableEntry } from './format.js';
import { EMPTY_GUARD_STATE, type GuardState } from './guard-state.js';
import { applyMutation, type GuardMutation, type MutationOutcome } from './mutations.js';
import { STATE_ENTRY_TYPE, restoreFromBranch, toStatePayload } from './persistence.js';
import { showFooterStatus, type PiContextPort } from '@j1nn0/pi-adapter-kit';
import { FOOTER_STATUS_KEY, formatFooter } from './ui/footer.js';


/** An unexpected failure (a bug or a host error) is reported, never thrown at Pi. */
export type ControllerOutcome = MutationOutcome | { readonly kind: 'failed' };

export interface GuardControllerOptions {
  readonly appendEntry: (customType: string, data: unknown) => void;
}

export interface GuardController {
  current(): GuardState;
  /** Whether the last load found an unreadable newest entry and started empty instead. */
  discardedOnLoad(): boolean;
  /** Replaces the state with the newest saved one on the current branch; never appends. */
  load(ctx: PiContextPort): void;
  /**
   * Loads unless this instance has loaded already: an SDK host that never calls
   * `session.bindExtensions()` sends no session_start, and a first read or change must not start empty.
   */
  ensureLoaded(ctx: PiContextPort): void;
  /** Applies a mutation to the loaded state; a change is saved as one entry before it becomes the current state. */
  apply(mutation: GuardMutation, ctx: PiContextPort): ControllerOutcome;
}

/** One controller per extension instance; its state lives in this closure, never in the module. */
export function createGuardController(options: GuardControllerOptions): GuardController {
  let state: GuardState = EMPTY_GUARD_STATE;
  let discarded = false;
  let loaded = false;
  // Pi may deliver session_start twice, and /tree may return to a bad entry after meeting another one:
  // each unreadable entry is reported only once per extension instance.
  const reportedEntryIds = new Set<string>();

  // The footer is all Context Guard keeps in view; the kit fits it to the surface Pi shows it on.
  function showFooter(ctx: PiContextPort): void {
    showFooterStatus(ctx, FOOTER_STATUS_KEY, formatFooter(state));
  }

  const controller: GuardController = {
    current: () => state,

    discardedOnLoad: () => discarded,

    load(ctx) {
      loaded = true;
      const restored = restoreFromBranch(ctx.sessionManager.getBranch());
      state = restored.kind === 'restored' ? restored.state : EMPTY_GUARD_STATE;
      discarded = restored.kind === 'unreadable';
      if (restored.kind === 'unreadable' && !reportedEntryIds.has(restored.entryId)) {
        reportedEntryIds.add(restored.entryId);
        ctx.ui.notify(formatUnreadableEntry(restored.problem), 'warning');
      }
      showFooter(ctx);
    },

    ensureLoaded(ctx) {
      if (!loaded) {
        controller.load(ctx);
      }
    },

    apply(mutation, ctx) {
      controller.ensureLoaded(ctx);
      let outcome: MutationOutcome;
      try {
        outcome = applyMutation(state, mutation);
        if (outcome.kind === 'changed') {
          options.appendEntry(STATE_ENTRY_TYPE, toStatePayload(outcome.state));
        }
      } catch {
        return { kind: 'failed' };
      }
      if (outcome.kind === 'changed') {
        state = outcome.state;
        showFooter(ctx);
      }
      return outcome;
    },
  };
  return controller;
}
