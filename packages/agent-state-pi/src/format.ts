import {
  WORK_ITEM_STATUSES,
  summarizeAgentState,
  type AgentStateSnapshot,
  type AgentStateSummary,
  type WorkItem,
} from '@j1nn0/agent-state';
import { MAX_DECISIONS, MAX_ID_CHARACTERS, MAX_TEXT_CHARACTERS, MAX_WORK_ITEMS, isValidId } from './limits.js';
import { isEmptySnapshot, type MutationOutcome, type NoChange, type Rejection } from './mutations.js';
import type { StateHistory } from './history.js';
import type { UnreadableProblem } from './persistence.js';
import { NO_DECLARATIONS, NO_TIMES, itemSince, type DeclaredBy, type SinceTimes } from './since.js';
import { STATUS_ARROW, contentsText, describeChanges } from './ui/change-line.js';
import type { Subcommand } from './subcommands.js';
import { ENVELOPE_PROBLEM_REASONS, escapeTerminalText, invalidIdRejection, outcomeNotice } from '@j1nn0/pi-adapter-kit';
import { LISTED_IDS, formatCommandUsage, formatEntryTime, plural, quoteId, unknownIdRejection, wordList } from '@j1nn0/pi-adapter-kit';
import type { Caller, ChangeOutcome, Notice, OutcomeMessages, PiSurface } from '@j1nn0/pi-adapter-kit';

// Every text a person or the model sees. Recorded strings (ids, content, objective) always pass
// through escapeTerminalText; messages about rejected input never repeat that input's content.

const STATUS_LIST = WORK_ITEM_STATUSES.join(', ');

const GRAMMARS: Readonly<Record<Subcommand, string>> = {
  status: 'status',
  history: 'history [--all] [id]',
  objective: 'objective <text>',
  add: 'add <id> <content>',
  set: `set <id> <${WORK_ITEM_STATUSES.join('|')}>`,
  remove: 'remove <id>',
  decide: 'decide <id> <content>',
  clear: 'clear [--yes]',
  panel: 'panel <on|off>',
  export: 'export',
};

/** The usage of one subcommand; for a bare or unknown one, the whole command's usage line. */
export function formatUsage(subcommand?: string): string {
  return formatCommandUsage('agent-state', GRAMMARS, subcommand);
}

/** The whole command's usage line. */
export const USAGE = formatUsage();

export const INTERNAL_FAILURE = 'Agent State: internal failure; nothing was recorded.';

/** `[open since 09:12]`: an unfinished item's status, with the time it took it where the session tells. */
export function formatItemStatus(item: WorkItem, since: SinceTimes, now: Date): string {
  const time = itemSince(since, item);
  return time === undefined ? `[${item.status}]` : `[${item.status} since ${formatEntryTime(time, now)}]`;
}

/** Beside an item whose current status the model declared; a person's own word carries no mark. */
export const MODEL_MARK = '(model)';

/** Where some item carries MODEL_MARK: what it means and how the person makes the status theirs. */
export const MODEL_MARK_LEGEND = `${MODEL_MARK}: the model declared this status; /agent-state set <id> <status> makes it yours.`;

/** `lat1 (model)`: an item's id, marked when the model declared its current status. */
export function formatItemId(id: string, declared: DeclaredBy): string {
  return declared.get(id) === 'model' ? `${escapeTerminalText(id)} ${MODEL_MARK}` : escapeTerminalText(id);
}

/**
 * One headline line, then one line per work item and per decision, in insertion order. The counts come
 * from the core's summary; the controller passes the one it computed when the state last changed. Each
 * unfinished item says since when it has had its status (`since`, read at `now`), and each item whose
 * status the model declared is marked (`declared`); nothing is judged.
 */
export function formatStatus(
  snapshot: AgentStateSnapshot,
  summary: AgentStateSummary = summarizeAgentState(snapshot),
  since: SinceTimes = NO_TIMES,
  now: Date = new Date(),
  declared: DeclaredBy = NO_DECLARATIONS,
): string {
  const objective =
    snapshot.objective === undefined ? 'no objective' : `objective "${escapeTerminalText(snapshot.objective)}"`;
  const lines = [`Agent State: ${objective}, ${formatCounts(snapshot, summary)}.`];
  if (snapshot.workItems.length > 0) {
    lines.push('Work items:');
    for (const item of snapshot.workItems) {
      lines.push(`- ${formatItemStatus(item, since, now)} ${formatItemId(item.id, declared)}: ${escapeTerminalText(item.content)}`);
    }
    if (snapshot.workItems.some((item) => declared.get(item.id) === 'model')) {
      lines.push(MODEL_MARK_LEGEND);
    }
  }
  if (snapshot.decisions.length > 0) {
    lines.push('Decisions:');
    for (const decision of snapshot.decisions) {
      lines.push(`- ${escapeTerminalText(decision.id)}: ${escapeTerminalText(decision.content)}`);
    }
  }
  return lines.join('\n');
}

