import type { WorkItemStatus } from '@j1nn0/agent-state';
import { messagesSection, rejectionRows } from '@j1nn0/pi-testkit/adapter-suites';
import { expect, it } from 'vitest';
import { SUBCOMMANDS } from '../src/subcommands.js';
import {
  INTERNAL_FAILURE,
  formatChange,
  formatClearPreview,
  formatExportReply,
  NOT_SAVED_YET,
  formatNoChange,
  formatPanelKeyIdle,
  formatPanelVisibility,
  formatRejection,
  formatUnreadableEntry,
  formatUsage,
} from '../src/format.js';
import type { Rejection, StateMutation } from '../src/mutations.js';
import type { UnreadableProblem } from '../src/persistence.js';
import { EXAMPLE_SNAPSHOT, snapshotOf } from './snapshots.js';

// docs/messages.md: every message the adapter gives, written by format.ts itself for example values, so
// the page cannot drift from the code. After a deliberate change of wording, `pnpm docs:messages`
// (vitest -u on this file) writes the page again; CI fails while it differs.

const API_BLOCKED = snapshotOf({ objective: 'Ship the export', workItems: [{ id: 'api', content: 'Wire the endpoint', status: 'blocked' }, { id: 'docs', content: 'Document it' }] });

function changed(mutation: StateMutation, previous = API_BLOCKED): string {
  return formatChange({ kind: 'changed', mutation, previous, snapshot: previous });
}

const STATUSES: readonly WorkItemStatus[] = ['open', 'in_progress', 'blocked', 'done'];

const REJECTIONS: readonly (readonly [string, Rejection])[] = [
  ['a status that is not one of the four', { code: 'invalid_status' }],
  ['an id that breaks the id rule', { code: 'invalid_id' }],
  ['an id in quotes', { code: 'quoted_id' }],
  ['blank or too long content', { code: 'invalid_content' }],
  ['a blank or too long objective', { code: 'invalid_objective' }],
  ['the 201st work item', { code: 'work_item_limit' }],
  ['the 201st decision', { code: 'decision_limit' }],
  ['a work item id that is taken', { code: 'duplicate_work_item', id: 'api', status: 'blocked' }],
  ['a decision id that is taken', { code: 'duplicate_decision', id: 'csv' }],
  ['no such work item', { code: 'unknown_work_item', id: 'apy', recorded: ['api', 'docs'] }],
  ['no such work item, and none recorded', { code: 'unknown_work_item', id: 'apy', recorded: [] }],
  ['no such work item, and the id breaks the id rule', { code: 'unknown_work_item', id: 'a b', recorded: ['api'] }],
  ["`remove` given a decision's id", { code: 'decision_not_removable', id: 'csv' }],
  ['the core refused for another reason', { code: 'invalid_input' }],
];

const PROBLEMS: readonly (readonly [string, UnreadableProblem])[] = [
  ['no payload', 'missing_payload'],
  ['a payload that is not an object', 'malformed_payload'],
  ['a payload of a newer version', 'unsupported_version'],
  ['a state the core refuses', 'rejected_snapshot'],
];

function messagesPage(): string {
  return [
    '# Agent State: every message',
    '',
    'What `/agent-state` answers a person and what its tools answer the model, each written here by the',
    'adapter\'s own `src/format.ts` for example values (`test/messages-doc.test.ts` makes this page; do not',
    'edit it by hand). The [README](../README.md) shows the status and the history with examples.',
    '',
    messagesSection('Usage (information for a bare command or `help`, a warning for anything it cannot read)', [
      ['`/agent-state`, `help`, an unknown subcommand', formatUsage()],
      ...SUBCOMMANDS.map((name) => [`\`${name}\` with the wrong arguments`, formatUsage(name)] as const),
    ]),
    messagesSection('Changes (information; saved)', [
      ['`objective <text>`', changed({ kind: 'set_objective', objective: 'Ship it' }, snapshotOf())],
      ['`objective <text>` over an earlier objective with unfinished work', changed({ kind: 'set_objective', objective: 'Ship it' })],
      ['`add <id> <content>`', changed({ kind: 'add_work_item', id: 'tests', content: 'Write the tests' })],
      ...STATUSES.filter((status) => status !== 'blocked').map((status) => [`\`set api ${status}\``, changed({ kind: 'set_status', id: 'api', status })] as const),
      ['`set <id> <status>` to the status the model declared', changed({ kind: 'confirm_status', id: 'api', status: 'blocked' })],
      ['`remove <id>`', changed({ kind: 'remove_work_item', id: 'docs' })],
      ['`decide <id> <content>`', changed({ kind: 'add_decision', id: 'csv', content: 'Quote fields' })],
      ['`clear --yes`', changed({ kind: 'clear' }, EXAMPLE_SNAPSHOT)],
      ['after any change, while Pi holds the session in memory only (in the reply of an RPC or ACP client)', NOT_SAVED_YET],
    ]),
    messagesSection('Export (information; nothing saved)', [
      ["`export` in Pi's terminal (the Markdown goes into the editor)", formatExportReply('## Agent State', true)],
      ['`export` in an RPC or ACP client (the reply is the Markdown)', formatExportReply('## Agent State', false)],
      ['`export` on an empty state', formatExportReply(undefined, false)],
    ]),
    messagesSection('Nothing to change (information; nothing saved)', [
      ['the same objective again', formatNoChange({ reason: 'same_objective' })],
      ['the same status again', formatNoChange({ reason: 'same_status', id: 'api', status: 'blocked' })],
      ['`clear` (a preview)', formatClearPreview(EXAMPLE_SNAPSHOT)],
      ['`clear` or `clear --yes` on an empty state', formatNoChange({ reason: 'already_empty' })],
    ]),
    messagesSection('Rejections (a warning to a person, an error result to the model; nothing changes)', [
      ...rejectionRows(REJECTIONS, formatRejection),
    ]),
    messagesSection('The panel', [
      ...(['terminal', 'client'] as const).flatMap((surface) => [
        [`\`panel on\` (${surface === 'terminal' ? "Pi's terminal" : 'an RPC client'})`, formatPanelVisibility(true, surface, EXAMPLE_SNAPSHOT)] as const,
        [`\`panel on\` on an empty state (${surface === 'terminal' ? "Pi's terminal" : 'an RPC client'})`, formatPanelVisibility(true, surface, snapshotOf())] as const,
      ]),
      ['`panel off`', formatPanelVisibility(false, 'terminal', EXAMPLE_SNAPSHOT)],
      ['`panel on` or `off` in print or JSON mode (not shown: no UI)', formatPanelVisibility(true, 'none', EXAMPLE_SNAPSHOT)],
      ['the panel key while the panel is off', formatPanelKeyIdle('panel_off')],
      ['the panel key with nothing recorded', formatPanelKeyIdle('empty')],
    ]),
    messagesSection('Saved state that cannot be read (a warning at a start; the state starts empty)', [
      ...PROBLEMS.map(([when, problem]) => [when, formatUnreadableEntry(problem)] as const),
    ]),
    messagesSection('A failure inside the adapter (an error; nothing is recorded)', [['any unexpected failure', INTERNAL_FAILURE]]),
  ].join('\n');
}

it('docs/messages.md lists every message as format.ts writes it', async () => {
  await expect(messagesPage()).toMatchFileSnapshot('../docs/messages.md');
});
