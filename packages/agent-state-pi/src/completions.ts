import { WORK_ITEM_STATUSES } from '@j1nn0/agent-state';
import { SUBCOMMANDS } from './commands.js';
import { isValidId } from './limits.js';
import type { PiCompletionItem } from './port.js';

// Pi replaces the whole argument text (everything after `/agent-state `) with an item's `value`,
// so each value is the full argument text; `label` is the word offered.

const TAKES_ARGUMENTS: ReadonlySet<string> = new Set(['objective', 'add', 'set', 'remove', 'decide']);

/** Subcommands; work-item ids after `set ` and `remove `; statuses after `set <id> `. */
export function completeArguments(prefix: string, workItemIds: readonly string[]): PiCompletionItem[] | null {
  const words = prefix.trimStart().split(/\s+/u);
  const [subcommand = '', id = '', status = ''] = words;
  let items: PiCompletionItem[] = [];
  if (words.length === 1) {
    items = SUBCOMMANDS.filter((name) => name.startsWith(subcommand)).map((name) => ({
      value: TAKES_ARGUMENTS.has(name) ? `${name} ` : name,
      label: name,
    }));
  } else if (words.length === 2 && (subcommand === 'set' || subcommand === 'remove')) {
    // A restored id may break the id rule (e.g. contain a space); it could not be typed back.
    items = workItemIds
      .filter((candidate) => isValidId(candidate) && candidate.startsWith(id))
      .map((candidate) => ({
        value: subcommand === 'set' ? `set ${candidate} ` : `remove ${candidate}`,
        label: candidate,
      }));
  } else if (words.length === 3 && subcommand === 'set') {
    items = WORK_ITEM_STATUSES.filter((name) => name.startsWith(status)).map((name) => ({
      value: `set ${id} ${name}`,
      label: name,
    }));
  }
  return items.length > 0 ? items : null;
}
