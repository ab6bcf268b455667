import {
  createAgentState,
  summarizeAgentState,
  type AgentStateSnapshot,
  type AgentStateSummary,
} from '@j1nn0/agent-state';
import { formatUnreadableEntry } from './format.js';
import { applyMutation, confirmingMutation, type MutationOutcome, type StateMutation } from './mutations.js';
import { STATE_ENTRY_TYPE, restoreFromBranch, toStatePayload, type UnreadableProblem } from './persistence.js';
import {
  NO_DECLARATIONS,
  NO_TIMES,
  declaredAfterChange,
  declaredOnBranch,
  sinceAfterChange,
  sinceOnBranch,
  type DeclaredBy,
  type SinceTimes,
} from './since.js';
import { createSavedState, type Caller, type FailedChange, type PiContextPort, type SavedState } from '@j1nn0/pi-adapter-kit';

/** The time Pi stamped on the state entry just appended (the leaf); undefined if the leaf is not one. */
function savedAt(ctx: PiContextPort): string | undefined {
  const leaf = ctx.sessionManager.getLeafEntry();
  return leaf?.type === 'custom' && leaf.customType === STATE_ENTRY_TYPE ? leaf.timestamp : undefined;
}

/**
 * The state, since when each unfinished item has had its status and who declared each status: what a
 * load or a change replaces.
 */
interface TimedState {
  readonly snapshot: AgentStateSnapshot;
  readonly since: SinceTimes;
  readonly declared: DeclaredBy;
  /** Only on a state about to be saved: the ids whose unchanged status this change confirms. */
  readonly confirming?: readonly string[];
}

/** What the person sees drawn from: the state with its summary, times and who declared each status. */
export interface ShownState extends TimedState {
  readonly summary: AgentStateSummary;
}

/** A change as the controller applied it: what the rules said, or a failure (a bug or a host error) reported, never thrown at Pi. */
export type AppliedChange = MutationOutcome | FailedChange;

export interface AgentStateController {
  current(): AgentStateSnapshot;
  /** Since when each unfinished work item of `current()` has had its status, where the session tells. */
  since(): SinceTimes;
  /** Who declared each work item's current status, where the session tells. */
  declared(): DeclaredBy;
  /** Everything above at once, as the footer, the panel and `status` draw it. */
  shown(): ShownState;
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
   * before it becomes the current state. A person's `set` to the status the model declared confirms it.
   */
  apply(mutation: StateMutation, ctx: PiContextPort, caller: Caller): AppliedChange;
}

/** One controller per extension instance; its state lives in this closure, never in the module. */
export function createAgentStateController(
  appendEntry: (customType: string, data: unknown) => void,
  // What the person sees of the state (footer, panel); redrawn after every load and change.
  show: (ctx: PiContextPort, shown: ShownState) => void = () => undefined,
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
    empty: { snapshot: createAgentState().snapshot(), since: NO_TIMES, declared: NO_DECLARATIONS },
    restore: (branch) => {
      const restored = restoreFromBranch(branch);
      return restored.kind === 'restored'
        ? {
            ...restored,
            value: { snapshot: restored.value, since: sinceOnBranch(branch, restored.value), declared: declaredOnBranch(branch, restored.value) },
          }
        : restored;
    },
    save: ({ snapshot, confirming = [] }, caller, ctx) => {
      appendEntry(STATE_ENTRY_TYPE, toStatePayload(snapshot, caller, confirming));
      const before = saved.current();
      return {
        snapshot,
        since: sinceAfterChange(before.since, before.snapshot, snapshot, savedAt(ctx)),
        declared: declaredAfterChange(before.declared, before.snapshot, snapshot, caller, confirming),
      };
    },
    unreadableNotice: formatUnreadableEntry,
    show: (ctx, state) => {
      show(ctx, { ...state, summary: summaryOf(state.snapshot) });
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
    declared: () => saved.current().declared,
    summary: () => summaryOf(saved.current().snapshot),
    shown: () => ({ ...saved.current(), summary: summaryOf(saved.current().snapshot) }),
    apply: (mutation, ctx, caller) =>
      saved.change(
        ctx,
        ({ snapshot, declared }) => applyMutation(snapshot, confirmingMutation(mutation, snapshot, declared, caller)),
        // `save` works out the times and who declared what, once the entry (and so its time) exists.
        (outcome) =>
          outcome.kind === 'changed'
            ? {
                snapshot: outcome.snapshot,
                since: NO_TIMES,
                declared: NO_DECLARATIONS,
                confirming: outcome.mutation.kind === 'confirm_status' ? [outcome.mutation.id] : [],
              }
            : undefined,
        caller,
      ),
  };
}
