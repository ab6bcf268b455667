import { unknownFieldRejection } from '@j1nn0/pi-adapter-kit';
import { customEntries, describeOmp, expectedOmpToolExposure, ompToolExposure, toolResultsInCallOrder, useSharedPi } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { CHECK_ENTRY_TYPE, restoreCheckFromBranch } from '../../agent-context-guard-pi/src/check-entry.js';
import { USAGE as GUARD_USAGE, formatLastCheck, formatRejection as formatGuardRejection } from '../../agent-context-guard-pi/src/format.js';
import { FOOTER_CHECK_PENDING, formatFooter as formatGuardFooter } from '../../agent-context-guard-pi/src/ui/footer.js';
import { changeText as guardChangeText, guardState, protectedText } from '../../agent-context-guard-pi/test/expected-messages.js';
import {
  CHECK_NOTICE,
  GUARD,
  PENDING_NOTICE,
  compactLosingTwo,
  expectRecoveryAfterSummary,
  readCommand,
  toolCallingTurn,
} from '../../agent-context-guard-pi/test/e2e/support/guard-scenario.js';
import { createAgentStateController } from '../../agent-state-pi/src/controller.js';
import { USAGE, formatRejection } from '../../agent-state-pi/src/format.js';
import { createAgentStateTools } from '../../agent-state-pi/src/tools.js';
import { addedText, changeText, decidedText, statusChangeText } from '../../agent-state-pi/test/expected-messages.js';
import { snapshotOf } from '../../agent-state-pi/test/snapshots.js';
import { completeModelTurn, recordAll, savedView, screenOf, statusOf } from '../../agent-state-pi/test/e2e/support/real-pi.js';
import { BOTH_EXTENSIONS } from './support/real-pi-with-both-adapters.js';

// Both adapters on oh-my-pi in RPC mode, as an editor client meets them: what reaches the client (replies,
// panel lines, the footers), what the model is offered and answered, and where Context Guard's recovery
// sits after omp's own compaction (its summarization prompt is answered by the scripted model, its
// config.yml keeps one recent token so a three-turn session compacts). What omp does for an extension
// (its events, its branch, its switch, a restart, its validator) is the host contract's; a restart that
// restores and a compaction checked once across it are both-adapters-on-every-host's; the rules are the
// fast tier's. One omp for the file, a new session per test.

const PANEL = 'agent-state';
const FOOTER = 'agent-state';
const GUARD_FOOTER = 'context-guard';

const TWO_ITEMS = guardState([
  ['ship', 'goal', 'Add CSV export to the report page', true],
  ['no-deps', 'constraint', 'Add no new runtime dependencies'],
]);

/**
 * A command of each kind of answer a client shows: a change, a rejection (a warning), a usage hint and a
 * clear. The grammar and every reply are the fast tier's (command.test.ts); this is what reaches omp's client.
 */
const GUARD_COMMAND_REPLIES: readonly (readonly [args: string, message: string, notifyType: 'info' | 'warning'])[] = [
  ['add ship goal --critical Add CSV export to the report page', protectedText('ship', 'goal', true), 'info'],
  ['add no-deps constraint Add no new runtime dependencies', protectedText('no-deps', 'constraint'), 'info'],
  ['add ship fact Again', formatGuardRejection({ code: 'duplicate_item', id: 'ship' }, 'person'), 'warning'],
  ['bogus', GUARD_USAGE, 'warning'],
  ['clear --yes', guardChangeText({ kind: 'clear' }, TWO_ITEMS), 'info'],
];

