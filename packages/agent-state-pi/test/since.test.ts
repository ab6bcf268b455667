import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import type { FakePiHost } from '@j1nn0/pi-testkit';
import { describe, expect, it } from 'vitest';
import { STATE_ENTRY_TYPE, toStatePayload } from '../src/persistence.js';
import { sinceAfterChange, sinceOnBranch } from '../src/since.js';
import { expectedStatus, readSince, recordAll, runAgentState, startAgentStateHost } from './agent-state-host.js';
import { at, entry } from './history-example.js';
import { snapshotOf } from './snapshots.js';

// Since when each unfinished work item has had its status: derived from the entry that set it on the
// current branch, shown in the status, the panel and agent_state_get; nothing is judged.

const item = (id: string, status: 'open' | 'in_progress' | 'blocked' | 'done') => ({ id, content: id.toUpperCase(), status });
const state = (...items: ReturnType<typeof item>[]) => snapshotOf({ workItems: items });
const saved = (id: string, time: string | undefined, snapshot: ReturnType<typeof state>): PiSessionEntryPort =>
  entry(id, time, toStatePayload(snapshot, 'person'));

describe('sinceOnBranch', () => {
  it("takes each unfinished item's time from the oldest entry of the run in which it kept its status", () => {
    const branch = [
      saved('e1', at(9, 0), state(item('a', 'open'))),
      saved('e2', at(9, 10), state(item('a', 'in_progress'), item('b', 'open'))),
      { type: 'message', id: 'm', timestamp: at(9, 15) },
      saved('e3', at(9, 20), state(item('a', 'in_progress'), item('b', 'open'), item('c', 'done'))),
      saved('e4', at(9, 30), state(item('a', 'in_progress'), item('b', 'blocked'), item('c', 'done'), item('d', 'open'))),
    ];
    const current = state(item('a', 'in_progress'), item('b', 'blocked'), item('c', 'done'), item('d', 'open'));
    expect(Object.fromEntries(sinceOnBranch(branch, current))).toEqual({ a: at(9, 10), b: at(9, 30), d: at(9, 30) });
  });

  it('stops at an entry it cannot read or that has no time: the times found so far are the oldest the session confirms', () => {
    const current = state(item('a', 'open'));
    const readable = [saved('e2', at(9, 10), current), saved('e3', at(9, 20), current)];
    expect(Object.fromEntries(sinceOnBranch([saved('e1', at(9, 0), current), entry('bad', at(9, 5), { schemaVersion: 1 }), ...readable], current))).toEqual({ a: at(9, 10) });
    expect(Object.fromEntries(sinceOnBranch([saved('e1', at(9, 0), current), saved('untimed', undefined, current), ...readable], current))).toEqual({ a: at(9, 10) });
    expect(sinceOnBranch([saved('e1', undefined, current)], current).size).toBe(0);
  });

  it('reads no entry older than it needs', () => {
    const current = state(item('a', 'open'));
    const touched: string[] = [];
    const spy = (id: string, snapshot: ReturnType<typeof state>): PiSessionEntryPort => ({
      ...saved(id, at(9, 0), snapshot),
      get data() {
        touched.push(id);
        return toStatePayload(snapshot, 'model');
      },
    });
    sinceOnBranch([spy('old', current), spy('other', state(item('a', 'done'))), spy('newest', current)], current);
    expect(touched).toEqual(['newest', 'other']);
  });
});

describe('sinceAfterChange', () => {
  it('starts a new or re-set item at the new entry and keeps the others; done items have none', () => {
    const since = new Map([['a', at(9, 0)], ['b', at(9, 5)]]);
    const before = state(item('a', 'open'), item('b', 'open'));
    const after = state(item('a', 'open'), item('b', 'in_progress'), item('c', 'open'));
    expect(Object.fromEntries(sinceAfterChange(since, before, after, at(10, 0)))).toEqual({ a: at(9, 0), b: at(10, 0), c: at(10, 0) });
    expect(sinceAfterChange(since, before, state(item('a', 'done'), item('b', 'open')), at(10, 0))).toEqual(new Map([['b', at(9, 5)]]));
    expect(sinceAfterChange(since, before, after, undefined)).toEqual(new Map([['a', at(9, 0)]]));
  });
});

/** A clock that moves on `minutes` each time Pi stamps something, from 08:00 today. */
function steppingClock(minutes: number): () => Date {
  const start = new Date();
  start.setHours(8, 0, 0, 0);
  let ticks = 0;
  return () => new Date(start.getTime() + minutes * 60_000 * ticks++);
}

function stateEntryTimes(host: FakePiHost): string[] {
  return host.session.customEntries(STATE_ENTRY_TYPE).map((saved) => saved.timestamp);
}

describe('since when, in a session', () => {
  it('follows every change, and a resume and /tree derive the same times from the entries', async () => {
    const host = await startAgentStateHost({ clock: steppingClock(7) });
    await recordAll(host, ['objective Ship it', 'add a A', 'add b B']);
    await host.executeTool('agent_state_set_work_item_status', { id: 'a', status: 'in_progress' });
    await recordAll(host, ['set b blocked', 'set b blocked', 'add c C', 'set c done']);
    const times = stateEntryTimes(host);
    // a took in_progress at the model's call (the fourth entry), b blocked at the fifth; c is done.
    const expected = { a: times[3], b: times[4] };
    expect(Object.fromEntries(await readSince(host))).toEqual(expected);
    // What the status and agent_state_get show: the status drawn with those times.
    expect((await runAgentState(host, 'status'))[0]?.message).toBe(await expectedStatus(host));
    expect((await host.executeTool('agent_state_get', {})).content).toEqual([{ type: 'text', text: await expectedStatus(host) }]);

    await host.restart();
    expect(Object.fromEntries(await readSince(host))).toEqual(expected);

    // Back to before `set b blocked`: b is open again, since it was added.
    const [, , , setA] = host.session.customEntries(STATE_ENTRY_TYPE);
    await host.navigateTree(setA?.id ?? '');
    expect(Object.fromEntries(await readSince(host))).toEqual({ a: times[3], b: times[2] });
  });
});
