import { expect, it } from 'vitest';
import type { FakePiHost, FakePiHostOptions } from '../fake-host/fake-host.js';
import type { MessageInput } from '../fake-host/fake-session.js';
import { leafId } from './adapter-harness.js';

// How an adapter's state follows Pi's sessions: saved as custom entries, restored from the newest
// one on the current branch, never appended while loading. Added to the caller's describe block.

export interface PersistedAdapter {
  readonly entryType: string;
  readonly start: (options?: FakePiHostOptions) => Promise<FakePiHost>;
  readonly recordAll: (host: FakePiHost, commands: readonly string[]) => Promise<void>;
  readonly savedPayloads: (host: FakePiHost) => unknown[];
  /**
   * The whole state as structure (a read tool's structured result), read through a tool so it also works
   * without a UI; never the text a person is shown, so a change of wording touches no suite here.
   */
  readonly readState: (host: FakePiHost) => Promise<unknown>;
  readonly expectCleanRun: (host: FakePiHost) => void;
}

/** A command that saves one more item, and the whole state (as readState reads it) it leaves. */
export interface RecordedState {
  readonly command: string;
  readonly state: unknown;
}

export interface PersistenceScenario {
  /** Commands that each save a state; loading the session afterwards must append nothing. */
  readonly changes: readonly string[];
  /** Commands that each save a state, the entry type as the session file shows it, and the last payload saved. */
  readonly saved: { readonly commands: readonly string[]; readonly entryType: string; readonly lastPayload: unknown };
  /** A command on an empty session, and the state it leaves. */
  readonly first: RecordedState;
  /** Messages appended between the first and the second saved state. */
  readonly chatTurn: readonly MessageInput[];
  /** Recorded after `first` and the chat turn; `state` is what both leave. */
  readonly second: RecordedState;
  /** Recorded after navigating back to the first state, so it starts a new branch; `state` is first's and its. */
  readonly onOldBranch: RecordedState;
  /** Without a UI: a command line, then a tool call, and the state both leave. */
  readonly headless: {
    readonly commandLine: string;
    readonly tool: string;
    readonly toolArguments: Record<string, unknown>;
    readonly state: unknown;
  };
}

export function addSessionPersistenceTests(adapter: PersistedAdapter, scenario: PersistenceScenario): void {
  const { start, recordAll, readState } = adapter;

  /** Records the first state, a chat turn, the second; returns the id of the entry that saved only the first. */
  async function recordTwoStates(host: FakePiHost): Promise<string> {
    await recordAll(host, [scenario.first.command]);
    const firstStateId = leafId(host);
    for (const message of scenario.chatTurn) {
      host.session.appendMessage(message);
    }
    await recordAll(host, [scenario.second.command]);
    return firstStateId;
  }

  it(`saves one ${scenario.saved.entryType} entry per change with the whole state`, async () => {
    const host = await start();
    await recordAll(host, scenario.saved.commands);
    const entries = host.session.customEntries(adapter.entryType);
    expect(entries).toHaveLength(scenario.saved.commands.length);
    expect(entries.at(-1)).toMatchObject({ type: 'custom', customType: scenario.saved.entryType });
    expect(entries.at(-1)?.data).toEqual(scenario.saved.lastPayload);
    expect(host.entryTypes()).toEqual([scenario.saved.entryType]);
  });

  it('loading a session never appends', async () => {
    const host = await start();
    await recordAll(host, scenario.changes);
    const before = host.session.getEntries().length;
    await host.startSession('startup', { times: 2 });
    await host.restart();
    await host.navigateTree(leafId(host));
    expect(host.session.getEntries()).toHaveLength(before);
  });

  it('restores the newest entry on the current branch after tree navigation', async () => {
    const host = await start();
    const firstStateId = await recordTwoStates(host);
    const newerLeaf = leafId(host);
    await host.navigateTree(firstStateId);
    expect(await readState(host)).toEqual(scenario.first.state);

    // A change on the old branch starts a new branch; the other branch keeps its own state.
    await recordAll(host, [scenario.onOldBranch.command]);
    expect(await readState(host)).toEqual(scenario.onOldBranch.state);
    await host.navigateTree(newerLeaf);
    expect(await readState(host)).toEqual(scenario.second.state);
  });

  it('restores from the forked entry, not from the newer state of the original session', async () => {
    const host = await start();
    const firstStateId = await recordTwoStates(host);
    await host.fork(firstStateId);
    expect(await readState(host)).toEqual(scenario.first.state);
    expect(host.takeNotifications()).toEqual([]);
  });

  it('works without a UI: commands and tools change and save the state', async () => {
    const { commandLine, tool, toolArguments, state } = scenario.headless;
    const host = await start({ hasUI: false });
    await host.runCommand(commandLine);
    await host.executeTool(tool, toolArguments);
    expect(adapter.savedPayloads(host)).toHaveLength(2);
    await host.restart();
    expect(await readState(host)).toEqual(state);
    expect(host.notifications).toEqual([]);
    expect(host.statuses.size).toBe(0);
    adapter.expectCleanRun(host);
  });
}

/** A bad newest entry: [case name, the raw entry's fields besides its type, the reason the warning gives]. */
export type UnreadableEntry = readonly [name: string, fields: Record<string, unknown>, reason: string];

export interface UnreadableEntryScenario {
  /** A readable payload saved just before the bad entry; it must not be fallen back to. */
  readonly olderPayload: unknown;
  readonly entries: readonly UnreadableEntry[];
  /** The one warning shown for the bad entry. */
  readonly warning: (reason: string) => string;
  /** The state after discarding the entry, as readState reads it: the empty state. */
  readonly discardedState: unknown;
}

export function addUnreadableEntryTests(adapter: PersistedAdapter, scenario: UnreadableEntryScenario): void {
  const { start, entryType } = adapter;

  it.each(scenario.entries)('with %s warns once, starts empty, appends nothing and ignores the older entry', async (_name, fields, reason) => {
    const host = await start();
    host.session.appendEntry(entryType, scenario.olderPayload);
    host.session.appendRaw({ type: 'custom', customType: entryType, ...fields });
    const before = host.session.getEntries().length;

    await host.startSession('startup', { times: 2 });

    expect(host.takeNotifications()).toEqual([{ message: scenario.warning(reason), type: 'warning' }]);
    expect(await adapter.readState(host)).toEqual(scenario.discardedState);
    expect(host.session.getEntries()).toHaveLength(before);
    adapter.expectCleanRun(host);
  });

  it('warns again for a different bad entry, but not again for the same one', async () => {
    const host = await start();
    host.session.appendRaw({ type: 'custom', customType: entryType });
    await host.startSession('startup');
    expect(host.takeNotifications()).toHaveLength(1);
    await host.startSession('reload');
    expect(host.takeNotifications()).toEqual([]);

    host.session.appendRaw({ type: 'custom', customType: entryType, data: { schemaVersion: 9 } });
    await host.startSession('startup');
    expect(host.takeNotifications()).toHaveLength(1);
  });
}
