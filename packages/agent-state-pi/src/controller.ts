import {
  createAgentState,
  summarizeAgentState,
  type AgentStateSnapshot,
  type AgentStateSummary,
} from '@j1nn0/agent-state';
import { formatUnreadableEntry } from './format.js';
import { applyMutation, type MutationOutcome, type StateMutation } from './mutations.js';
import { STATE_ENTRY_TYPE, restoreFromBranch, toStatePayload, type UnreadableProblem } from './persistence.js';
import { NO_TIMES, sinceAfterChange, sinceOnBranch, type SinceTimes } from './since.js';
import { createSavedState, type Caller, type FailedChange, type PiContextPort, type SavedState } from '@j1nn0/pi-adapter-kit';

/** The time Pi stamped on the state entry just appended (the leaf); undefined if the leaf is not one. */
function savedAt(ctx: PiContextPort): string | undefined {
  const leaf = ctx.sessionManager.getLeafEntry();
  return leaf?.type === 'custom' && leaf.customType === STATE_ENTRY_TYPE ? leaf.timestamp : undefined;
}

/** The state and since when each unfinished item has had its status: what a load or a change replaces. */
interface TimedState {
  readonly snapshot: AgentStateSnapshot;
  readonly since: SinceTimes;
}

/** A change as the controller applied it: what the rules said, or a failure (a bug or a host error) reported, never thrown at Pi. */
export type AppliedChange = MutationOutcome | FailedChange;

export interface AgentStateController {
  current(): AgentStateSnapshot;
  /** Since when each unfinished work item of `current()` has had its status, where the session tells. */
  since(): SinceTimes;
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
  apply(mutation: StateMutation, ctx: PiContextPort, caller: Caller): AppliedChange;
}

/** One controller per extension instance; its state lives in this closure, never in the module. */
export function createAgentStateController(
  appendEntry: (customType: string, data: unknown) => void,
  // What the person sees of the state (footer, panel); redrawn after every load and change.
  show: (ctx: PiContextPort, snapshot: AgentStateSnapshot, summary: AgentStateSummary, since: SinceTimes) => void = () => undefined,
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

  const saved: SavedState<TimedState> = createSavedState<TimedState, UnreadableProblem>({
    empty: { snapshot: createAgentState().snapshot(), since: NO_TIMES },
    restore: (branch) => {
      const restored = restoreFromBranch(branch);
      return restored.kind === 'restored'
        ? { ...restored, value: { snapshot: restored.value, since: sinceOnBranch(branch, restored.value) } }
        : restored;
    },
    save: ({ snapshot }, caller, ctx) => {
      appendEntry(STATE_ENTRY_TYPE, toStatePayload(snapshot, caller));
      const before = saved.current();
      return { snapshot, since: sinceAfterChange(before.since, before.snapshot, snapshot, savedAt(ctx)) };
    },
    unreadableNotice: formatUnreadableEntry,
    show: (ctx, { snapshot, since }) => {
      show(ctx, snapshot, summaryOf(snapshot), since);
    },
  });

  return {
    load: (ctx) => {
      saved.load(ctx);
    },
    ensureLoaded: (ctx) => {
      saved.ensureLoaded(ctx);
    },
    current: () => saved.current().snapshot,
    since: () => saved.current().since,
    summary: () => summaryOf(saved.current().snapshot),
    apply: (mutation, ctx, caller) =>
      saved.change(
        ctx,
        ({ snapshot }) => applyMutation(snapshot, mutation),
        // `save` works out the times, once the entry (and so its time) exists.
        (outcome) => (outcome.kind === 'changed' ? { snapshot: outcome.snapshot, since: NO_TIMES } : undefined),
        caller,
      ),
  };
}
