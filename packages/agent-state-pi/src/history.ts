import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { branchHistory, newestHistory, type Caller, type HistoryStep, type PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { STATE_ENTRY_TYPE, readStatePayload, savedBy, savedConfirmed } from './persistence.js';
import { changedIds, changesBetween, type StateChange } from './state-changes.js';

// The story of the state: the saved changes on the current branch, read from the session when a
// person (`/agent-state history`) or a codemode script (`agent_state_get`) asks. Each entry holds a
// whole state, so what it changed is the difference from the entry before it; who asked and when
// are what the entry itself says.

/** How many saved changes a history gives, the newest ones: about a screen in Pi's terminal. */
export const HISTORY_LINES = 15;

export interface HistoryLine {
  /** When Pi appended the entry (ISO 8601), if it says. */
  readonly timestamp: string | undefined;
  /** Who asked for the change, if the entry says. */
  readonly by: Caller | undefined;
  /** What the entry changed (only what touches the id asked about); undefined when it cannot be read. */
  readonly changes: readonly StateChange[] | undefined;
}

/** Every saved change: `/agent-state history --all`, which a history that leaves some out names. */
export const ALL_HISTORY = Number.POSITIVE_INFINITY;

/** The newest saved changes (HISTORY_LINES unless all are asked for), oldest first, and how many earlier ones they leave out. */
export interface StateHistory {
  readonly lines: readonly HistoryLine[];
  readonly earlier: number;
}

// Reading a saved entry validates a whole state (about 0.4 ms at the limits), and a codemode script
// may read the history on every call. Entries never change, so each is read once: keyed by the entry
// itself, the memo goes when Pi lets go of the session. Null marks an unreadable entry.
const readEntries = new WeakMap<PiSessionEntryPort, AgentStateSnapshot | null>();

function savedSnapshot(entry: PiSessionEntryPort): AgentStateSnapshot | undefined {
  const known = readEntries.get(entry);
  if (known !== undefined) return known ?? undefined;
  const read = readStatePayload(entry.data);
  readEntries.set(entry, read.ok ? read.value : null);
  return read.ok ? read.value : undefined;
}

function lineOf(step: HistoryStep<AgentStateSnapshot>, changes: readonly StateChange[] | undefined): HistoryLine {
  return { timestamp: step.timestamp, by: savedBy(step.data), changes };
}

function changesOf(step: HistoryStep<AgentStateSnapshot>): StateChange[] | undefined {
  return step.value === undefined ? undefined : changesBetween(step.previous, step.value, savedConfirmed(step.data));
}

/**
 * The newest `limit` saved changes on `branch` (root to leaf). Without `id` only those entries are read;
 * with `id`, the changes that touch that work item or decision, and every unreadable entry, since it may
 * have touched it, which takes the whole branch.
 */
export function stateHistory(branch: readonly PiSessionEntryPort[], id?: string, limit: number = HISTORY_LINES): StateHistory {
  if (id === undefined) {
    const { steps, earlier } = newestHistory(branch, STATE_ENTRY_TYPE, savedSnapshot, limit);
    return { lines: steps.map((step) => lineOf(step, changesOf(step))), earlier };
  }
  const touching: HistoryLine[] = [];
  for (const step of branchHistory(branch, STATE_ENTRY_TYPE, savedSnapshot)) {
    const changes = changesOf(step)?.filter((change) => changedIds(change).includes(id));
    if (changes === undefined || changes.length > 0) touching.push(lineOf(step, changes));
  }
  const lines = touching.slice(Math.max(0, touching.length - limit));
  return { lines, earlier: touching.length - lines.length };
}
