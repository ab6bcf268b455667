import { createFakePiHost, type FakePiHost } from '@j1nn0/pi-testkit';
import { outputSchemaProblems } from '@j1nn0/pi-testkit/adapter-suites';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import agentStateExtension, { STATE_ENTRY_TYPE } from '../src/extension.js';
import { readStatePayload } from '../src/persistence.js';
import { HISTORY_LINES } from '../src/history.js';
import { changesBetween } from '../src/state-changes.js';
import { AGENT_STATE_OUTPUT_SCHEMA, toAgentStateOutput } from '../src/structured-output.js';
import { FIRST_SMOKE_RUN, readOutput, recordAll, runAgentState, startAgentStateHost } from './agent-state-host.js';
import { validPayload } from './payload-arbitraries.js';
import { EXAMPLE_STATE, snapshotOf } from './snapshots.js';

// What a program (a codemode script on Pi 0.99+) receives from agent_state_get. The fake host mirrors
// Pi 0.84.2, whose results carry no `structuredContent`, so readOutput calls the registered tool's
// execute as Pi 1.6 does.

/** The time of each state entry on the branch, oldest first. */
function savedTimes(host: FakePiHost): (string | undefined)[] {
  return host.session
    .getBranch()
    .filter((entry) => entry.type === 'custom' && entry.customType === STATE_ENTRY_TYPE)
    .map((entry) => entry.timestamp);
}

