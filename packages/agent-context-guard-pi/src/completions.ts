import { CONTEXT_ITEM_KINDS } from '@j1nn0/agent-context-guard';
import { CRITICAL_FLAG, SUBCOMMANDS } from './commands.js';
import { RECOVERY_MODES } from './guard-state.js';
import { isValidId } from './limits.js';
import type { PiCompletionItem } from './port.js';

// Pi replaces the whole argument text (everything after `/context-guard `) with an item's `value`,
// so each value is the full argument text; `label` is the word offered.

const TAKES_ARGUMENTS: ReadonlySet<string> = new Set(['add', 'remove', 'recovery']);

/** Subcommands; kinds and then the critical flag after `add <id> `; ids after `remove `; modes after `recovery `. */
export function completeArguments(prefix: string, itemIds: readonly string[]): PiCompletionItem[] | null {
  const words = prefix.trimStart().split(/\s+/u);
  const [subcommand = '', second = '', third = '', fourth = ''] = words;
  let items: PiCompletionItem[] = [];
  if (words.length === 1) {
    items = offer(SUBCOMMANDS, subcommand, (name) => (TAKES_ARGUMENTS.has(name) ? `${name} ` : name));
  } else if (words.length === 2 && subcommand === 'remove') {
    // A restored id may break the id rule (e.g. contain a space); it could not be typed back.
    const typeable = itemIds.filter((id) => isValidId(id));
    items = offer(typeable, second, (id) => `remove ${id}`);
  } else if (words.length === 2 && subcommand === 'recovery') {
    items = offer(RECOVERY_MODES, second, (mode) => `recovery ${mode}`);
  } else if (words.length === 3 && subcommand === 'add') {
    items = offer(CONTEXT_ITEM_KINDS, third, (kind) => `add ${second} ${kind} `);
  } else if (words.length === 4 && subcommand === 'add') {
    items = offer([CRITICAL_FLAG], fourth, (flag) => `add ${second} ${third} ${flag} `);
  }
  return items.length > 0 ? items : null;
}

function offer(
  candidates: readonly string[],
  typed: string,
  toValue: (candidate: string) => string,
): PiCompletionItem[] {
  return candidates
    .filter((candidate) => candidate.startsWith(typed))
    .map((candidate) => ({ value: toValue(candidate), label: candidate }));
}
