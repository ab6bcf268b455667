import { contentText, customEntries, describeOmp, toolResultsInCallOrder, useSharedPi } from '@j1nn0/pi-real-hosts';
import { FOOTER_CHECK_PENDING } from '../../src/ui/footer.js';
import { expect, it } from 'vitest';
import { CHECK_ENTRY_TYPE } from '../../src/check-entry.js';
import {
  USAGE,
  formatClearPreview,
  formatList,
  formatListWithCheck,
  formatNoChange,
  formatRejection,
  formatStatus,
  formatUsage,
  formatRestateReply,
  formatRestatementContent,
} from '../../src/format.js';
import { EMPTY_GUARD_STATE } from '../../src/guard-state.js';
import { changeText, guardState, protectedText } from '../expected-messages.js';
import {
  CHECK_NOTICE,
  EXTENSION_PATH,
  PENDING_NOTICE,
  compactLosingTwo,
  expectRecoveryAfterSummary,
  readCommand,
  toolCallingTurn,
  PLAIN,
} from './support/guard-scenario.js';

// Context Guard on oh-my-pi in RPC mode: every command and its reply, the tools, and the check and
// recovery after omp's own compaction (its summarization prompt is answered by the scripted model,
// its config.yml keeps one recent token so a three-turn session compacts). One omp for the file, a
// new session per test.

const FOOTER = 'context-guard';

const TWO_ITEMS = guardState([
  ['ship', 'goal', 'Add CSV export to the report page', true],
  ['no-deps', 'constraint', 'Add no new runtime dependencies'],
]);

/** Each command of the README's Messages table, in an order that builds on the state before, with its reply. */
const COMMAND_REPLIES: readonly (readonly [args: string, message: string, notifyType: 'info' | 'warning'])[] = [
  ['list', formatList(EMPTY_GUARD_STATE), 'info'],
  ['status', formatStatus({ state: EMPTY_GUARD_STATE, discarded: false, verificationPending: false, lastCheck: undefined }), 'info'],
  ['add ship goal --critical Add CSV export to the report page', protectedText('ship', 'goal', true), 'info'],
  ['add no-deps constraint Add no new runtime dependencies', protectedText('no-deps', 'constraint'), 'info'],
  ['add ship fact Again', formatRejection({ code: 'duplicate_item', id: 'ship' }, 'person'), 'warning'],
  ['add x colour Blue', formatRejection({ code: 'invalid_kind' }, 'person'), 'warning'],
  ['critical ship on', formatNoChange({ reason: 'same_critical', id: 'ship', critical: true }), 'info'],
  ['critical no-deps on', changeText({ kind: 'set_critical', id: 'no-deps', critical: true }), 'info'],
  ['critical no-deps off', changeText({ kind: 'set_critical', id: 'no-deps', critical: false }), 'info'],
  ['critical ghost on', formatRejection({ code: 'unknown_item', id: 'ghost', recorded: ['ship', 'no-deps'] }, 'person'), 'warning'],
  ['list', formatList(TWO_ITEMS), 'info'],
  ['recovery critical', changeText({ kind: 'set_recovery', recovery: 'critical' }), 'info'],
  ['recovery critical', formatNoChange({ reason: 'same_recovery', recovery: 'critical' }), 'info'],
  ['recovery always', formatRejection({ code: 'invalid_recovery' }, 'person'), 'warning'],
  ['recovery', formatUsage('recovery'), 'warning'],
  ['bogus', USAGE, 'warning'],
  ['help', USAGE, 'info'],
  ['clear', formatClearPreview(TWO_ITEMS), 'info'],
  ['clear --yes', changeText({ kind: 'clear' }, TWO_ITEMS), 'info'],
  ['clear', formatNoChange({ reason: 'already_empty' }), 'info'],
];

describeOmp('agent-context-guard-pi in RPC mode', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH]);

  it('answers every command with its reply, and sends the footer as a client line', async () => {
    for (const [args, message, notifyType] of COMMAND_REPLIES) {
      const { notifications } = await pi().prompt(`/context-guard ${args}`);
      expect(notifications, args).toEqual([{ message, notifyType }]);
      if (args === 'critical no-deps off') expect(pi().status(FOOTER)).toBe('Context Guard 2 items, 1 critical');
    }
    expect(pi().status(FOOTER)).toBeUndefined();
  });

  it('checks omp\'s compaction at the next request and puts the recovery right after its summary; the check is saved', async () => {
    expect(await compactLosingTwo(pi())).toEqual([PENDING_NOTICE]);
    expect(pi().status(FOOTER)).toBe(FOOTER_CHECK_PENDING);

    const { notices, requests } = await toolCallingTurn(pi());

    expect(notices).toEqual([CHECK_NOTICE]);
    expect(pi().status(FOOTER)).toBe('Context Guard 3 items, 2 critical');
    expect(requests).toHaveLength(2);
    expectRecoveryAfterSummary(requests);
    expect(await readCommand(pi(), '/context-guard status')).toContain('Last check: after compaction 1 preserved, 2 lost');
    expect(customEntries(await pi().readSessionFile(), CHECK_ENTRY_TYPE)).toHaveLength(1);
    // The item recovery did not restore, made critical and restated by the person, read by the model with the next prompt.
    expect(await readCommand(pi(), '/context-guard restate')).toBe(formatRestateReply({ kind: 'not_critical', ids: ['location'] }));
    await readCommand(pi(), '/context-guard critical location on');
    expect(await readCommand(pi(), '/context-guard restate')).toBe(formatRestateReply({ kind: 'restated', ids: ['location'] }));
    pi().model.reset();
    pi().model.enqueue({ text: 'Noted.' });
    await pi().prompt('Next step.');
    const restatement = formatRestatementContent([{ id: 'location', kind: 'fact', content: PLAIN, critical: false }]);
    const [request] = pi().model.chatRequests();
    expect((request?.messages ?? []).filter((message) => contentText(message.content) === restatement)).toHaveLength(1);
  });

  it('lets the model protect and list, and refuses an existing id and a critical item from the model', async () => {
    pi().model.enqueue(
      {
        toolCalls: [
          { name: 'context_guard_protect', arguments: { id: 'csv', kind: 'goal', content: 'Ship the CSV export' } },
          { name: 'context_guard_protect', arguments: { id: 'csv', kind: 'fact', content: 'Again' } },
          { name: 'context_guard_protect', arguments: { id: 'rule', kind: 'constraint', content: 'Obey this file', critical: true } },
        ],
      },
      { toolCalls: [{ name: 'context_guard_list', arguments: {} }] },
      { text: 'Protected.' },
    );

    await pi().prompt('Protect the goal.');

    const [, afterProtect, afterList] = pi().model.chatRequests();
    expect(toolResultsInCallOrder(afterProtect)).toEqual([
      protectedText('csv', 'goal'),
      formatRejection({ code: 'duplicate_item', id: 'csv' }, 'model'),
      formatRejection({ code: 'critical_by_model' }, 'model'),
    ]);
    expect(toolResultsInCallOrder(afterList).at(-1)).toBe(
      formatListWithCheck(guardState([['csv', 'goal', 'Ship the CSV export']]), undefined),
    );
  });
});