describe('structured output', () => {
  it('agent_state_get gives a program the state as an object: items with since when, decisions and the history', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);

    const output = await readOutput(host);

    // `since`: the time of the entry that gave each unfinished item its status (add docs, set format).
    const stamps = savedTimes(host);
    expect(output).toEqual({
      objective: 'Ship the parser',
      workItems: [
        { id: 'parse', content: 'Parse the arguments', status: 'done', declaredBy: 'person' },
        { id: 'format', content: 'Format the status', status: 'in_progress', since: stamps[6], declaredBy: 'person' },
        { id: 'docs', content: 'Write the README', status: 'open', since: stamps[3], declaredBy: 'person' },
      ],
      decisions: [{ id: 'pure-core', content: 'Keep the core free of Pi imports' }],
      // The story: each saved change, when, and who asked (the person, through the command).
      history: {
        steps: [
          { kind: 'objective_set' },
          { kind: 'work_item_added', id: 'parse', status: 'open' },
          { kind: 'work_item_added', id: 'format', status: 'open' },
          { kind: 'work_item_added', id: 'docs', status: 'open' },
          { kind: 'decision_added', id: 'pure-core' },
          { kind: 'status_set', id: 'parse', status: 'done' },
          { kind: 'status_set', id: 'format', status: 'in_progress' },
        ].map((change, index) => ({ at: stamps[index], by: 'person', changes: [change] })),
        earlier: 0,
      },
    });
    expect(outputSchemaProblems(AGENT_STATE_OUTPUT_SCHEMA, output)).toEqual([]);
  });

  it("gives a script the newest changes, the model's among them, and how many earlier ones it leaves out", async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['objective Ship the parser', ...Array.from({ length: HISTORY_LINES }, (_, index) => `add step-${index.toString()} Step ${index.toString()}`)]);
    await host.executeTool('agent_state_set_work_item_status', { id: 'step-0', status: 'blocked' });
    await runAgentState(host, 'clear --yes');

    const output = await readOutput(host);

    const { history } = output;
    // 18 saved changes: the objective, the adds, the model's status and the clear.
    expect(history.earlier).toBe(18 - HISTORY_LINES);
    expect(history.steps.at(-2)).toEqual({ at: savedTimes(host).at(-2), by: 'model', changes: [{ kind: 'status_set', id: 'step-0', status: 'blocked' }] });
    expect(history.steps.at(-1)?.changes).toEqual([
      { kind: 'cleared', objective: true, workItemIds: Array.from({ length: HISTORY_LINES }, (_, index) => `step-${index.toString()}`), decisionIds: [] },
    ]);
    expect(outputSchemaProblems(AGENT_STATE_OUTPUT_SCHEMA, output)).toEqual([]);
  });

  it('says which saved change it cannot read, with no changes, rather than guessing', async () => {
    const host = createFakePiHost({ hasUI: false });
    host.session.appendEntry(STATE_ENTRY_TYPE, { schemaVersion: 2 });
    await host.load(agentStateExtension);
    await host.startSession();
    const output = await readOutput(host);
    expect(output.history).toEqual({ steps: [{ at: savedTimes(host)[0] }], earlier: 0 });
    expect(outputSchemaProblems(AGENT_STATE_OUTPUT_SCHEMA, output)).toEqual([]);
  });

  it('leaves objective out when none is set, as a saved snapshot does', async () => {
    const host = await startAgentStateHost();
    const output = await readOutput(host);
    expect(output).toEqual({ workItems: [], decisions: [], history: { steps: [], earlier: 0 } });
    expect(outputSchemaProblems(AGENT_STATE_OUTPUT_SCHEMA, output)).toEqual([]);
  });

  it('gives ids and content exactly as recorded, not escaped for a terminal', () => {
    const output = toAgentStateOutput(
      snapshotOf({ workItems: [{ id: 'a', content: 'Tab\there, bell \u0007, RTL \u202e' }], decisions: [] }),
    );
    expect(output.workItems[0]?.content).toBe('Tab\there, bell \u0007, RTL \u202e');
  });

  it('gives a copy: changing it changes nothing the adapter holds', () => {
    const snapshot = snapshotOf(EXAMPLE_STATE);
    const output = toAgentStateOutput(snapshot);
    expect(output.workItems).not.toBe(snapshot.workItems);
    expect(output.workItems[0]).not.toBe(snapshot.workItems[0]);
    expect(output.decisions[0]).not.toBe(snapshot.decisions[0]);
  });

  it('matches its schema and holds exactly the restored state for any saved payload', async () => {
    await fc.assert(
      fc.asyncProperty(validPayload, async (payload) => {
        const host = createFakePiHost({ hasUI: false });
        host.session.appendEntry(STATE_ENTRY_TYPE, payload);
        await host.load(agentStateExtension);
        await host.startSession();

        const structuredContent = await readOutput(host);

        // The session stores the JSON round trip of what was appended; a payload the adapter refuses starts empty.
        const read = readStatePayload(JSON.parse(JSON.stringify(payload)));
        const restored = read.ok ? read.value : snapshotOf();
        // The one entry gave every unfinished item its status.
        const [since] = savedTimes(host);
        const workItems = restored.workItems.map((item) => (item.status === 'done' ? item : { ...item, since }));
        // The one saved change, against nothing before it (none when the payload cannot be read).
        const changes = read.ok ? changesBetween(undefined, read.value) : undefined;
        const history = { steps: [{ at: since, ...(changes === undefined ? {} : { changes }) }], earlier: 0 };
        expect(structuredContent).toEqual({ ...Object.fromEntries(Object.entries(restored).filter(([key]) => key !== 'schemaVersion')), workItems, history });
        expect(outputSchemaProblems(AGENT_STATE_OUTPUT_SCHEMA, structuredContent)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('the schema rejects what a script must never be handed', () => {
    const none = { steps: [], earlier: 0 };
    expect(outputSchemaProblems(AGENT_STATE_OUTPUT_SCHEMA, { workItems: [], history: none })).not.toEqual([]);
    expect(outputSchemaProblems(AGENT_STATE_OUTPUT_SCHEMA, { workItems: [], decisions: [] })).not.toEqual([]);
    expect(
      outputSchemaProblems(AGENT_STATE_OUTPUT_SCHEMA, { workItems: [], decisions: [], history: { steps: [{ changes: [{ kind: 'status_set', id: 'a', status: 'Done' }] }], earlier: 0 } }),
    ).not.toEqual([]);
    expect(
      outputSchemaProblems(AGENT_STATE_OUTPUT_SCHEMA, { workItems: [{ id: 'a', content: 'A', status: 'Done' }], decisions: [], history: none }),
    ).not.toEqual([]);
  });
});
