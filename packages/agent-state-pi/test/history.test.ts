import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { describe, expect, it } from 'vitest';
import { formatHistory } from '../src/format.js';
import { ALL_HISTORY, HISTORY_LINES, stateHistory, type StateHistory } from '../src/history.js';
import { toStatePayload } from '../src/persistence.js';
import { recordAll, runAgentState, savedPayloads, startAgentStateHost } from './agent-state-host.js';
import { NOW, at, entry } from './history-example.js';
import { snapshotOf } from './snapshots.js';
import { describeChanges } from '../src/ui/change-line.js';

const NONE: StateHistory = { lines: [], earlier: 0 };

/** Each line's changes in the chat line's words; undefined for an unreadable entry. */
const words = (history: StateHistory): (string | undefined)[] => history.lines.map((line) => (line.changes === undefined ? undefined : describeChanges(line.changes)));

const objective = snapshotOf({ objective: 'Ship it' });
const withApi = snapshotOf({ objective: 'Ship it', workItems: [{ id: 'api', content: 'The API' }] });
const apiBlocked = snapshotOf({ objective: 'Ship it', workItems: [{ id: 'api', content: 'The API', status: 'blocked' }] });
const withDecision = snapshotOf({
  objective: 'Ship it',
  workItems: [{ id: 'api', content: 'The API', status: 'blocked' }],
  decisions: [{ id: 'rest', content: 'REST' }],
});

const BRANCH: PiSessionEntryPort[] = [
  entry('e1', at(9, 12), toStatePayload(objective, 'person')),
  { type: 'message', id: 'm1', timestamp: at(9, 13) },
  entry('e2', at(9, 30), toStatePayload(withApi, 'model')),
  entry('e3', at(10, 5, 2), toStatePayload(apiBlocked, 'model')),
  entry('e4', undefined, { schemaVersion: 1, state: withDecision }),
];

describe('stateHistory', () => {
  it('lists every saved change of the branch, oldest first, with its time, who asked and what changed', () => {
    const history = stateHistory(BRANCH);
    expect(history.lines.map((line) => [line.timestamp, line.by, line.changes])).toEqual([
      [at(9, 12), 'person', [{ kind: 'objective_set' }]],
      [at(9, 30), 'model', [{ kind: 'work_item_added', id: 'api', status: 'open' }]],
      [at(10, 5, 2), 'model', [{ kind: 'status_set', id: 'api', status: 'blocked' }]],
      [undefined, undefined, [{ kind: 'decision_added', id: 'rest' }]],
    ]);
    expect(history.earlier).toBe(0);
  });

  it("keeps only one item's changes with an id, and every unreadable entry, which may have touched it", () => {
    const branch = [...BRANCH, entry('bad', at(11, 0), { schemaVersion: 2 })];
    expect(words(stateHistory(branch, 'api'))).toEqual(['added api (open)', 'set api → blocked', undefined]);
    expect(words(stateHistory(branch, 'rest'))).toEqual(['decided rest', undefined]);
    expect(stateHistory(BRANCH, 'nothing')).toEqual(NONE);
  });

  it(`gives the newest ${HISTORY_LINES} changes and counts the earlier ones, of the branch or of one item`, () => {
    const states = Array.from({ length: HISTORY_LINES + 4 }, (_, index) => snapshotOf({ objective: 'Ship it', workItems: [{ id: 'api', content: `Step ${index.toString()}`, status: index % 2 === 0 ? 'open' : 'blocked' }], decisions: [{ id: 'rest', content: 'REST' }] }));
    const branch = [entry('other', at(8, 0), toStatePayload(snapshotOf({ objective: 'Ship it', decisions: [{ id: 'rest', content: 'REST' }] }), 'person')), ...states.map((state, index) => entry(`e${index.toString()}`, at(9, index), toStatePayload(state, 'model')))];
    const whole = stateHistory(branch);
    expect(whole.lines).toHaveLength(HISTORY_LINES);
    expect(whole.earlier).toBe(branch.length - HISTORY_LINES);
    expect(whole.lines.at(-1)?.changes).toEqual([{ kind: 'status_set', id: 'api', status: 'open' }]);
    // The decision's entry is the oldest, and "api" was added by the one after it.
    const api = stateHistory(branch, 'api');
    expect(api.lines).toHaveLength(HISTORY_LINES);
    expect(api.earlier).toBe(states.length - HISTORY_LINES);
    expect(stateHistory(branch, 'rest')).toEqual({ lines: [{ timestamp: at(8, 0), by: 'person', changes: [{ kind: 'decision_added', id: 'rest' }] }], earlier: 0 });
  });
});

