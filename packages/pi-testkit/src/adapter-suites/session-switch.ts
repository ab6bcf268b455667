import { expect, it } from 'vitest';
import type { FakePiHost } from '../fake-host/fake-host.js';
import type { PersistedAdapter, PersistenceScenario } from './session-persistence.js';

// A host that keeps the same extension instance across sessions (oh-my-pi: a new session, a resume
// and a fork arrive as `session_switch`, not as a new runtime with `session_start`): the adapter's
// state must follow the session it is used in, never carry one session's state into another.

/** `second.state` is what `first` and `second` leave together; `empty`, the state of a new session. */
export type SwitchScenario = Pick<PersistenceScenario, 'first' | 'second'> & { readonly empty: unknown };

export function addSessionSwitchTests(adapter: PersistedAdapter, scenario: SwitchScenario): void {
  const { recordAll, readState } = adapter;
  const start = (): Promise<FakePiHost> => adapter.start({ sessionSwitch: 'oh-my-pi' });

  /** The previous session holds both states; the new one must show and save only what is recorded in it. */
  async function expectFreshSession(host: FakePiHost): Promise<void> {
    expect(await readState(host)).toEqual(scenario.empty);
    expect(adapter.savedPayloads(host)).toEqual([]);
    await recordAll(host, [scenario.first.command]);
    expect(await readState(host)).toEqual(scenario.first.state);
    expect(adapter.savedPayloads(host)).toHaveLength(1);
  }

  it('starts a new session empty and writes nothing of the previous one into it', async () => {
    const host = await start();
    await recordAll(host, [scenario.first.command, scenario.second.command]);
    await host.newSession();
    await expectFreshSession(host);
    adapter.expectCleanRun(host);
  });

  it('restores each session when switching back and forth', async () => {
    const host = await start();
    await recordAll(host, [scenario.first.command, scenario.second.command]);
    const earlier = host.session;
    const earlierState = await readState(host);
    await host.newSession();
    await recordAll(host, [scenario.first.command]);
    await host.switchSession(earlier);
    expect(await readState(host)).toEqual(earlierState);
    expect(adapter.savedPayloads(host)).toHaveLength(2);
  });

  it('restores a fork from the forked entry', async () => {
    const host = await start();
    await recordAll(host, [scenario.first.command]);
    const firstStateId = host.session.getLeafId();
    await recordAll(host, [scenario.second.command]);
    if (firstStateId === null) throw new Error('nothing was saved');
    await host.fork(firstStateId);
    expect(await readState(host)).toEqual(scenario.first.state);
  });

  it('stays the same when the switch is announced twice, and appends nothing', async () => {
    const host = await start();
    await recordAll(host, [scenario.first.command, scenario.second.command]);
    const earlier = host.session;
    const entries = earlier.getEntries().length;
    await host.switchSession(earlier, { times: 2 });
    expect(earlier.getEntries()).toHaveLength(entries);
    expect(await readState(host)).toEqual(scenario.second.state);
    expect(host.takeNotifications().filter((notification) => notification.type !== 'info')).toEqual([]);
  });

  it('follows a switch that no event announced at its next use', async () => {
    const host = await start();
    await recordAll(host, [scenario.first.command, scenario.second.command]);
    await host.newSession({ times: 0 });
    await expectFreshSession(host);
  });
}
