import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { branchHistory, type Caller, type PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { STATE_ENTRY_TYPE, readStatePayload, savedBy } from './persistence.js';
import { changesBetween, type StateChange } from './ui/change-line.js';

// `/agent-state history [id]`: the saved changes on the current branch, read from the session when a
// person asks. Each entry holds a whole state, so what it changed is the difference from the entry
// before it, in the chat line's words; who asked and when are what the entry itself says.

export interface HistoryLine {
  /** When Pi appended the entry (ISO 8601), if it says. */
  readonly timestamp: string | undefined;
  /** Who asked for the change, if the entry says. */
  readonly by: Caller | undefined;
  /** What the entry changed (only what touches the id asked about); undefined when it cannot be read. */
  readonly changes: readonly StateChange[] | undefined;
}

function savedSnapshot(entry: PiSessionEntryPort): AgentStateSnapshot | undefined {
  const read = readStatePayload(entry.data);
  return read.ok ? read.value : undefined;
}

/**
 * The saved changes on `branch` (root to leaf), oldest first. With `id`, only the changes that touch
 * that work item or decision, and every unreadable entry, since it may have touched it.
 */
export function stateHistory(branch: readonly PiSessionEntryPort[], id?: string): HistoryLine[] {
  const lines: HistoryLine[] = [];
  for (const step of branchHistory(branch, STATE_ENTRY_TYPE, savedSnapshot)) {
    const all = step.value === undefined ? undefined : changesBetween(step.previous, step.value);
    const changes = id === undefined || all === undefined ? all : all.filter((change) => change.ids.includes(id));
    if (changes === undefined || id === undefined || changes.length > 0) {
      lines.push({ timestamp: step.timestamp, by: savedBy(step.data), changes });
    }
  }
  return lines;
}
