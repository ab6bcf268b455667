import { describe, expect, it } from 'vitest';
import { formatNoChange, formatRejection, formatStatus } from '../src/format.js';
import { AUTHORITY_BOUNDARY } from '../src/tools.js';
import {
  FIRST_SMOKE_RUN,
  expectCleanRun,
  expectedStatus,
  readState,
  recordAll,
  savedPayloads,
  startAgentStateHost,
} from './agent-state-host.js';
import { addedText, decidedText, statusChangeText } from './expected-messages.js';
import { EMPTY_SNAPSHOT, EXAMPLE_SNAPSHOT, snapshotOf } from './snapshots.js';

const TOOL_NAMES = [
  'agent_state_get',
  'agent_state_add_work_item',
  'agent_state_set_work_item_status',
  'agent_state_add_decision',
];

function text(content: readonly { type: string; text?: string }[]): string {
  return content.map((part) => part.text ?? '').join('');
}

describe('tools', () => {
  it('registers exactly four tools, each with the authority boundary', async () => {
    const host = await startAgentStateHost();
    expect([...host.tools.keys()]).toEqual(TOOL_NAMES);
    for (const tool of host.tools.values()) {
      expect(tool.description).toContain(AUTHORITY_BOUNDARY);
    }
  });

  it('agent_state_get returns the status text', async () => {
    const host = await startAgentStateHost();
    expect(await host.executeTool('agent_state_get', {})).toEqual({
      content: [{ type: 'text', text: formatStatus(EMPTY_SNAPSHOT) }],
      details: { objective: false, workItems: { open: 0, in_progress: 0, blocked: 0, done: 0, total: 0 }, decisions: 0 },
      isError: false,
    });
    await recordAll(host, FIRST_SMOKE_RUN);
    expect(await readState(host)).toEqual(EXAMPLE_SNAPSHOT);
    expect((await host.executeTool('agent_state_get', {})).content).toEqual([{ type: 'text', text: await expectedStatus(host) }]);
  });

  it('records work items, statuses and decisions and confirms them with the counts in details', async () => {
    const host = await startAgentStateHost();
    expect(await host.executeTool('agent_state_add_work_item', { id: 'a', content: 'A' })).toEqual({
      content: [{ type: 'text', text: addedText('a') }],
      details: { objective: false, workItems: { open: 1, in_progress: 0, blocked: 0, done: 0, total: 1 }, decisions: 0 },
      isError: false,
    });
    const blocked = await host.executeTool('agent_state_add_work_item', { id: 'b', content: 'B', status: 'blocked' });
    expect(text(blocked.content)).toBe(addedText('b', 'blocked'));
    const set = await host.executeTool('agent_state_set_work_item_status', { id: 'a', status: 'done' });
    expect(text(set.content)).toBe(statusChangeText('a', 'open', 'done'));
    const decided = await host.executeTool('agent_state_add_decision', { id: 'd', content: 'D' });
    expect(decided).toMatchObject({
      content: [{ type: 'text', text: decidedText('d') }],
      details: { workItems: { open: 0, in_progress: 0, blocked: 1, done: 1, total: 2 }, decisions: 1 },
      isError: false,
    });
    expect(savedPayloads(host)).toHaveLength(4);
    expectCleanRun(host);
  });

  it('answers an unchanged status without an error and without saving', async () => {
    const host = await startAgentStateHost();
    await host.executeTool('agent_state_add_work_item', { id: 'a', content: 'A' });
    const result = await host.executeTool('agent_state_set_work_item_status', { id: 'a', status: 'open' });
    expect(result.isError).toBe(false);
    expect(text(result.content)).toBe(formatNoChange({ reason: 'same_status', id: 'a', status: 'open' }));
    expect(savedPayloads(host)).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['agent_state_add_work_item', { id: 'a', content: 'again' }, formatRejection({ code: 'duplicate_work_item', id: 'a', status: 'open' }, 'model')],
    ['agent_state_add_decision', { id: 'd', content: 'again' }, formatRejection({ code: 'duplicate_decision', id: 'd' }, 'model')],
    ['agent_state_set_work_item_status', { id: 'zz', status: 'done' }, formatRejection({ code: 'unknown_work_item', id: 'zz', recorded: ['a'] }, 'model')],
    ['agent_state_add_work_item', { id: 'has space', content: 'C' }, formatRejection({ code: 'invalid_id' }, 'model')],
    ['agent_state_add_work_item', { id: 'c', content: 'x'.repeat(501) }, formatRejection({ code: 'invalid_content' }, 'model')],
    ['agent_state_add_decision', { id: 'e', content: ' ' }, formatRejection({ code: 'invalid_content' }, 'model')],
  ])('%s %j is an error result with a short message that changes nothing', async (name, args, message) => {
    const host = await startAgentStateHost();
    await host.executeTool('agent_state_add_work_item', { id: 'a', content: 'A' });
    await host.executeTool('agent_state_add_decision', { id: 'd', content: 'D' });
    const before = host.session.getEntries().length;
    const stateBefore = await readState(host);
    expect(await host.executeTool(name, args)).toEqual({
      content: [{ type: 'text', text: message }],
      details: {},
      isError: true,
    });
    expect(host.session.getEntries()).toHaveLength(before);
    expect(await readState(host)).toEqual(stateBefore);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['agent_state_add_work_item', { id: 'b', content: 'B', priority: 'high' }, 'Rejected: agent_state_add_work_item does not take "priority"; it takes id, content, status.'],
    ['agent_state_set_work_item_status', { id: 'a', status: 'done', note: 'tests pass' }, 'Rejected: agent_state_set_work_item_status does not take "note"; it takes id, status.'],
    ['agent_state_add_decision', { id: 'e', content: 'E', status: 'done' }, 'Rejected: agent_state_add_decision does not take "status"; it takes id, content.'],
    ['agent_state_get', { verbose: true }, 'Rejected: agent_state_get does not take "verbose"; it takes no fields.'],
  ])('%s refuses a field it does not take, naming the ones it does, and saves nothing', async (name, args, message) => {
    const host = await startAgentStateHost();
    await host.executeTool('agent_state_add_work_item', { id: 'a', content: 'A' });
    const stateBefore = await readState(host);
    expect(await host.executeTool(name, args)).toEqual({ content: [{ type: 'text', text: message }], details: {}, isError: true });
    expect(savedPayloads(host)).toHaveLength(1);
    expect(await readState(host)).toEqual(stateBefore);
  });

  it('rejects the 201st work item as an error result', async () => {
    const host = await startAgentStateHost();
    for (let index = 0; index < 200; index += 1) {
      await host.executeTool('agent_state_add_work_item', { id: `w${index}`, content: 'W' });
    }
    const result = await host.executeTool('agent_state_add_work_item', { id: 'w200', content: 'W' });
    expect(result).toMatchObject({ isError: true, content: [{ text: formatRejection({ code: 'work_item_limit' }, 'model') }] });
    expect(savedPayloads(host)).toHaveLength(200);
  });

  it.each<[string, Record<string, unknown>]>([
    ['agent_state_set_work_item_status', { id: 'a', status: 'Done' }],
    ['agent_state_set_work_item_status', { id: 'a', status: 'doing' }],
    ['agent_state_add_work_item', { id: 'b', content: 'B', status: 'finished' }],
    ['agent_state_add_work_item', { id: 'b' }],
    ['agent_state_add_decision', { content: 'no id' }],
  ])('the host rejects %s %j against the schema before execute', async (name, args) => {
    const host = await startAgentStateHost();
    await host.executeTool('agent_state_add_work_item', { id: 'a', content: 'A' });
    const result = await host.executeTool(name, args);
    expect(result.isError).toBe(true);
    expect(text(result.content)).toMatch(/^Validation failed/u);
    expect(savedPayloads(host)).toHaveLength(1);
    expect(await readState(host)).toEqual(snapshotOf({ workItems: [{ id: 'a', content: 'A' }] }));
  });

  it('never puts a stack trace in an error result', async () => {
    const host = await startAgentStateHost();
    const result = await host.executeTool('agent_state_set_work_item_status', { id: 'missing', status: 'done' });
    expect(text(result.content)).not.toMatch(/\n\s+at |Error:/u);
  });
});
