import { plural } from '@j1nn0/pi-adapter-kit';
import { countCritical, type GuardState } from '../guard-state.js';

// Pi's terminal joins the footer statuses of all extensions with one space on one line and cuts it at
// the terminal width. This one carries counts only (the kit's showFooterStatus puts a bar before it
// there) and stays short enough that it and Agent State's fit in 80 columns together.

export const FOOTER_STATUS_KEY = 'context-guard';

/** While a compaction waits for its check, in place of the counts (the news, and short at any count). */
export const FOOTER_CHECK_PENDING = 'Context Guard check pending';

/**
 * Undefined clears the footer when nothing is protected. From a compaction until its check (at the next
 * model request) it says the check is pending: Pi redraws the chat after a compaction, so the notice of
 * `session_compact` does not stay in view.
 */
export function formatFooter(state: GuardState, checkPending = false): string | undefined {
  if (checkPending) {
    return FOOTER_CHECK_PENDING;
  }
  if (state.items.length === 0) {
    return undefined;
  }
  const critical = countCritical(state.items);
  const items = plural(state.items.length, 'item', 'items');
  return critical > 0 ? `Context Guard ${items}, ${critical} critical` : `Context Guard ${items}`;
}
