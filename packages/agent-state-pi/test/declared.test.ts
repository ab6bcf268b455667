import { describe, expect, it } from 'vitest';
import { MODEL_MARK, formatChange } from '../src/format.js';
import { STATE_ENTRY_TYPE } from '../src/persistence.js';
import { describeChange } from '../src/ui/change-line.js';
import { PANEL_WIDGET_KEY } from '../src/ui/panel.js';
import { readOutput, readState, recordAll, runAgentState, savedPayloads, startAgentStateHost } from './agent-state-host.js';

// Who declared each item's current status, read from the saved entries: the model's tool call marks
// it, the person's own word does not, and the person's `set` to the status the model declared makes
// it theirs. Read as structure (agent_state_get's `declaredBy`, the saved payloads); the words of the
// mark are format.test.ts's and the README's.

async function declaredBy(host: Awaited<ReturnType<typeof startAgentStateHost>>): Promise<Record<string, string | undefined>> {
  return Object.fromEntries((await readOutput(host)).workItems.map((item) => [item.id, item.declaredBy]));
}

describe('who declared a status', () => {
  it("marks the model's status and not the person's, in agent_state_get, the status and the tool result the model reads", async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['add parse Parse', 'add docs Docs']);
    await host.executeTool('agent_state_set_work_item_status', { id: 'parse', status: 'done' });
    expect(await declaredBy(host)).toEqual({ parse: 'model', docs: 'person' });
    const [status] = await runAgentState(host, 'status');
    expect(status?.message.split('\n').filter((line) => line.includes(MODEL_MARK))).toHaveLength(2);
    const read = await host.executeTool('agent_state_get', {});
    expect(read.content).toEqual([{ type: 'text', text: status?.message }]);
  });

  it("takes the mark away when the person sets the status the model declared: one saved entry that confirms it, the state unchanged", async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['add parse Parse']);
    await host.executeTool('agent_state_set_work_item_status', { id: 'parse', status: 'done' });
    const before = await readState(host);
    const entries = savedPayloads(host).length;

    const [reply] = await runAgentState(host, 'set parse done');
    expect(reply).toEqual({ message: formatChange({ kind: 'changed', mutation: { kind: 'confirm_status', id: 'parse', status: 'done' }, previous: before, snapshot: before }), type: 'info' });
    const saved = savedPayloads(host);
    expect(saved).toHaveLength(entries + 1);
    expect(saved.at(-1)).toEqual({ schemaVersion: 1, by: 'person', state: before, confirmed: ['parse'] });
    expect(await readState(host)).toEqual(before);
    expect(await declaredBy(host)).toEqual({ parse: 'person' });
    // The chat line and the history say what it did.
    expect(describeChange(before, before, ['parse'])).toBe('confirmed parse done');

    // Once the person's word, the same set again changes nothing and saves nothing.
    await runAgentState(host, 'set parse done');
    expect(savedPayloads(host)).toHaveLength(entries + 1);
  });

  it('derives the same marks after a restart and on another branch from the entries alone', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['add a A', 'add b B']);
    const fork = host.session.getLeafId();
    await host.executeTool('agent_state_set_work_item_status', { id: 'a', status: 'in_progress' });
    await host.executeTool('agent_state_set_work_item_status', { id: 'b', status: 'blocked' });
    await runAgentState(host, 'set b blocked');
    expect(await declaredBy(host)).toEqual({ a: 'model', b: 'person' });
    await host.restart();
    expect(await declaredBy(host)).toEqual({ a: 'model', b: 'person' });
    if (fork === null) throw new Error('nothing was saved');
    await host.navigateTree(fork);
    expect(await declaredBy(host)).toEqual({ a: 'person', b: 'person' });
  });

  it('marks a panel row without taking a row, the same mark the status shows', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['objective Ship', 'add parse Parse']);
    const rowsBefore = (host.widgets.get(PANEL_WIDGET_KEY) as string[]).length;
    await host.executeTool('agent_state_set_work_item_status', { id: 'parse', status: 'in_progress' });
    // An RPC client gets the panel as plain lines.
    const rows = host.widgets.get(PANEL_WIDGET_KEY) as string[];
    expect(rows).toHaveLength(rowsBefore);
    expect(rows.filter((row) => row.includes(`parse ${MODEL_MARK}`))).toHaveLength(1);
  });

  it('reads a saved entry without `confirmed` (written before marks existed) as confirming nothing', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['add parse Parse']);
    host.session.appendEntry(STATE_ENTRY_TYPE, { schemaVersion: 1, by: 'model', state: { ...(await readState(host)), workItems: [{ id: 'parse', content: 'Parse', status: 'done' }] } });
    await host.restart();
    expect(await declaredBy(host)).toEqual({ parse: 'model' });
  });
});