const WHO: Readonly<Record<Caller, string>> = { person: 'you', model: 'model' };

/** The command that shows every saved change (of one item: `id`), named where a history leaves some out. */
function allHistoryCommand(id: string | undefined): string {
  return id === undefined ? '/agent-state history --all' : `/agent-state history --all ${escapeTerminalText(id)}`;
}

/**
 * The saved changes on the branch, newest last, each with its time, who asked and what changed,
 * saying how many earlier ones are left out and which command shows them. `id`: the history of one item.
 */
export function formatHistory(history: StateHistory, id: string | undefined, now: Date): string {
  const subject = id === undefined ? '' : ` of ${quoteId(id)}`;
  if (history.lines.length === 0) {
    return id === undefined
      ? 'Agent State history: no change is saved on this branch.'
      : `Agent State history: no saved change on this branch touches ${quoteId(id)}.`;
  }
  const { earlier } = history;
  const left = earlier > 0 ? ` (${plural(earlier, 'earlier change', 'earlier changes')} not shown; ${allHistoryCommand(id)} shows them)` : '';
  const lines = [`Agent State history${subject}, newest last${left}:`];
  for (const line of history.lines) {
    const who = line.by === undefined ? 'who is not recorded' : WHO[line.by];
    const what = line.changes === undefined ? 'unreadable saved state' : describeChanges(line.changes);
    lines.push(`- ${formatEntryTime(line.timestamp, now)} ${who}: ${what}`);
  }
  return lines.join('\n');
}

export function formatOutcome(outcome: ChangeOutcome<ChangedOutcome, NoChange, Rejection>, caller: Caller): Notice {
  return outcomeNotice(outcome, { ...AGENT_STATE_OUTCOMES, rejected: (rejection) => formatRejection(rejection, caller) });
}

type ChangedOutcome = Omit<Extract<MutationOutcome, { kind: 'changed' }>, 'kind'>;

export function formatChange(outcome: Extract<MutationOutcome, { kind: 'changed' }>): string {
  const { mutation, previous } = outcome;
  switch (mutation.kind) {
    case 'set_objective': {
      const leftovers = formatLeftovers(outcome);
      return leftovers === undefined ? 'Objective set.' : `Objective set. ${leftovers}`;
    }
    case 'add_work_item':
      return `Added work item ${quoteId(mutation.id)} (${mutation.status ?? 'open'}).`;
    case 'set_status': {
      const before = previous.workItems.find((item) => item.id === mutation.id)?.status;
      return `Work item ${quoteId(mutation.id)}: ${before ?? 'unknown'} ${STATUS_ARROW} ${mutation.status}.`;
    }
    case 'confirm_status':
      return `Work item ${quoteId(mutation.id)} stays ${mutation.status}, now on your word instead of the model's.`;
    case 'remove_work_item':
      return `Removed work item ${quoteId(mutation.id)}.`;
    case 'add_decision':
      return `Recorded decision ${quoteId(mutation.id)}.`;
    case 'clear':
      return `Agent State cleared: removed ${formatContents(previous)}.`;
  }
}

/**
 * Said after a person's change while Pi holds the session in memory only: Pi writes a new session once
 * the conversation starts (the first message or reply, by release line), and the footer says it too.
 */
export const NOT_SAVED_YET = 'Not saved yet: Pi writes this session to disk once you talk to the model; quitting before that loses it.';

/**
 * What a new objective leaves of the one before it: the unfinished work items (the first LISTED_IDS by
 * id and status) and how to remove them. Nothing is removed for the person; undefined when there was no
 * objective before (items recorded first, objective next, is a plan being written) or nothing is unfinished.
 */
