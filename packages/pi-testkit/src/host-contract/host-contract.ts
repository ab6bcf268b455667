import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionEventFact } from '../host-facts/host-facts.js';
import type { ContractHost } from './contract-host.js';
import {
  PROBE_COMMAND,
  PROBE_COMPONENT_WIDGET,
  PROBE_CONTEXT_MARK,
  PROBE_ENTRY_TYPE,
  PROBE_LINES_WIDGET,
  PROBE_REFUSED_ID,
  PROBE_STATUS_KEY,
  PROBE_TOOL,
  type ProbeEntry,
  type ProbeRecord,
} from './contract-probe.js';

// What the adapters rely on from a host, run against every host behind one port (contract-host.ts):
// the fake host, every Pi line and oh-my-pi. Where hosts differ, the expectation is read from the
// host's facts (host-facts/), never from which host runs; so a pass on the fake host and on a line with
// the same facts is what makes the fake trustworthy for the adapters' fast tests.

/** A generous bound: a real host starts a process or runs a model turn in some steps. */
const STEP_TIMEOUT_MS = 60_000;

type EventRecord = Extract<ProbeRecord, { kind: 'event' }>;

function eventsOf(records: readonly ProbeRecord[]): EventRecord[] {
  return records.filter((record): record is EventRecord => record.kind === 'event');
}

/** The session-changing events among `records`: the ones the kit's onSessionChange listens to. */
function sessionEvents(records: readonly ProbeRecord[]): EventRecord[] {
  return eventsOf(records).filter((record) => record.event !== 'session_shutdown' && !record.event.includes('compact'));
}

function probeData(branch: readonly ProbeEntry[]): unknown[] {
  return branch.filter((entry) => entry.type === 'custom' && entry.customType === PROBE_ENTRY_TYPE).map((entry) => entry.data);
}

/** What a host says after a replacement: `times` deliveries of `fact` (Pi: to the new instance; oh-my-pi: one switch). */
function expectAnnounced(records: readonly ProbeRecord[], fact: SessionEventFact, times: number): EventRecord {
  const announced = sessionEvents(records);
  expect(announced.map(({ event, reason }) => ({ event, reason }))).toEqual(Array.from({ length: times }, () => ({ event: fact.event, reason: fact.reason })));
  const last = announced.at(-1);
  if (last === undefined) throw new Error(`no ${fact.event} arrived`);
  return last;
}

/** What a host can show at all; see ContractHost.runsModel, writesFiles and projectPackage. */
export interface ContractCapabilities {
  readonly runsModel: boolean;
  readonly writesFiles: boolean;
  readonly installsProjectPackages: boolean;
}