describeOmp('both adapters in RPC mode', (target) => {
  const pi = useSharedPi(target, BOTH_EXTENSIONS);

  it('answers a command with its reply as information or a warning, and sends the panel and the footer as client lines', async () => {
    expect(await pi().prompt('/agent-state objective Ship the parser')).toMatchObject({
      notifications: [{ message: changeText({ kind: 'set_objective', objective: 'Ship the parser' }), notifyType: 'info' }],
    });
    expect((await pi().prompt('/agent-state add parse Parse the arguments')).notifications).toEqual([{ message: addedText('parse'), notifyType: 'info' }]);
    expect((await pi().prompt('/agent-state bogus')).notifications).toEqual([{ message: USAGE, notifyType: 'warning' }]);
    await completeModelTurn(pi());
    const shown = screenOf(savedView(await pi().readSessionFile()));
    expect(pi().widget(PANEL)).toEqual(shown.panel);
    expect(pi().status(FOOTER)).toBe(shown.footer);
    await recordAll(pi(), ['panel off']);
    expect(pi().widget(PANEL)).toBeUndefined();
    await recordAll(pi(), ['clear --yes']);
    expect(pi().status(FOOTER)).toBeUndefined();
  });

  it('offers each tool as its declared loadMode says, carries out the calls by name, and refuses an existing id with the rejection as the tool result', async () => {
    await recordAll(pi(), ['add docs Write the README']);
    pi().model.enqueue(
      {
        toolCalls: [
          { name: 'agent_state_add_work_item', arguments: { id: 'docs', content: 'Document the export' } },
          { name: 'agent_state_add_work_item', arguments: { id: 'tests', content: 'Write the e2e tests', status: 'in_progress' } },
          { name: 'agent_state_set_work_item_status', arguments: { id: 'docs', status: 'done' } },
          { name: 'agent_state_add_decision', arguments: { id: 'bun', content: 'omp runs on Bun' } },
          // omp, like Pi, passes a field the schema does not name on to the tool, which refuses it.
          { name: 'agent_state_add_work_item', arguments: { id: 'lint', content: 'Lint it', priority: 'high' } },
        ],
      },
      { toolCalls: [{ name: 'agent_state_get', arguments: {} }] },
      { text: 'Recorded.' },
    );

    const turn = await pi().prompt('Record the work.');

    expect(turn.assistantText).toBe('Recorded.');
    const [offered, afterBatch, afterGet] = pi().model.chatRequests();
    // omp mounts an extension tool as an `xd://` device unless it declares `loadMode: "essential"` (issue 21).
    const tools = createAgentStateTools(createAgentStateController(() => undefined));
    if (offered === undefined) throw new Error('no chat request');
    expect(tools.map((tool) => ompToolExposure(offered, tool.name))).toEqual(tools.map((tool) => expectedOmpToolExposure(tool.loadMode)));
    expect(toolResultsInCallOrder(afterBatch)).toEqual([
      formatRejection({ code: 'duplicate_work_item', id: 'docs', status: 'open' }, 'model'),
      addedText('tests', 'in_progress'),
      statusChangeText('docs', 'open', 'done'),
      decidedText('bun'),
      unknownFieldRejection('agent_state_add_work_item', { priority: 'high' }, ['id', 'content', 'status']),
    ]);
    const saved = savedView(await pi().readSessionFile());
    expect(saved.state).toEqual(
      snapshotOf({
        workItems: [
          { id: 'docs', content: 'Write the README', status: 'done' },
          { id: 'tests', content: 'Write the e2e tests', status: 'in_progress' },
        ],
        decisions: [{ id: 'bun', content: 'omp runs on Bun' }],
      }),
    );
    expect(toolResultsInCallOrder(afterGet).at(-1)).toBe(statusOf(saved));
  });

  it("answers every Context Guard command with its reply, and sends its footer as a client line", async () => {
    for (const [args, message, notifyType] of GUARD_COMMAND_REPLIES) {
      const { notifications } = await pi().prompt(`/context-guard ${args}`);
      expect(notifications, args).toEqual([{ message, notifyType }]);
      if (args.startsWith('add no-deps')) expect(pi().status(GUARD_FOOTER)).toBe(formatGuardFooter(TWO_ITEMS));
    }
    expect(pi().status(GUARD_FOOTER)).toBeUndefined();
  });

  it("checks omp's compaction at the next request and puts the recovery right after its summary; the check is saved", async () => {
    expect(await compactLosingTwo(pi())).toEqual([PENDING_NOTICE]);
    expect(pi().status(GUARD_FOOTER)).toBe(FOOTER_CHECK_PENDING);

    const { notices, requests } = await toolCallingTurn(pi());

    expect(notices).toEqual([CHECK_NOTICE]);
    expect(pi().status(GUARD_FOOTER)).toBe(formatGuardFooter(GUARD));
    expect(requests).toHaveLength(2);
    expectRecoveryAfterSummary(requests);
    const file = await pi().readSessionFile();
    expect(await readCommand(pi(), '/context-guard status')).toContain(formatLastCheck(restoreCheckFromBranch(file as never)));
    expect(customEntries(file, CHECK_ENTRY_TYPE)).toHaveLength(1);
  });
});
