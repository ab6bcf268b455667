import {
  createAgentState,
  summarizeAgentState,
  type AgentStateSnapshot,
  type AgentStateSummary,
} from '@j1nn0/agent-state';
import { formatUnreadableEntry } from './format.js';
import { applyMutation, type MutationOutcome, type StateMutation } from './mutations.js';
import { STATE_ENTRY_TYPE, restoreFromBranch, toStatePayload } from './persistence.js';
import type { PiContextPort } from '@j1nn0/pi-adapter-kit';

/** An unexpected failure (a bug or a host error) is reported, never thrown at Pi. */
export type ControllerOutcome = MutationOutcome | { readonly kind: 'failed' };

export interface AgentStateController {
  current(): AgentStateSnapshot;
  /** The core's summary of `current()`, computed once per change rather than on every read. */
  summary(): AgentStateSummary;
  /** Replaces the state with the newest saved one on the current branch; never appends. */
  load(ctx: PiContextPort): void;
  /**
   * Loads unless this instance has loaded already: an SDK host that never calls
   * `session.bindExtensions()` sends no session_start, and a first read or change must not start empty.
   */
  ensureLoaded(ctx: PiContextPort): void;
  /** Applies a mutation to the loaded state; a change is saved as one entry before it becomes the current state. */
  apply(mutation: StateMutation, ctx: PiContextPort): ControllerOutcome;
}

/** One controller per extension instance; its state lives in this closure, never in the module. */
export function createAgentStateController(
  appendEntry: (customType: string, data: unknown) => void,
  // What the person sees of the state (footer, panel); redrawn after every load and change.
  show: (ctx: PiContextPort, snapshot: AgentStateSnapshot, summary: AgentStateSummary) => void = () => undefined,
): AgentStateController {
  let snapshot = createAgentState().snapshot();
  // summarizeAgentState re-validates the whole snapshot (about 0.5 ms at the limits), so it runs
  // when the state changes, not on every status read (BENCHMARKS.md, figure 5).
  let summary = summarizeAgentState(snapshot);
  let loaded = false;

  function replaceState(next: AgentStateSnapshot): void {
    snapshot = next;
    summary = summarizeAgentState(next);
  }
  // Pi may deliver session_start twice, and /tree may return to a bad entry after meeting another one:
  // each unreadable entry is reported only once per extension instance.
  const reportedEntryIds = new Set<string>();

  function showState(ctx: PiContextPort): void {
    show(ctx, snapshot, summary);
  }

  const controller: AgentStateController = {
    current: () => snapshot,
    summary: () => summary,

    load(ctx) {
      loaded = true;
      const restored = restoreFromBranch(ctx.sessionManager.getBranch());
      if (restored.kind === 'restored') {
        replaceState(restored.snapshot);
      } else {
        replaceState(createAgentState().snapshot());
        if (restored.kind === 'unreadable' && !reportedEntryIds.has(restored.entryId)) {
          reportedEntryIds.add(restored.entryId);
          ctx.ui.notify(formatUnreadableEntry(restored.problem), 'warning');
        }
      }
      showState(ctx);
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
        outcome = applyMutation(snapshot, mutation);
        if (outcome.kind === 'changed') {
          appendEntry(STATE_ENTRY_TYPE, toStatePayload(outcome.snapshot));
        }
      } catch {
        return { kind: 'failed' };
      }
      if (outcome.kind === 'changed') {
        replaceState(outcome.snapshot);
        showState(ctx);
      }
      return outcome;
    },
  };
  return controller;
}
