import { WORK_ITEM_STATUSES } from '@j1nn0/agent-state';
import { completionMenu, completionWords, offerCompletions, type CompletionCandidate, type PiCompletionItem } from '@j1nn0/pi-adapter-kit';
import { isValidId } from './limits.js';
import { SUBCOMMANDS } from './subcommands.js';

const SUBCOMMAND_DESCRIPTIONS: Readonly<Record<(typeof SUBCOMMANDS)[number], string>> = {
  status: 'show the objective, work items and decisions',
  history: 'who changed what, and when: history [id]',
  objective: 'set the objective',
  add: 'add a work item: add <id> <content>',
  set: "set a work item's status: set <id> <status>",
  remove: 'remove a work item: remove <id>',
  decide: 'record a decision: decide <id> <content>',
  clear: 'preview clearing everything; clear --yes clears',
  panel: 'hide or show the panel above the editor',
};

const PANEL_CANDIDATES: readonly CompletionCandidate[] = [
  { word: 'off', description: 'hide the panel' },
  { word: 'on', description: 'show the panel' },
];

const SUBCOMMAND_CANDIDATES: readonly CompletionCandidate[] = SUBCOMMANDS.map((word) => ({
  word,
  description: SUBCOMMAND_DESCRIPTIONS[word],
}));

const TAKES_ARGUMENTS: ReadonlySet<string> = new Set(['objective', 'add', 'set', 'remove', 'decide', 'panel']);

/** Subcommands; existing work-item ids after `set `, `remove ` and `history `; statuses after `set <existing id> `; on/off after `panel `. */
export function completeArguments(prefix: string, workItemIds: readonly string[]): PiCompletionItem[] | null {
  const words = completionWords(prefix);
  const [subcommand = '', id = '', status = ''] = words;
  // A restored id may break the id rule (e.g. contain a space); it could not be typed back.
  const typeableIds = workItemIds.filter((candidate) => isValidId(candidate));
  let items: PiCompletionItem[] = [];
  if (words.length === 1) {
    items = offerCompletions(SUBCOMMAND_CANDIDATES, subcommand, (name) => (TAKES_ARGUMENTS.has(name) ? `${name} ` : name));
  } else if (words.length === 2 && (subcommand === 'set' || subcommand === 'remove' || subcommand === 'history')) {
    items = offerCompletions(typeableIds, id, (candidate) =>
      subcommand === 'set' ? `set ${candidate} ` : `${subcommand} ${candidate}`,
    );
  } else if (words.length === 2 && subcommand === 'panel') {
    items = offerCompletions(PANEL_CANDIDATES, id, (mode) => `panel ${mode}`);
  } else if (words.length === 3 && subcommand === 'set' && typeableIds.includes(id)) {
    items = offerCompletions(WORK_ITEM_STATUSES, status, (name) => `set ${id} ${name}`);
  }
  return completionMenu(prefix, items);
}
