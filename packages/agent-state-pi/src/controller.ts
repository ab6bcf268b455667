import { createAgentState, type AgentStateSnapshot } from '@j1nn0/agent-state';
import { formatFooter, formatUnreadableEntry } from './format.js';
import { applyMutation, type MutationOutcome, type StateMutation } from './mutations.js';
import { STATE_ENTRY_TYPE, restoreFromBranch, toStatePayload } from './persistence.js';
import type { PiContextPort } from './port.js';

export const FOOTER_STATUS_KEY = 'agent-state';

/** An unexpected failure (a bug or a host error) is reported, never thrown at Pi. */
export type ControllerOutcome = MutationOutcome | { readonly kind: 'failed' };

export interface AgentStateController {
  current(): AgentStateSnapshot;
  /** Replaces the state with the newest saved one on the current branch; never appends. */
  load(ctx: PiContextPort): void;
  /** Applies a mutation; a change is saved as one entry before it becomes the current state. */
  apply(mutation: StateMutation, ctx: PiContextPort): ControllerOutcome;
}

/** One controller per extension instance; its state lives in this closure, never in the module. */
export function createAgentStateController(
  appendEntry: (customType: string, data: unknown) => void,
): AgentStateController {
  let snapshot = createAgentState().snapshot();
  // Pi may deliver session_start twice; the same unreadable entry is reported only once.
  let lastReportedEntryId: string | undefined;

  function showFooter(ctx: PiContextPort): void {
    if (ctx.hasUI) {
      ctx.ui.setStatus(FOOTER_STATUS_KEY, formatFooter(snapshot));
    }
  }

  return {
    current: () => snapshot,

    load(ctx) {
      const restored = restoreFromBranch(ctx.sessionManager.getBranch());
      if (restored.kind === 'restored') {
        snapshot = restored.snapshot;
      } else {
        snapshot = createAgentState().snapshot();
        if (restored.kind === 'unreadable' && restored.entryId !== lastReportedEntryId) {
          lastReportedEntryId = restored.entryId;
          ctx.ui.notify(formatUnreadableEntry(restored.problem), 'warning');
        }
      }
      showFooter(ctx);
    },

    apply(mutation, ctx) {
      let outcome: MutationOutcome;
      try {
        outcome = applyMutation(snapshot, mutation);
        if (outcome.kind === 'changed') {
          appendEntry(STATE_ENTRY_TYPE, toStatePayload(outcome.snapshot));
        }
      } catch {
        return { kind: 'failed' };
      }
      if (outcome.kind === 'changed') {
        snapshot = outcome.snapshot;
        showFooter(ctx);
      }
      return outcome;
    },
  };
}