export function formatLeftovers(outcome: Extract<MutationOutcome, { kind: 'changed' }>): string | undefined {
  const { mutation, previous } = outcome;
  const unfinished = previous.workItems.filter((item) => item.status !== 'done');
  if (mutation.kind !== 'set_objective' || previous.objective === undefined || unfinished.length === 0) {
    return undefined;
  }
  const named = unfinished.slice(0, LISTED_IDS).map((item) => `${quoteId(item.id)} (${item.status})`);
  const more = unfinished.length - named.length;
  const list = more > 0 ? `${named.join(', ')} and ${more} more (/agent-state status lists all)` : wordList(named, 'and');
  return (
    `Still recorded from the earlier objective: ${plural(unfinished.length, 'unfinished work item', 'unfinished work items')}, ${list}. ` +
    'Remove one with /agent-state remove <id>, or start from nothing with /agent-state clear --yes and set the objective again.'
  );
}

export function formatNoChange(noChange: NoChange): string {
  switch (noChange.reason) {
    case 'same_objective':
      return 'Objective unchanged: it already has this text.';
    case 'same_status':
      return `Work item ${quoteId(noChange.id)} is already ${noChange.status}; nothing changed.`;
    case 'already_empty':
      return 'Agent State is already empty; nothing to clear.';
  }
}

/** How a caller changes a work item's status and reads every id: a subcommand or a tool. */
const NEXT_STEPS: Readonly<Record<Caller, { readonly setStatus: (id: string) => string; readonly listAll: string }>> = {
  person: { setStatus: (id) => `/agent-state set ${escapeTerminalText(id)} <status>`, listAll: '/agent-state status' },
  model: { setStatus: () => 'agent_state_set_work_item_status', listAll: 'agent_state_get' },
};

/** A rejection, naming the next step in the caller's terms where there is one. */
export function formatRejection(rejection: Rejection, caller: Caller): string {
  switch (rejection.code) {
    case 'invalid_id':
      return invalidIdRejection(MAX_ID_CHARACTERS);
    case 'quoted_id':
      return 'Rejected: an id is a single word; quotes do not group words (write my-item, not "my item").';
    case 'invalid_content':
      return `Rejected: content must be 1-${MAX_TEXT_CHARACTERS} characters and not blank.`;
    case 'invalid_objective':
      return `Rejected: the objective must be 1-${MAX_TEXT_CHARACTERS} characters and not blank.`;
    case 'invalid_status':
      return `Rejected: unknown status. Valid statuses: ${STATUS_LIST}.`;
    case 'work_item_limit':
      return `Rejected: the limit of ${MAX_WORK_ITEMS} work items is reached.`;
    case 'decision_limit':
      return `Rejected: the limit of ${MAX_DECISIONS} decisions is reached.`;
    case 'duplicate_work_item':
      return `Rejected: a work item with id ${quoteId(rejection.id)} already exists (${rejection.status}); change its status with ${NEXT_STEPS[caller].setStatus(rejection.id)}, or use another id.`;
    case 'duplicate_decision':
      return `Rejected: a decision with id ${quoteId(rejection.id)} already exists; record this one under another id.`;
    case 'unknown_work_item':
      return unknownIdRejection('work item', rejection.id, isValidId(rejection.id), {
        ids: rejection.recorded,
        listAll: NEXT_STEPS[caller].listAll,
      });
    case 'decision_not_removable':
      return `Rejected: ${quoteId(rejection.id)} is a decision, and decisions are kept: remove takes work items only. To start over without any, clear everything with /agent-state clear --yes.`;
    case 'invalid_input':
      return 'Rejected: the Agent State core refused this input.';
  }
}

/** Says where the panel is on `surface`, and that an empty state has no panel yet. */
export function formatPanelVisibility(visible: boolean, surface: PiSurface, snapshot: AgentStateSnapshot): string {
  if (surface === 'none') {
    return "Agent State: no panel in this mode; Pi's terminal UI draws it above the editor and RPC clients receive its lines.";
  }
  if (!visible) {
    return 'Agent State panel hidden; show it again with /agent-state panel on.';
  }
  // A client gets the panel's lines and decides itself where (and whether) to draw them.
  if (surface === 'client') {
    return isEmptySnapshot(snapshot)
      ? 'Agent State panel on; this client receives it once something is recorded.'
      : 'Agent State panel sent to this client; hide it with /agent-state panel off.';
  }
  return isEmptySnapshot(snapshot)
    ? 'Agent State panel on; it appears above the editor once something is recorded.'
    : 'Agent State panel shown above the editor; hide it with /agent-state panel off.';
}

/** Why the panel key changed nothing: the panel is off, or there is no panel yet. */
export function formatPanelKeyIdle(reason: 'panel_off' | 'empty'): string {
  return reason === 'panel_off'
    ? 'Agent State panel is off; show it with /agent-state panel on.'
    : 'Agent State: no panel yet; it appears above the editor once something is recorded.';
}

