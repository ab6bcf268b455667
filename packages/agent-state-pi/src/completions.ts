import { WORK_ITEM_STATUSES } from '@j1nn0/agent-state';
import { completionMenu, completionWords, offerCompletions, type CompletionCandidate, type PiCompletionItem } from '@j1nn0/pi-adapter-kit';
import { isValidId } from './limits.js';
import { SUBCOMMANDS } from './subcommands.js';

/**
 * Pi's menu gives a description what is left of the row after its label column (up to 32 wide), so at
 * 80 columns 44 are left: each fits whole rather than being cut mid-word.
 */
export const DESCRIPTION_COLUMNS_AT_80 = 44;

const SUBCOMMAND_DESCRIPTIONS: Readonly<Record<(typeof SUBCOMMANDS)[number], string>> = {
  status: 'the objective, work items and decisions',
  history: 'who changed what, when: [--all] [id]',
  objective: 'set the objective: objective <text>',
  add: 'add a work item: add <id> <content>',
  set: 'set a status: set <id> <status>',
  remove: 'remove a work item: remove <id>',
  decide: 'record a decision: decide <id> <content>',
  clear: 'preview a clear; clear --yes clears all',
  panel: 'hide or show the panel: panel <on|off>',
  export: 'the state as Markdown, into the editor',
};

const HISTORY_ALL: CompletionCandidate = { word: '--all', description: 'every change, not only the newest' };

const PANEL_CANDIDATES: readonly CompletionCandidate[] = [
  { word: 'off', description: 'hide the panel' },
  { word: 'on', description: 'show the panel' },
];

const SUBCOMMAND_CANDIDATES: readonly CompletionCandidate[] = SUBCOMMANDS.map((word) => ({
  word,
  description: SUBCOMMAND_DESCRIPTIONS[word],
}));

const TAKES_ARGUMENTS: ReadonlySet<string> = new Set(['objective', 'add', 'set', 'remove', 'decide', 'panel']);

/**
 * Subcommands; existing work-item ids after `set `, `remove `, `history ` and `history --all `, and
 * `--all` after `history `; statuses after `set <existing id> `; on/off after `panel `.
 */
export function completeArguments(prefix: string, workItemIds: readonly string[]): PiCompletionItem[] | null {
  const words = completionWords(prefix);
  const [subcommand = '', id = '', status = ''] = words;
  // A restored id may break the id rule (e.g. contain a space); it could not be typed back.
  const typeableIds = workItemIds.filter((candidate) => isValidId(candidate));
  let items: PiCompletionItem[] = [];
  if (words.length === 1) {
    items = offerCompletions(SUBCOMMAND_CANDIDATES, subcommand, (name) => (TAKES_ARGUMENTS.has(name) ? `${name} ` : name));
  } else if (words.length === 2 && (subcommand === 'set' || subcommand === 'remove' || subcommand === 'history')) {
    items = offerCompletions(subcommand === 'history' ? [HISTORY_ALL, ...typeableIds] : typeableIds, id, (candidate) =>
      subcommand === 'set' || candidate === HISTORY_ALL.word ? `${subcommand} ${candidate} ` : `${subcommand} ${candidate}`,
    );
  } else if (words.length === 3 && subcommand === 'history' && id === HISTORY_ALL.word) {
    items = offerCompletions(typeableIds, status, (candidate) => `history --all ${candidate}`);
  } else if (words.length === 2 && subcommand === 'panel') {
    items = offerCompletions(PANEL_CANDIDATES, id, (mode) => `panel ${mode}`);
  } else if (words.length === 3 && subcommand === 'set' && typeableIds.includes(id)) {
    items = offerCompletions(WORK_ITEM_STATUSES, status, (name) => `set ${id} ${name}`);
  }
  return completionMenu(prefix, items);
}