/** Adds the contract's tests to the caller's file, on the host `start` gives (one host for all of them). */
export function describeHostContract(title: string, can: ContractCapabilities, start: () => Promise<ContractHost>): void {
  describe(title, { timeout: STEP_TIMEOUT_MS }, () => {
    let host: ContractHost;
    /** Records seen so far, so each test reads what its own steps caused. */
    let seen = 0;
    async function freshRecords(): Promise<ProbeRecord[]> {
      const all = await host.log();
      const fresh = all.slice(seen);
      seen = all.length;
      return fresh;
    }

    /** The current branch, as the extension reads it now. */
    async function branchNow(): Promise<readonly ProbeEntry[]> {
      await host.probe('branch');
      const newest = (await host.log()).filter((record) => record.kind === 'branch').at(-1);
      return newest?.kind === 'branch' ? newest.branch : [];
    }

    beforeAll(async () => {
      host = await start();
      expect({ runsModel: host.runsModel, writesFiles: host.writesFiles, installsProjectPackages: host.projectPackage !== undefined }).toEqual(can);
    }, STEP_TIMEOUT_MS);
    afterAll(async () => {
      await host.dispose();
    }, STEP_TIMEOUT_MS);

    it('loads the extension: its command listed where the host lists commands, the registration API its line has, the load event', async () => {
      const { line } = host;
      const records = await freshRecords();
      expect(records.flatMap((record) => (record.kind === 'load' ? [record.api] : []))).toEqual([
        { registerEntryRenderer: line.entryRenderer, registerShortcut: true, sendMessage: true },
      ]);
      expect(sessionEvents(records).map(({ event, reason }) => ({ event, reason }))).toEqual([line.host.sessionEvents.load]);
      const listed = await host.listedCommands();
      expect(listed === undefined).toBe(!line.host.rpc.getCommands);
      if (listed !== undefined) expect(listed.filter((name) => name.startsWith(PROBE_COMMAND))).toEqual([PROBE_COMMAND]);
    });

    it.runIf(can.installsProjectPackages)('installs a package folder into the project, which loads without --approve only where the line asks for no trust', () => {
      const load = host.projectPackage;
      expect(load?.installed).toBe(true);
      expect(load?.installOutput).not.toMatch(/warning/iu);
      expect(load?.loadedWithoutApprove).toBe(!host.line.projectPackagesNeedApprove);
    });

    it('offers the model a tool by its name, description and parameters only, whatever else it declares', async () => {
      const offered = await host.offeredTool();
      expect(offered?.name).toBe(PROBE_TOOL);
      expect(offered?.fields.filter((field) => !['name', 'description', 'parameters', 'strict'].includes(field))).toEqual([]);
    });

    it("hands a command the text after its name's first space as typed, and says its mode where the line has ctx.mode", async () => {
      await freshRecords();
      expect(await host.probe('echo  two  spaces ')).toEqual([{ message: 'echoed', type: 'info' }]);
      const [command] = (await freshRecords()).filter((record) => record.kind === 'command');
      expect(command).toMatchObject({ args: 'echo  two  spaces ', hasUI: true });
      expect(command?.kind === 'command' ? command.mode : 'none').toBe(host.line.contextMode ? 'rpc' : undefined);
    });

    it('tells the model what its validator refuses before the tool runs, in the words of the line, and passes the rest through', async () => {
      await freshRecords();
      const words = host.line.validator;
      const results = await host.modelCalls([
        { name: PROBE_TOOL, arguments: { id: 'a', status: 'completed' } },
        { name: PROBE_TOOL, arguments: { status: 'open' } },
        { name: PROBE_TOOL, arguments: JSON.stringify({ id: 'b', status: 'open' }) },
        { name: PROBE_TOOL, arguments: { id: 7, status: 'open', note: 'n', priority: 'high' } },
        { name: 'no_such_tool', arguments: {} },
      ]);
      const refused = /^(?:Validation failed|Invalid arguments) for tool "contract_probe_record"/u;
      expect(results.slice(0, 3).map((result) => refused.test(result))).toEqual([true, true, true]);
      expect([results[0], results[1], results[2]].map((result, index) => result?.includes([words.notInEnum, words.missingId, words.argumentsNotObject][index] ?? '')))
        .toEqual([true, true, true]);
      // A number where the schema says string arrives as its text; a field the schema does not name passes through.
      expect(results[3]).toBe('recorded 7');
      expect(results[4]).toBe('Tool no_such_tool not found');
      const started = (await freshRecords()).filter((record) => record.kind === 'tool' && record.phase === 'start');
      expect(started.map((record) => record.kind === 'tool' && record.args)).toEqual([{ id: '7', status: 'open', note: 'n', priority: 'high' }]);
    });

    it('gives the model the message of a tool that throws, and runs the calls of one message one at a time, in call order', async () => {
      await freshRecords();
      const results = await host.modelCalls([
        { name: PROBE_TOOL, arguments: { id: 'first', status: 'open' } },
        { name: PROBE_TOOL, arguments: { id: PROBE_REFUSED_ID, status: 'open' } },
        { name: PROBE_TOOL, arguments: { id: 'third', status: 'done' } },
      ]);
      expect(results).toEqual(['recorded first', 'Contract probe: refused as asked.', 'recorded third']);
      const calls = (await freshRecords()).flatMap((record) => (record.kind === 'tool' ? [`${record.phase} ${String((record.args as { id: unknown }).id)}`] : []));
      expect(calls).toEqual(['start first', 'end first', `start ${PROBE_REFUSED_ID}`, `end ${PROBE_REFUSED_ID}`, 'start third', 'end third']);
    });

    it('writes a session with its first reply, not before, and a restart reads it back as written, edits and all, where the host says a tree move leaves it', async () => {
      await host.newSession();
      await host.probe('append {"step":1,"kept":null}');
      expect(await host.sessionWritten()).toBe(host.line.host.sessionFileWritten.newSession === 'at-once');
      // What an extension reads of it (the adapters' "not saved yet"): the file's path, there once written.
      const sessionFile = async (): Promise<unknown> => (JSON.parse((await host.probe('session-file'))[0]?.message ?? '{}') as { file?: unknown }).file;
      const file = await sessionFile();
      expect(typeof file).toBe('string');
      expect(existsSync(String(file))).toBe(await host.sessionWritten());
      await host.reply('First prompt.');
      expect(await host.sessionWritten()).toBe(true);
      expect(await sessionFile()).toBe(file);
      expect(existsSync(String(file))).toBe(true);
      await host.probe('append {"step":2,"list":[1,"two"]}');
      await host.probe('append {"edited":false}');
      await host.reply('Second prompt.');
      const written = host.currentSession();
      // A hand edit of the file reaches the extension as written, whatever the data.
      if (can.writesFiles) await host.editNewestProbeEntry(null);
      // A session left before its first reply: the host writes its file only with that reply (or at once).
      await host.newSession();
      await host.probe('append {"lost":true}');
      const lost = host.currentSession();
      await host.switchSession(written);
      // Pi writes nothing for a tree move, so a restart opens the file on its last entry; oh-my-pi keeps the move.
      const firstEntry = (await branchNow()).find((entry) => entry.customType === PROBE_ENTRY_TYPE);
      expect(await host.probe(`navigate ${firstEntry?.id ?? 'none'}`)).toEqual([{ message: 'navigated', type: 'info' }]);
      await freshRecords();

      await host.restart();
      seen = 0;

      expect(await host.sessionWritten(lost)).toBe(host.line.host.sessionFileWritten.newSession === 'at-once');
      const [load] = sessionEvents(await freshRecords());
      expect(load?.event).toBe(host.line.host.sessionEvents.load.event);
      const kept = host.line.host.treePositionKeptOnRestart;
      const edited = can.writesFiles ? null : { edited: false };
      expect(probeData(load?.branch ?? [])).toEqual(kept ? [{ step: 1, kept: null }] : [{ step: 1, kept: null }, { step: 2, list: [1, 'two'] }, edited]);
      if (!kept) expect(load?.branch.at(-1)?.role).toBe('assistant');
      for (const entry of load?.branch.filter((candidate) => candidate.customType === PROBE_ENTRY_TYPE) ?? []) {
        expect(Number.isNaN(Date.parse(entry.timestamp ?? ''))).toBe(false);
      }
    });

    it.runIf(can.writesFiles)('reads an entry edited in the file as edited at a switch back, whatever its data', async () => {
      await host.newSession();
      await host.probe('append {"valid":true}');
      await host.reply('A prompt.');
      const file = host.currentSession();
      for (const edited of [{ schemaVersion: 2 }, 'not an object']) {
        await host.editNewestProbeEntry(edited);
        await host.newSession();
        await freshRecords();
        await host.switchSession(file);
        expect(probeData(sessionEvents(await freshRecords()).at(-1)?.branch ?? []).at(-1)).toEqual(edited);
      }
    });

    it('starts a new session with the events of the host and a branch without the earlier entries, and switching back gives the earlier branch as saved', async () => {
      await host.newSession();
      await host.probe('append {"session":"earlier"}');
      await host.reply('A prompt in the earlier session.');
      const earlier = host.currentSession();
      await freshRecords();

      await host.newSession();
      const started = expectAnnounced(await freshRecords(), host.line.host.sessionEvents.newSession, Math.max(host.line.sessionStartsAfterReplacement, 1));
      expect(probeData(started.branch)).toEqual([]);

      await host.switchSession(earlier);
      const resumed = expectAnnounced(await freshRecords(), host.line.host.sessionEvents.resume, Math.max(host.line.sessionStartsAfterReplacement, 1));
      expect(probeData(resumed.branch)).toEqual([{ session: 'earlier' }]);
    });

    it("forks from before a person's later message with the host's fork event, keeping the entries and ids before it", async () => {
      await host.newSession();
      await host.probe('append {"fork":1}');
      await host.reply('A first prompt.');
      await host.probe('append {"fork":2}');
      await host.reply('The prompt the fork starts before.');
      await host.probe('append {"fork":3}');
      const before = await branchNow();
      const target = before.filter((entry) => entry.role === 'user').at(-1);
      if (target === undefined) throw new Error('no user message on the branch');
      await freshRecords();

      await host.fork(target.id);

      const command = host.line.host.rpc.forkCommand;
      const fact = command === 'fork' ? host.line.host.sessionEvents.fork : host.line.host.sessionEvents.branch;
      if (fact === undefined) throw new Error(`the host has no event for its ${command} command`);
      const forked = expectAnnounced(await freshRecords(), fact, command === 'fork' ? Math.max(host.line.sessionStartsAfterReplacement, 1) : 1);
      const kept = before.slice(0, before.indexOf(target)).map((entry) => `${entry.id} ${entry.type}`);
      expect(forked.branch.map((entry) => `${entry.id} ${entry.type}`)).toEqual(kept);
      expect(probeData(forked.branch)).toEqual([{ fork: 1 }, { fork: 2 }]);
    });

    it('moves on the tree with session_tree, the branch ending on the entry moved to, and writes nothing', async () => {
      await host.newSession();
      await host.probe('append {"tree":1}');
      await host.reply('A prompt.');
      await host.probe('append {"tree":2}');
      const branch = await branchNow();
      const first = branch.find((entry) => entry.customType === PROBE_ENTRY_TYPE);
      if (first === undefined) throw new Error('no probe entry on the branch');
      await freshRecords();

      expect(await host.probe(`navigate ${first.id}`)).toEqual([{ message: 'navigated', type: 'info' }]);

      const moved = expectAnnounced(await freshRecords(), host.line.host.sessionEvents.tree, 1);
      expect(moved.branch.at(-1)?.id).toBe(first.id);
      expect(probeData(moved.branch)).toEqual([{ tree: 1 }]);
    });

    it('compacts: session_before_compact with what to compact, the compaction entry with session_compact, and the next request starts with the summary and carries what a context handler added', async () => {
      await host.newSession();
      await host.probe('append {"compact":1}');
      for (const prompt of ['One.', 'Two.', 'Three.']) await host.reply(prompt);
      await freshRecords();

      await host.compact('The contract summary.');

      const events = eventsOf(await freshRecords());
      const before = events.find((record) => record.event === 'session_before_compact');
      const after = events.find((record) => record.event === 'session_compact');
      expect(before?.carries).toEqual(expect.arrayContaining(['branchEntries', 'preparation']));
      expect(after?.carries).toEqual(expect.arrayContaining(['compactionEntry']));
      expect(after?.compactionEntryType).toBe('compaction');
      expect(after?.branch.at(-1)?.type).toBe('compaction');

      await host.probe('arm-context');
      await host.reply('After the compaction.');
      const [context] = (await freshRecords()).filter((record) => record.kind === 'context');
      // Some lines (0.86) put a system message of their own first; the conversation starts with the summary.
      expect(context?.kind === 'context' && context.roles.filter((role) => role !== 'system')[0]).toBe('compactionSummary');
      expect(await host.lastRequestText()).toContain(PROBE_CONTEXT_MARK);
    });

    it.runIf(can.runsModel)('stores a message sent for the next turn where the line says, and every later request carries it', async () => {
      await host.newSession();
      await host.reply('A first prompt.');
      await host.probe('send-next-turn The queued words.');
      await host.reply('The next prompt.');
      const request = await host.lastRequestText();
      const queuedAfterPrompt = request.indexOf('The queued words.') > request.indexOf('The next prompt.');
      expect(queuedAfterPrompt).toBe(host.line.nextTurnMessage === 'after-next-prompt');
      await host.reply('A later prompt.');
      expect((await host.lastRequestText()).split('The queued words.')).toHaveLength(2);
    });

    it('sends a client each notice with its type, the newest status and the lines of a line widget; a component widget never crosses', async () => {
      expect(await host.probe('ui')).toEqual([
        { message: 'probe info', type: 'info' },
        { message: 'probe warning', type: 'warning' },
      ]);
      const ui = await host.clientUi();
      expect(ui.statuses.get(PROBE_STATUS_KEY)).toBe('probe status');
      expect(ui.widgets.get(PROBE_LINES_WIDGET)).toEqual(['probe line 1', 'probe line 2']);
      expect(ui.widgets.get(PROBE_COMPONENT_WIDGET)).toBeUndefined();
    });
  });
}
