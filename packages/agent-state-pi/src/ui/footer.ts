import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { isEmptySnapshot } from '../mutations.js';
import { activeMarks, doneCount } from './panel.js';

// Pi's terminal joins the footer statuses of all extensions with one space on one line and cuts it at
// the terminal width. This one carries counts only, the same counts as the collapsed panel (in progress
// and blocked after the panel rows' marks: `Agent State 1/7 done · ◐2 ⊘1`), and says while the session
// is not on disk yet; it stays short enough that it and Context Guard's fit in 80 columns together.

export const FOOTER_STATUS_KEY = 'agent-state';

/** The footer's word while Pi holds the session in memory only (see formatSaveWord). */
export const FOOTER_NOT_SAVED = 'not saved yet';

/** Undefined clears the footer of an empty state. `saved`: false while Pi has not written the session. */
export function formatFooter(snapshot: AgentStateSnapshot, saved = true): string | undefined {
  if (isEmptySnapshot(snapshot)) {
    return undefined;
  }
  const active = activeMarks(snapshot);
  const parts = [
    snapshot.workItems.length === 0 ? 'Agent State: no work items' : `Agent State ${doneCount(snapshot)}`,
    ...(active === '' ? [] : [active]),
    ...(saved ? [] : [FOOTER_NOT_SAVED]),
  ];
  return parts.join(' · ');
}
