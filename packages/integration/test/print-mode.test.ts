import { customEntries, describeEachPi, parseSessionJsonl, readSessionJsonl, useCliRuns } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { snapshotOf } from '../../agent-state-pi/test/snapshots.js';
import { AGENT_STATE_ENTRY_TYPE, CONTEXT_GUARD_ENTRY_TYPE } from './support/adapter-names.js';
import { BOTH_EXTENSIONS } from './support/real-pi-with-both-adapters.js';

// `pi -p` and `pi --mode json` have no UI: a command runs, its reply goes nowhere, and Pi decides what
// is saved. What the READMEs promise about these modes, with both adapters, checked against the real Pi:
// the oldest line, which prints no appended entry in JSON mode, and the newer ones, which do.

const EARLIER_REPLY = 'Earlier answer of the model.';
const CSV = { id: 'csv', kind: 'goal', content: 'Ship the CSV export', critical: false };
const URL_ITEM = { id: 'url', kind: 'constraint', content: 'Keep the report URL', critical: false };

/** The `entry_appended` line JSON mode prints for a saved entry of `customType` holding `data`. */
function appendedLine(customType: string, data: unknown): unknown {
  return { type: 'entry_appended', entry: expect.objectContaining({ customType, data }) as unknown };
}

describeEachPi('both adapters in print and JSON mode', (target) => {
  // `entry_appended` events exist from Pi 0.84; 0.73 prints only the session header for a command.
  const printsAppendedEntries = target.version.label !== '0.73.1';
  const cli = useCliRuns(target, BOTH_EXTENSIONS);

  it('commands alone in a new session are saved nowhere: Pi keeps no file of them, and JSON mode shows their entries from 0.84', async () => {
    const json = await cli.run(['--mode', 'json', '/agent-state add parse Parse the arguments', '/context-guard add csv goal Ship the CSV export']);

    expect(json).toMatchObject({ stderr: '', code: 0 });
    const lines = parseSessionJsonl(json.stdout);
    expect(lines[0]).toMatchObject({ type: 'session' });
    const state = snapshotOf({ workItems: [{ id: 'parse', content: 'Parse the arguments' }] });
    expect(lines.slice(1)).toEqual(
      printsAppendedEntries
        ? [appendedLine(AGENT_STATE_ENTRY_TYPE, { schemaVersion: 1, by: 'person', state }), appendedLine(CONTEXT_GUARD_ENTRY_TYPE, { schemaVersion: 1, recovery: 'off', items: [CSV] })]
        : [],
    );
    // Pi writes a new session's file with its first model reply: the changes are gone.
    expect(cli.sandbox().sessionFiles()).toEqual([]);
    expect(cli.model().requests()).toHaveLength(0);
  });

  it('-p prints nothing of a command; with a prompt it is saved with the new session, and in a saved session (-c, --session) a change is saved, JSON mode printing its entry', async () => {
    cli.model().enqueue({ text: EARLIER_REPLY });
    const first = await cli.run(['-p', '/agent-state objective Ship the parser', '/context-guard add csv goal Ship the CSV export', 'Carry on.']);
    const [file = ''] = cli.sandbox().sessionFiles();

    const continued = await cli.run(['-c', '-p', '/agent-state add docs Write the docs', '/context-guard add url constraint Keep the report URL', '/agent-state status', '/agent-state history']);
    // The second command is rejected: it prints nothing of its own and changes nothing.
    const opened = await cli.run(['--session', file, '--mode', 'json', '/agent-state add parse Parse the arguments', '/agent-state set missing done']);

    // Pi prints the last assistant message of the session: not an answer to a command.
    for (const run of [first, continued]) {
      expect(run).toMatchObject({ stdout: `${EARLIER_REPLY}\n`, stderr: '', code: 0 });
    }
    const states = [
      snapshotOf({ objective: 'Ship the parser' }),
      snapshotOf({ objective: 'Ship the parser', workItems: [{ id: 'docs', content: 'Write the docs' }] }),
      snapshotOf({ objective: 'Ship the parser', workItems: [{ id: 'docs', content: 'Write the docs' }, { id: 'parse', content: 'Parse the arguments' }] }),
    ];
    expect(parseSessionJsonl(opened.stdout).slice(1)).toEqual(printsAppendedEntries ? [appendedLine(AGENT_STATE_ENTRY_TYPE, { schemaVersion: 1, by: 'person', state: states[2] })] : []);
    expect(opened.stderr).toBe('');
    const saved = await readSessionJsonl(file);
    expect(customEntries(saved, AGENT_STATE_ENTRY_TYPE).map((entry) => (entry['data'] as { state: unknown }).state)).toEqual(states);
    expect(customEntries(saved, CONTEXT_GUARD_ENTRY_TYPE).map((entry) => (entry['data'] as { items: unknown }).items)).toEqual([[CSV], [CSV, URL_ITEM]]);
    expect(cli.model().requests()).toHaveLength(1);
  });
});
