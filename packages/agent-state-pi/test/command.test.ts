import { isTerminalUnsafe } from '@j1nn0/pi-adapter-kit';
import { describe, expect, it } from 'vitest';
import { USAGE, formatClearPreview, formatNoChange, formatRejection, formatStatus, formatUsage } from '../src/format.js';
import {
  FIRST_SMOKE_RUN,
  expectCleanRun,
  expectedStatus,
  readState,
  recordAll,
  runAgentState,
  savedPayloads,
  startAgentStateHost,
} from './agent-state-host.js';
import { addedText, changeText, decidedText, statusChangeText } from './expected-messages.js';
import { EMPTY_SNAPSHOT, EXAMPLE_SNAPSHOT, snapshotOf } from './snapshots.js';

const usageWarning = [{ message: USAGE, type: 'warning' }];

describe('/agent-state', () => {
  it('is the only command the extension registers', async () => {
    const host = await startAgentStateHost();
    expect([...host.commands.keys()]).toEqual(['agent-state']);
    expect(host.registrationProblems).toEqual([]);
  });

  it('prints the exact empty status', async () => {
    const host = await startAgentStateHost();
    expect(await runAgentState(host, 'status')).toEqual([{ message: formatStatus(EMPTY_SNAPSHOT), type: 'info' }]);
    expectCleanRun(host);
  });

  it.each([[''], ['   '], ['help']])('answers %j, a question, with the one-line usage of the whole command as information', async (args) => {
    const host = await startAgentStateHost();
    expect(await runAgentState(host, args)).toEqual([{ message: USAGE, type: 'info' }]);
    expect(savedPayloads(host)).toEqual([]);
  });

  it('answers an unknown subcommand, with the one-line usage of the whole command as a warning and changes nothing', async () => {
    const host = await startAgentStateHost();
    expect(await runAgentState(host, 'STATUS')).toEqual(usageWarning);
    expect(savedPayloads(host)).toEqual([]);
  });

  it.each([
    ['status extra', formatUsage('status')],
    ['add only-id', formatUsage('add')],
    ['set a', formatUsage('set')],
    ['remove a b', formatUsage('remove')],
    ['clear now', formatUsage('clear')],
    ['objective', formatUsage('objective')],
    ['decide d1', formatUsage('decide')],
  ])('answers %j, a known subcommand with wrong arguments, with that subcommand\'s usage', async (args, message) => {
    const host = await startAgentStateHost();
    expect(await runAgentState(host, args)).toEqual([{ message, type: 'warning' }]);
    expect(savedPayloads(host)).toEqual([]);
  });

  it('rejects a quoted id with a hint that ids are single words, and records nothing', async () => {
    const host = await startAgentStateHost();
    expect(await runAgentState(host, 'add "my item" Quoted')).toEqual([
      { message: formatRejection({ code: 'quoted_id' }, 'person'), type: 'warning' },
    ]);
    expect(savedPayloads(host)).toEqual([]);
  });

  it('records the first smoke run and lists it in insertion order', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);
    expect(await readState(host)).toEqual(EXAMPLE_SNAPSHOT);
    expect(await runAgentState(host, 'status')).toEqual([{ message: await expectedStatus(host), type: 'info' }]);
    expect(savedPayloads(host)).toHaveLength(FIRST_SMOKE_RUN.length);
    expectCleanRun(host);
  });

  it('confirms each subcommand with an info message', async () => {
    const host = await startAgentStateHost();
    const confirmations: [string, string][] = [
      ['objective Ship it', changeText({ kind: 'set_objective', objective: 'Ship it' })],
      ['add a First item', addedText('a')],
      ['set a blocked', statusChangeText('a', 'open', 'blocked')],
      ['decide d1 Use typebox', decidedText('d1')],
      ['remove a', changeText({ kind: 'remove_work_item', id: 'a' })],
      [
        'clear --yes',
        changeText({ kind: 'clear' }, snapshotOf({ objective: 'Ship it', decisions: [{ id: 'd1', content: 'Use typebox' }] })),
      ],
    ];
    for (const [args, message] of confirmations) {
      expect(await runAgentState(host, args), args).toEqual([{ message, type: 'info' }]);
    }
    expect(await readState(host)).toEqual(EMPTY_SNAPSHOT);
  });

  it('rejects unknown and duplicate ids with a warning and records nothing', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['add a A', 'decide d D']);
    const rejections: [string, string][] = [
      ['add a again', formatRejection({ code: 'duplicate_work_item', id: 'a', status: 'open' }, 'person')],
      ['decide d again', formatRejection({ code: 'duplicate_decision', id: 'd' }, 'person')],
      ['set missing done', formatRejection({ code: 'unknown_work_item', id: 'missing', recorded: ['a'] }, 'person')],
      ['remove missing', formatRejection({ code: 'unknown_work_item', id: 'missing', recorded: ['a'] }, 'person')],
    ];
    for (const [args, message] of rejections) {
      expect(await runAgentState(host, args), args).toEqual([{ message, type: 'warning' }]);
    }
    expect(savedPayloads(host)).toHaveLength(2);
  });

  it.each([['Done'], ['doing'], ['in-progress']])('rejects the status %j with the valid list, uncorrected', async (status) => {
    const host = await startAgentStateHost();
    await recordAll(host, ['add a A']);
    expect(await runAgentState(host, `set a ${status}`)).toEqual([
      { message: formatRejection({ code: 'invalid_status' }, 'person'), type: 'warning' },
    ]);
    expect(savedPayloads(host)).toHaveLength(1);
    expect(await readState(host)).toEqual(snapshotOf({ workItems: [{ id: 'a', content: 'A' }] }));
  });

  it('rebuilds the objective through a new snapshot and keeps the rest', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['objective First', 'add a A', 'objective Second']);
    expect(await readState(host)).toEqual(snapshotOf({ objective: 'Second', workItems: [{ id: 'a', content: 'A' }] }));
  });

  describe('clear', () => {
    it('without --yes reports what it would remove and changes nothing', async () => {
      const host = await startAgentStateHost();
      await recordAll(host, FIRST_SMOKE_RUN);
      expect(await runAgentState(host, 'clear')).toEqual([
        { message: formatClearPreview(EXAMPLE_SNAPSHOT), type: 'info' },
      ]);
      expect(await readState(host)).toEqual(EXAMPLE_SNAPSHOT);
      expect(savedPayloads(host)).toHaveLength(FIRST_SMOKE_RUN.length);
    });

    it('with --yes empties the state and saves the empty state', async () => {
      const host = await startAgentStateHost();
      await recordAll(host, FIRST_SMOKE_RUN);
      expect(await runAgentState(host, 'clear --yes')).toEqual([
        { message: changeText({ kind: 'clear' }, EXAMPLE_SNAPSHOT), type: 'info' },
      ]);
      expect(await readState(host)).toEqual(EMPTY_SNAPSHOT);
      expect(savedPayloads(host).at(-1)).toEqual({
        schemaVersion: 1,
        by: 'person',
        state: { schemaVersion: 1, workItems: [], decisions: [] },
      });
    });
  });

  describe('requests that would change nothing', () => {
    it.each<[string[], string, string]>([
      [['add a A', 'set a done'], 'set a done', formatNoChange({ reason: 'same_status', id: 'a', status: 'done' })],
      [['objective Same'], 'objective Same', formatNoChange({ reason: 'same_objective' })],
      [[], 'clear --yes', formatNoChange({ reason: 'already_empty' })],
      [[], 'clear', formatClearPreview(snapshotOf())],
    ])('after %j, %j says so and appends nothing', async (setup, args, message) => {
      const host = await startAgentStateHost();
      await recordAll(host, setup);
      const entriesBefore = host.session.getEntries().length;
      expect(await runAgentState(host, args)).toEqual([{ message, type: 'info' }]);
      expect(host.session.getEntries()).toHaveLength(entriesBefore);
    });
  });

  describe('limits', () => {
    it.each<[string, string]>([
      [`add ${'x'.repeat(65)} A`, formatRejection({ code: 'invalid_id' }, 'person')],
      ['add id\u001b A', formatRejection({ code: 'invalid_id' }, 'person')],
      [`add a ${'x'.repeat(501)}`, formatRejection({ code: 'invalid_content' }, 'person')],
      [`decide d ${'x'.repeat(501)}`, formatRejection({ code: 'invalid_content' }, 'person')],
      [`objective ${'x'.repeat(501)}`, formatRejection({ code: 'invalid_objective' }, 'person')],
    ])('rejects an over-limit request with a message naming the limit', async (args, message) => {
      const host = await startAgentStateHost();
      expect(await runAgentState(host, args)).toEqual([{ message, type: 'warning' }]);
      expect(savedPayloads(host)).toEqual([]);
    });

    it('accepts a 64-character id and 500 characters of content', async () => {
      const host = await startAgentStateHost();
      await recordAll(host, [`add ${'x'.repeat(64)} ${'y'.repeat(500)}`, `objective ${'z'.repeat(500)}`]);
    });

    it('rejects the 201st work item and the 201st decision', async () => {
      const host = await startAgentStateHost();
      for (let index = 0; index < 200; index += 1) {
        await runAgentState(host, `add w${index} W`);
        await runAgentState(host, `decide d${index} D`);
      }
      expect(savedPayloads(host)).toHaveLength(400);
      expect(await runAgentState(host, 'add one-more W')).toEqual([
        { message: formatRejection({ code: 'work_item_limit' }, 'person'), type: 'warning' },
      ]);
      expect(await runAgentState(host, 'decide one-more D')).toEqual([
        { message: formatRejection({ code: 'decision_limit' }, 'person'), type: 'warning' },
      ]);
      expect(savedPayloads(host)).toHaveLength(400);
    });
  });

  it('escapes terminal control characters from recorded text in what it shows', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['objective \u001b]0;pwned\u0007 goal', 'add a red\u001b[31m text \u202egnp.exe', 'decide d bell\u009b']);
    const [status] = await runAgentState(host, 'status');
    expect(status?.message).toBe(await expectedStatus(host));
    // The listing shows the control characters as escapes, never raw.
    const shown = (status?.message ?? '').split('\n').flatMap((line) => Array.from(line, (character) => character.codePointAt(0) ?? 0));
    expect(shown.filter(isTerminalUnsafe)).toEqual([]);
    // The state keeps the text as given; only the display is escaped.
    expect(savedPayloads(host).at(-1)).toMatchObject({ state: { objective: '\u001b]0;pwned\u0007 goal' } });
  });

  describe('completions', () => {
    it('offer subcommands, existing ids after set and remove, and statuses after set <id>', async () => {
      const host = await startAgentStateHost();
      await recordAll(host, ['add parse P', 'add plan Q']);
      expect(host.getCompletions('agent-state', 're')).toEqual([
        { value: 'remove ', label: 'remove', description: 'remove a work item: remove <id>' },
      ]);
      expect(host.getCompletions('agent-state', 'remove p')).toEqual([
        { value: 'remove parse', label: 'parse' },
        { value: 'remove plan', label: 'plan' },
      ]);
      expect(host.getCompletions('agent-state', 'set pl')).toEqual([{ value: 'set plan ', label: 'plan' }]);
      expect(host.getCompletions('agent-state', 'set plan d')).toEqual([{ value: 'set plan done', label: 'done' }]);
      expect(host.getCompletions('agent-state', 'objective ')).toBeNull();
      expect(host.getCompletions('agent-state', 'set plan done')).toBeNull();
    });
  });

  describe('footer status', () => {
    it('shows the counts while the state is not empty and is cleared when it empties', async () => {
      const host = await startAgentStateHost();
      expect(host.statuses.has('agent-state')).toBe(false);
      await recordAll(host, ['add a A']);
      // An RPC client shows each status by its key: no terminal separator (test/ui/ has the terminal's).
      expect(host.statuses.get('agent-state')).toBe('Agent State 0/1 done');
      await recordAll(host, ['remove a']);
      expect(host.statuses.has('agent-state')).toBe(false);
    });
  });
});
