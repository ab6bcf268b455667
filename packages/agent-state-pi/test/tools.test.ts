import { describe, expect, it } from 'vitest';
import { formatNoChange, formatRejection, formatStatus } from '../src/format.js';
import { FIRST_SMOKE_RUN, expectCleanRun, expectedStatus, readState, recordAll, savedPayloads, startAgentStateHost } from './agent-state-host.js';
import { addedText, decidedText, statusChangeText } from './expected-messages.js';
import { EMPTY_SNAPSHOT } from './snapshots.js';

// What the model gets from the four tools on the fake host (which validates arguments against each
// tool's schema before execute, as Pi does): a text result, the counts in details, an error result for
// what the rules or the adapter refuse. The rules themselves are mutations.test.ts's.

const COUNTS_OF_NOTHING = { open: 0, in_progress: 0, blocked: 0, done: 0, total: 0 };

describe('tools', () => {
  it('agent_state_get returns the status text, and the counts in details', async () => {
    const host = await startAgentStateHost();
    expect(await host.executeTool('agent_state_get', {})).toEqual({
      content: [{ type: 'text', text: formatStatus(EMPTY_SNAPSHOT) }],
      details: { objective: false, workItems: COUNTS_OF_NOTHING, decisions: 0 },
      isError: false,
    });
    await recordAll(host, FIRST_SMOKE_RUN);
    expect((await host.executeTool('agent_state_get', {})).content).toEqual([{ type: 'text', text: await expectedStatus(host) }]);
  });

  it('records work items, statuses and decisions, confirming each with the counts in details', async () => {
    const host = await startAgentStateHost();
    const calls: [string, Record<string, unknown>, string][] = [
      ['agent_state_add_work_item', { id: 'a', content: 'A' }, addedText('a')],
      ['agent_state_add_work_item', { id: 'b', content: 'B', status: 'blocked' }, addedText('b', 'blocked')],
      ['agent_state_set_work_item_status', { id: 'a', status: 'done' }, statusChangeText('a', 'open', 'done')],
      ['agent_state_add_decision', { id: 'd', content: 'D' }, decidedText('d')],
      // Setting the same status again is no error, and saves nothing.
      ['agent_state_set_work_item_status', { id: 'a', status: 'done' }, formatNoChange({ reason: 'same_status', id: 'a', status: 'done' })],
    ];
    for (const [name, args, text] of calls) {
      expect(await host.executeTool(name, args), name).toMatchObject({ content: [{ type: 'text', text }], isError: false });
    }
    expect((await host.executeTool('agent_state_get', {})).details).toEqual({
      objective: false,
      workItems: { ...COUNTS_OF_NOTHING, blocked: 1, done: 1, total: 2 },
      decisions: 1,
    });
    expect(savedPayloads(host)).toHaveLength(4);
    expectCleanRun(host);
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['agent_state_add_work_item', { id: 'a', content: 'again' }, formatRejection({ code: 'duplicate_work_item', id: 'a', status: 'open' }, 'model')],
    ['agent_state_set_work_item_status', { id: 'zz', status: 'done' }, formatRejection({ code: 'unknown_work_item', id: 'zz', recorded: ['a'] }, 'model')],
    ['agent_state_add_decision', { id: 'e', content: ' ' }, formatRejection({ code: 'invalid_content' }, 'model')],
    // The adapter refuses a field the schema does not name (Pi passes it through), naming the ones it takes.
    ['agent_state_add_work_item', { id: 'b', content: 'B', priority: 'high' }, 'Rejected: agent_state_add_work_item does not take "priority"; it takes id, content, status.'],
    ['agent_state_get', { verbose: true }, 'Rejected: agent_state_get does not take "verbose"; it takes no fields.'],
    // The host's validator answers a status outside the schema's enum before the tool runs.
    ['agent_state_set_work_item_status', { id: 'a', status: 'Done' }, /^Validation failed/u],
    ['agent_state_add_decision', { content: 'no id' }, /^Validation failed/u],
  ])('%s %j is an error result that changes nothing', async (name, args, text) => {
    const host = await startAgentStateHost();
    await host.executeTool('agent_state_add_work_item', { id: 'a', content: 'A' });
    const entries = host.session.getEntries().length;
    const stateBefore = await readState(host);
    const result = await host.executeTool(name, args);
    if (typeof text === 'string') expect(result).toEqual({ content: [{ type: 'text', text }], details: {}, isError: true });
    else expect(result).toMatchObject({ content: [{ type: 'text', text: expect.stringMatching(text) as unknown }], isError: true });
    expect(host.session.getEntries()).toHaveLength(entries);
    expect(await readState(host)).toEqual(stateBefore);
  });
});
