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

  /** A saved session whose last message is EARLIER_REPLY. */
  async function savedSession(): Promise<string> {
    cli.model().enqueue({ text: EARLIER_REPLY });
    await cli.run(['-p', 'Hello.']);
    const [file] = cli.sandbox().sessionFiles();
    if (file === undefined) throw new Error('Pi saved no session');
    return file;
  }

  it('a command alone in a new session prints nothing, and Pi keeps no file of it', async () => {
    const print = await cli.run(['-p', '/agent-state objective Ship the parser']);
    const json = await cli.run(['--mode', 'json', '/agent-state add parse Parse the arguments']);

    expect(print).toMatchObject({ stdout: '', stderr: '', code: 0 });
    expect(json).toMatchObject({ stderr: '', code: 0 });
    const lines = parseSessionJsonl(json.stdout);
    expect(lines[0]).toMatchObject({ type: 'session' });
    expect(lines.slice(1).map((line) => line.type)).toEqual(printsAppendedEntries ? ['entry_appended'] : []);
    // Pi writes a new session's file with its first model reply: both changes are gone.
    expect(cli.sandbox().sessionFiles()).toEqual([]);
    expect(cli.model().requests()).toHaveLength(0);
  });

  it('a command followed by a prompt in the same run is saved with the new session', async () => {
    cli.model().enqueue({ text: 'Noted.' });

    const result = await cli.run(['-p', '/agent-state objective Ship the parser', 'Carry on.']);

    expect(result).toMatchObject({ stdout: 'Noted.\n', stderr: '' });
    const [file] = cli.sandbox().sessionFiles();
    expect(await savedStates(file ?? '')).toEqual([snapshotOf({ objective: 'Ship the parser' })]);
  });

  it('in a saved session (-c, --session) a change is saved; -p prints the earlier model reply, JSON mode the entry', async () => {
    const file = await savedSession();

    const continued = await cli.run(['-c', '-p', '/agent-state objective Ship the parser']);
    const opened = await cli.run(['--session', file, '--mode', 'json', '/agent-state add parse Parse the arguments']);
    const status = await cli.run(['-c', '-p', '/agent-state status']);
    const history = await cli.run(['-c', '-p', '/agent-state history']);
    const rejected = await cli.run(['-c', '--mode', 'json', '/agent-state set missing done']);

    // Pi prints the last assistant message of the session: not an answer to the command.
    for (const run of [continued, status, history]) {
      expect(run).toMatchObject({ stdout: `${EARLIER_REPLY}\n`, stderr: '', code: 0 });
    }
    const states = [
      snapshotOf({ objective: 'Ship the parser' }),
      snapshotOf({ objective: 'Ship the parser', workItems: [{ id: 'parse', content: 'Parse the arguments' }] }),
    ];
    expect(parseSessionJsonl(opened.stdout).slice(1)).toEqual(
      printsAppendedEntries
        ? [{ type: 'entry_appended', entry: expect.objectContaining({ customType: 'agent-state-state', data: { schemaVersion: 1, by: 'person', state: states[1] } }) as unknown }]
        : [],
    );
    // A rejected command prints nothing of its own and changes nothing.
    expect(parseSessionJsonl(rejected.stdout).map((line) => line.type)).toEqual(['session']);
    expect([opened.stderr, rejected.stderr]).toEqual(['', '']);
    expect(await savedStates(file)).toEqual(states);
    expect(cli.model().requests()).toHaveLength(1);
  });
});
