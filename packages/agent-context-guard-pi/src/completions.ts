import { CONTEXT_ITEM_KINDS } from '@j1nn0/agent-context-guard';
import { completionMenu, completionWords, offerCompletions, type CompletionCandidate, type PiCompletionItem } from '@j1nn0/pi-adapter-kit';
import { CRITICAL_FLAG } from './commands.js';
import { SUBCOMMANDS } from './subcommands.js';
import { CRITICAL_SWITCHES, RECOVERY_MODES, type RecoveryMode } from './guard-state.js';
import { isValidId } from './limits.js';

const SUBCOMMAND_DESCRIPTIONS: Readonly<Record<(typeof SUBCOMMANDS)[number], string>> = {
  add: 'protect an item: add <id> <kind> [--critical] <content>',
  list: 'list the protected items',
  remove: 'stop protecting an item: remove <id>',
  critical: 'mark an item critical or not: critical <id> on|off',
  clear: 'preview removing every item; clear --yes removes',
  status: 'protected items, recovery mode and the last check',
  recovery: 'after compaction: off, or restore lost critical items',
  restate: 'restate to the model what the last check found lost',
};

const RECOVERY_DESCRIPTIONS: Readonly<Record<RecoveryMode, string>> = {
  off: 'only report what a compaction lost',
  critical: 'also restore lost critical items for the model',
};

const CRITICAL_DESCRIPTIONS: Readonly<Record<(typeof CRITICAL_SWITCHES)[number], string>> = {
  on: 'restate it to the model if a compaction loses it',
  off: 'only report it if a compaction loses it',
};

const CRITICAL_CANDIDATES: readonly CompletionCandidate[] = CRITICAL_SWITCHES.map((word) => ({
  word,
  description: CRITICAL_DESCRIPTIONS[word],
}));

const SUBCOMMAND_CANDIDATES: readonly CompletionCandidate[] = SUBCOMMANDS.map((word) => ({
  word,
  description: SUBCOMMAND_DESCRIPTIONS[word],
}));

const RECOVERY_CANDIDATES: readonly CompletionCandidate[] = RECOVERY_MODES.map((word) => ({
  word,
  description: RECOVERY_DESCRIPTIONS[word],
}));

const TAKES_ARGUMENTS: ReadonlySet<string> = new Set(['add', 'remove', 'critical', 'recovery']);

/**
 * Subcommands; kinds and then the critical flag after `add <id> `; ids after `remove ` and `critical `,
 * then on/off after `critical <id> `; modes after `recovery `.
 */
export function completeArguments(prefix: string, itemIds: readonly string[]): PiCompletionItem[] | null {
  const words = completionWords(prefix);
  const [subcommand = '', second = '', third = '', fourth = ''] = words;
  let items: PiCompletionItem[] = [];
  if (words.length === 1) {
    items = offerCompletions(SUBCOMMAND_CANDIDATES, subcommand, (name) => (TAKES_ARGUMENTS.has(name) ? `${name} ` : name));
  } else if (words.length === 2 && (subcommand === 'remove' || subcommand === 'critical')) {
    // A restored id may break the id rule (e.g. contain a space); it could not be typed back.
    const typeable = itemIds.filter((id) => isValidId(id));
    items = offerCompletions(typeable, second, (id) => (subcommand === 'critical' ? `critical ${id} ` : `remove ${id}`));
  } else if (words.length === 3 && subcommand === 'critical' && itemIds.includes(second)) {
    items = offerCompletions(CRITICAL_CANDIDATES, third, (word) => `critical ${second} ${word}`);
  } else if (words.length === 2 && subcommand === 'recovery') {
    items = offerCompletions(RECOVERY_CANDIDATES, second, (mode) => `recovery ${mode}`);
  } else if (words.length === 3 && subcommand === 'add') {
    items = offerCompletions(CONTEXT_ITEM_KINDS, third, (kind) => `add ${second} ${kind} `);
  } else if (words.length === 4 && subcommand === 'add') {
    items = offerCompletions([{ word: CRITICAL_FLAG, description: 'restore this item if a compaction loses it' }], fourth, (flag) => `add ${second} ${third} ${flag} `);
  }
  return completionMenu(prefix, items);
}
