import type { AgentStateSnapshot, AgentStateSummary } from './types.js';
import { parseSnapshot } from './validation.js';

/** Counts work items by status. The snapshot is validated first, so a malformed one is never counted. */
export function summarizeAgentState(snapshot: AgentStateSnapshot): AgentStateSummary {
  const { workItems } = parseSnapshot(snapshot);
  const counts = { open: 0, in_progress: 0, blocked: 0, done: 0 };
  for (const item of workItems) {
    counts[item.status] += 1;
  }
  return {
    open: counts.open,
    in_progress: counts.in_progress,
    blocked: counts.blocked,
    done: counts.done,
    total: workItems.length,
  };
}
