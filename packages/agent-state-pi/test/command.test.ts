import { describe, expect, it } from 'vitest';
import { USAGE, formatClearPreview, formatNoChange, formatRejection, formatUsage } from '../src/format.js';
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

// What `/agent-state` adds to the rules (mutations.ts, parse-command.test.ts): each line is parsed, a
// change is saved and confirmed as information, and anything else is answered without saving: a
// question with the usage as information, what cannot be read or is refused as a warning.

describe('/agent-state', () => {
  it('is the only command the extension registers', async () => {
    const host = await startAgentStateHost();
    expect([...host.commands.keys()]).toEqual(['agent-state']);
    expect(host.registrationProblems).toEqual([]);
  });

  it('records the first smoke run, confirms each change as information, and lists it in insertion order', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);
    expect(await readState(host)).toEqual(EXAMPLE_SNAPSHOT);
    expect(await runAgentState(host, 'status')).toEqual([{ message: await expectedStatus(host), type: 'info' }]);
    expect(savedPayloads(host)).toHaveLength(FIRST_SMOKE_RUN.length);
    expectCleanRun(host);
  });

  it("confirms each subcommand's change in the formatter's words", async () => {
    const host = await startAgentStateHost();
    const confirmations: [string, string][] = [
      ['objective Ship it', changeText({ kind: 'set_objective', objective: 'Ship it' })],
      ['add a First item', addedText('a')],
      ['set a blocked', statusChangeText('a', 'open', 'blocked')],
      ['decide d1 Use typebox', decidedText('d1')],
      ['remove a', changeText({ kind: 'remove_work_item', id: 'a' })],
      ['clear --yes', changeText({ kind: 'clear' }, snapshotOf({ objective: 'Ship it', decisions: [{ id: 'd1', content: 'Use typebox' }] }))],
    ];
    for (const [args, message] of confirmations) {
      expect(await runAgentState(host, args), args).toEqual([{ message, type: 'info' }]);
    }
    expect(savedPayloads(host).at(-1)).toEqual({ schemaVersion: 1, by: 'person', state: { schemaVersion: 1, workItems: [], decisions: [] } });
  });

  // After `add a A` and `decide d D`: every answer below saves nothing.
  it.each<[string, string, 'info' | 'warning']>([
    ['', USAGE, 'info'],
    ['help', USAGE, 'info'],
    ['STATUS', USAGE, 'warning'],
    ['set a', formatUsage('set'), 'warning'],
    ['add "my item" Quoted', formatRejection({ code: 'quoted_id' }, 'person'), 'warning'],
    ['set a Done', formatRejection({ code: 'invalid_status' }, 'person'), 'warning'],
    ['add a again', formatRejection({ code: 'duplicate_work_item', id: 'a', status: 'open' }, 'person'), 'warning'],
    ['remove missing', formatRejection({ code: 'unknown_work_item', id: 'missing', recorded: ['a'] }, 'person'), 'warning'],
    [`objective ${'x'.repeat(501)}`, formatRejection({ code: 'invalid_objective' }, 'person'), 'warning'],
    ['set a open', formatNoChange({ reason: 'same_status', id: 'a', status: 'open' }), 'info'],
    ['clear', formatClearPreview(snapshotOf({ workItems: [{ id: 'a', content: 'A' }], decisions: [{ id: 'd', content: 'D' }] })), 'info'],
  ])('answers %j with one notice and saves nothing', async (args, message, type) => {
    const host = await startAgentStateHost();
    await recordAll(host, ['add a A', 'decide d D']);
    const entries = host.session.getEntries().length;
    expect(await runAgentState(host, args)).toEqual([{ message, type }]);
    expect(host.session.getEntries()).toHaveLength(entries);
  });

  it('says an empty state has nothing to clear, with or without --yes', async () => {
    const host = await startAgentStateHost();
    expect(await runAgentState(host, 'clear')).toEqual([{ message: formatClearPreview(EMPTY_SNAPSHOT), type: 'info' }]);
    expect(await runAgentState(host, 'clear --yes')).toEqual([{ message: formatNoChange({ reason: 'already_empty' }), type: 'info' }]);
    expect(savedPayloads(host)).toEqual([]);
  });

  it('completes subcommands, the ids recorded in the session after set and remove, and statuses after set <id>', async () => {
    const host = await startAgentStateHost();
    await recordAll(host, ['add parse P', 'add plan Q']);
    expect(host.getCompletions('agent-state', 're')).toEqual([{ value: 'remove ', label: 'remove', description: 'remove a work item: remove <id>' }]);
    expect(host.getCompletions('agent-state', 'remove p')).toEqual([
      { value: 'remove parse', label: 'parse' },
      { value: 'remove plan', label: 'plan' },
    ]);
    expect(host.getCompletions('agent-state', 'set plan d')).toEqual([{ value: 'set plan done', label: 'done' }]);
    expect(host.getCompletions('agent-state', 'set plan done')).toBeNull();
  });
});