describe('formatHistory', () => {
  it('writes one line a change, newest last: the time (with the date on another day), who, and the chat line words', () => {
    expect(formatHistory(stateHistory(BRANCH), undefined, NOW)).toBe(
      [
        'Agent State history, newest last:',
        '- 09:12 you: objective set',
        '- 09:30 model: added api (open)',
        '- 2026-12-02 10:05 model: set api → blocked',
        '- no time who is not recorded: decided rest',
      ].join('\n'),
    );
  });

  it('names the item asked about, and says when nothing is saved rather than showing an empty list', () => {
    expect(formatHistory(stateHistory(BRANCH, 'api'), 'api', NOW).split('\n')[0]).toBe('Agent State history of "api", newest last:');
    expect(formatHistory(NONE, undefined, NOW)).toBe('Agent State history: no change is saved on this branch.');
    expect(formatHistory(NONE, 'api', NOW)).toBe('Agent State history: no saved change on this branch touches "api".');
  });

  it(`shows the newest ${HISTORY_LINES} changes, how many earlier ones are left out and the command that shows them all`, () => {
    const branch = Array.from({ length: HISTORY_LINES + 4 }, (_, index) =>
      entry(`e${index}`, at(9, index), toStatePayload(snapshotOf({ objective: `Objective ${index}` }), 'person')),
    );
    const lines = formatHistory(stateHistory(branch), undefined, NOW).split('\n');
    expect(lines[0]).toBe('Agent State history, newest last (4 earlier changes not shown; /agent-state history --all shows them):');
    expect(lines).toHaveLength(HISTORY_LINES + 1);
    expect(lines.at(-1)).toBe(`- 09:${String(HISTORY_LINES + 3).padStart(2, '0')} you: objective set`);
    const all = formatHistory(stateHistory(branch, undefined, ALL_HISTORY), undefined, NOW).split('\n');
    expect(all[0]).toBe('Agent State history, newest last:');
    expect(all).toHaveLength(HISTORY_LINES + 5);
    expect(all[1]).toBe('- 09:00 you: objective set');
  });
});

describe('/agent-state history', () => {
  it('records who asked for each change: the person through the command, the model through a tool', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['objective Ship it', 'add api The API']);
    await host.executeTool('agent_state_set_work_item_status', { id: 'api', status: 'blocked' });
    await recordAll(host, ['set api in_progress']);

    const history = stateHistory(host.session.getBranch(), 'api');
    expect(history.lines.map((line) => line.by)).toEqual(['person', 'model', 'person']);
    expect(await runAgentState(host, 'history api')).toEqual([{ message: formatHistory(history, 'api', new Date()), type: 'info' }]);
    // Reading the history saves nothing.
    expect(savedPayloads(host)).toHaveLength(4);
  });

  it('reaches every change with --all, of the branch or of one item', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['add api The API', ...Array.from({ length: HISTORY_LINES }, (_, index) => `objective Step ${index.toString()}`), 'set api done']);
    const all = stateHistory(host.session.getBranch(), undefined, ALL_HISTORY);
    expect(all.lines).toHaveLength(HISTORY_LINES + 2);
    expect(all.earlier).toBe(0);
    expect(stateHistory(host.session.getBranch()).earlier).toBe(2);
    expect(await runAgentState(host, 'history --all')).toEqual([{ message: formatHistory(all, undefined, new Date()), type: 'info' }]);
    const api = stateHistory(host.session.getBranch(), 'api', ALL_HISTORY);
    expect(api.lines).toHaveLength(2);
    expect(await runAgentState(host, 'history --all api')).toEqual([{ message: formatHistory(api, 'api', new Date()), type: 'info' }]);
  });
});
