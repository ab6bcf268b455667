import { unknownFieldRejection } from '@j1nn0/pi-adapter-kit';
import { describeOmp, expectedOmpToolExposure, ompToolExposure, toolResultsInCallOrder, useSharedPi } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { createAgentStateController } from '../../src/controller.js';
import { USAGE, formatRejection } from '../../src/format.js';
import { createAgentStateTools } from '../../src/tools.js';
import { addedText, changeText, decidedText, statusChangeText } from '../expected-messages.js';
import { snapshotOf } from '../snapshots.js';
import { EXTENSION_PATH, completeModelTurn, recordAll, savedView, screenOf, statusOf } from './support/real-pi.js';

// Agent State on oh-my-pi in RPC mode, as an editor client meets it: what reaches the client (replies,
// panel lines, the footer) and what the model is offered and answered. What omp does for an extension
// (its events, its branch, its switch, a restart, its validator) is the host contract's; a restart that
// restores is integration's both-adapters run on omp; the rules are the fast tier's.

const PANEL = 'agent-state';
const FOOTER = 'agent-state';

describeOmp('agent-state-pi in RPC mode', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH]);

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
});
