import { describeEachPi, parseSessionJsonl, readSessionJsonl, useCliRuns } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { snapshotOf } from '../snapshots.js';
import { EXTENSION_PATH, stateEntries } from './support/real-pi.js';

// `pi -p` and `pi --mode json` have no UI: a command runs, its reply goes nowhere, and Pi decides
// what is saved. What the README promises about these modes, checked against the real Pi.

const EARLIER_REPLY = 'Earlier answer of the model.';

async function savedStates(file: string): Promise<unknown[]> {
  return stateEntries(await readSessionJsonl(file)).map((entry) => (entry['data'] as { state: unknown }).state);
}

describeEachPi('agent-state-pi in print and JSON mode', (target) => {
  // `entry_appended` events exist from Pi 0.84; 0.73 prints only the session header for a command.
  const printsAppendedEntries = target.version.label !== '0.73.1';
  const cli = useCliRuns(target, [EXTENSION_PATH]);

  it('a command alone in a new session is saved nowhere: Pi keeps no file of it, and JSON mode shows its entry from 0.84', async () => {
    const json = await cli.run(['--mode', 'json', '/agent-state add parse Parse the arguments']);

    expect(json).toMatchObject({ stderr: '', code: 0 });
    const lines = parseSessionJsonl(json.stdout);
    expect(lines[0]).toMatchObject({ type: 'session' });
    expect(lines.slice(1).map((line) => line.type)).toEqual(printsAppendedEntries ? ['entry_appended'] : []);
    // Pi writes a new session's file with its first model reply: the change is gone.
    expect(cli.sandbox().sessionFiles()).toEqual([]);
    expect(cli.model().requests()).toHaveLength(0);
  });

  it('-p prints nothing of a command; with a prompt it is saved with the new session, and in a saved session (-c, --session) a change is saved, JSON mode printing its entry', async () => {
    cli.model().enqueue({ text: EARLIER_REPLY });
    const first = await cli.run(['-p', '/agent-state objective Ship the parser', 'Carry on.']);
    const [file = ''] = cli.sandbox().sessionFiles();

    const continued = await cli.run(['-c', '-p', '/agent-state add docs Write the docs', '/agent-state status', '/agent-state history']);
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
    expect(parseSessionJsonl(opened.stdout).slice(1)).toEqual(
      printsAppendedEntries
        ? [{ type: 'entry_appended', entry: expect.objectContaining({ customType: 'agent-state-state', data: { schemaVersion: 1, by: 'person', state: states[2] } }) as unknown }]
        : [],
    );
    expect(opened.stderr).toBe('');
    expect(await savedStates(file)).toEqual(states);
    expect(cli.model().requests()).toHaveLength(1);
  });
});
