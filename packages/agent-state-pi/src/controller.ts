import {
  createAgentState,
  summarizeAgentState,
  type AgentStateSnapshot,
  type AgentStateSummary,
} from '@j1nn0/agent-state';
import { formatUnreadableEntry } from './format.js';
import { applyMutation, type MutationOutcome, type StateMutation } from './mutations.js';
import { STATE_ENTRY_TYPE, restoreFromBranch, toStatePayload } from './persistence.js';
import { createSavedState, type Caller, type FailedChange, type PiContextPort } from '@j1nn0/pi-adapter-kit';

/** An unexpected failure (a bug or a host error) is reported, never thrown at Pi. */
export type ControllerOutcome = MutationOutcome | FailedChange;

export interface AgentStateController {
  current(): AgentStateSnapshot;
  /** The core's summary of `current()`, computed once per change rather than on every read. */
  summary(): AgentStateSummary;
  /** Replaces the state with the newest saved one on the current branch; never appends. */
  load(ctx: PiContextPort): void;
  /**
   * Loads unless this session was loaded already: an SDK host that never calls
   * `session.bindExtensions()` sends no session_start, and a first read or change must not start empty.
   */
  ensureLoaded(ctx: PiContextPort): void;
  /**
   * Applies a mutation to the loaded state; a change is saved as one entry, with `caller` (who asked),
   * before it becomes the current state.
   */
  apply(mutation: StateMutation, ctx: PiContextPort, caller: Caller): ControllerOutcome;
}

/** One controller per extension instance; its state lives in this closure, never in the module. */
export function createAgentStateController(
  appendEntry: (customType: string, data: unknown) => void,
  // What the person sees of the state (footer, panel); redrawn after every load and change.
  show: (ctx: PiContextPort, snapshot: AgentStateSnapshot, summary: AgentStateSummary) => void = () => undefined,
): AgentStateController {
  // summarizeAgentState re-validates the whole snapshot (about 0.5 ms at the limits), so it runs
  // once per state, not on every status read (BENCHMARKS.md, figure 5).
  let summarized: { readonly snapshot: AgentStateSnapshot; readonly summary: AgentStateSummary } | undefined;
  function summaryOf(snapshot: AgentStateSnapshot): AgentStateSummary {
    if (summarized?.snapshot !== snapshot) {
      summarized = { snapshot, summary: summarizeAgentState(snapshot) };
    }
    return summarized.summary;
  }

  const saved = createSavedState({
    empty: createAgentState().snapshot(),
    restore: restoreFromBranch,
    save: (snapshot, caller) => {
      appendEntry(STATE_ENTRY_TYPE, toStatePayload(snapshot, caller));
    },
    unreadableNotice: formatUnreadableEntry,
    show: (ctx, snapshot) => {
      show(ctx, snapshot, summaryOf(snapshot));
    },
  });

  return {
    ...saved,
    summary: () => summaryOf(saved.current()),
    apply: (mutation, ctx, caller) =>
      saved.change(
        ctx,
        (snapshot) => applyMutation(snapshot, mutation),
        (outcome) => (outcome.kind === 'changed' ? outcome.snapshot : undefined),
        caller,
      ),
  };
}