export function formatClearPreview(snapshot: AgentStateSnapshot): string {
  if (isEmptySnapshot(snapshot)) {
    return formatNoChange({ reason: 'already_empty' });
  }
  return `Clear would remove ${formatContents(snapshot)}. Nothing changed; confirm with /agent-state clear --yes.`;
}

const UNREADABLE_REASONS: Readonly<Record<UnreadableProblem, string>> = {
  ...ENVELOPE_PROBLEM_REASONS,
  rejected_snapshot: 'invalid snapshot',
};

export function formatUnreadableEntry(problem: UnreadableProblem): string {
  return `Agent State: the newest saved state on this branch is unreadable (${UNREADABLE_REASONS[problem]}); starting empty.`;
}

function formatCounts(snapshot: AgentStateSnapshot, summary: AgentStateSummary): string {
  const workItems = plural(summary.total, 'work item', 'work items');
  const decisions = plural(snapshot.decisions.length, 'decision', 'decisions');
  if (summary.total === 0) {
    return `${workItems}, ${decisions}`;
  }
  const byStatus = WORK_ITEM_STATUSES.map((status) => `${summary[status]} ${status}`).join(', ');
  return `${workItems} (${byStatus}), ${decisions}`;
}

function formatContents(snapshot: AgentStateSnapshot): string {
  return contentsText(snapshot.objective !== undefined, snapshot.workItems.length, snapshot.decisions.length);
}

/** How each outcome of a change reads to a person or the model; a rejection also depends on which (formatOutcome). */
const AGENT_STATE_OUTCOMES: Omit<OutcomeMessages<ChangedOutcome, NoChange, Rejection>, 'rejected'> = {
  internalFailure: INTERNAL_FAILURE,
  changed: formatChange,
  unchanged: formatNoChange,
};

const CALLER_NAMES: Readonly<Record<Caller, string>> = { person: 'the person', model: 'the model' };

/** `2026-12-04 13:17` in local time: an export is read later and elsewhere, so every time has its date. */
function formatExportTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  const two = (value: number): string => value.toString().padStart(2, '0');
  return `${time.getFullYear().toString()}-${two(time.getMonth() + 1)}-${two(time.getDate())} ${two(time.getHours())}:${two(time.getMinutes())}`;
}

/** What an item's export line says after its text: status, since when, and who declared it, where known. */
function exportedStatus(item: WorkItem, since: SinceTimes, declared: DeclaredBy): string {
  const time = itemSince(since, item);
  const by = declared.get(item.id);
  return [
    time === undefined ? item.status : `${item.status} since ${formatExportTime(time)}`,
    ...(by === undefined ? [] : [`declared by ${CALLER_NAMES[by]}`]),
  ].join(', ');
}

/** Recorded text in Markdown on one line: control characters shown, not run; line breaks as spaces. */
function exportText(text: string): string {
  return escapeTerminalText(text.replace(/\r?\n/g, ' '));
}

/**
 * `/agent-state export`: the state as Markdown for a pull request or another session: the objective,
 * each work item with a checkbox, its status, since when and who declared it, and the decisions. Only
 * what is recorded; undefined for an empty state.
 */
export function formatExport(snapshot: AgentStateSnapshot, since: SinceTimes, declared: DeclaredBy): string | undefined {
  if (isEmptySnapshot(snapshot)) {
    return undefined;
  }
  const lines = ['## Agent State', '', `Objective: ${snapshot.objective === undefined ? 'none recorded' : exportText(snapshot.objective)}`];
  if (snapshot.workItems.length > 0) {
    lines.push('', '### Work items', '');
    for (const item of snapshot.workItems) {
      lines.push(`- [${item.status === 'done' ? 'x' : ' '}] \`${exportText(item.id)}\` ${exportText(item.content)} (${exportedStatus(item, since, declared)})`);
    }
  }
  if (snapshot.decisions.length > 0) {
    lines.push('', '### Decisions', '');
    for (const decision of snapshot.decisions) {
      lines.push(`- \`${exportText(decision.id)}\` ${exportText(decision.content)}`);
    }
  }
  return lines.join('\n');
}

/** What the person is told about an export: where the Markdown went (the editor), or the Markdown itself. */
export function formatExportReply(markdown: string | undefined, intoEditor: boolean): string {
  if (markdown === undefined) {
    return 'Agent State is empty; nothing to export.';
  }
  return intoEditor
    ? 'Agent State exported as Markdown into the editor: copy it from there, or edit it and send it. Nothing was saved.'
    : markdown;
}
