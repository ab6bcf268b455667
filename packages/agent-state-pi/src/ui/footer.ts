import type { AgentStateSnapshot, AgentStateSummary } from '@j1nn0/agent-state';
import { isEmptySnapshot } from '../mutations.js';

// Pi's terminal joins the footer statuses of all extensions with one space on one line and cuts it at
// the terminal width. This one carries counts only (the kit's showFooterStatus puts a bar before it
// there) and stays short enough that it and Context Guard's fit in 80 columns together.

export const FOOTER_STATUS_KEY = 'agent-state';

/** Undefined clears the footer of an empty state. */
export function formatFooter(snapshot: AgentStateSnapshot, summary: AgentStateSummary): string | undefined {
  if (isEmptySnapshot(snapshot)) {
    return undefined;
  }
  if (summary.total === 0) {
    return 'Agent State: no work items';
  }
  const blocked = summary.blocked > 0 ? `, ${summary.blocked} blocked` : '';
  return `Agent State ${summary.done}/${summary.total} done${blocked}`;
}
