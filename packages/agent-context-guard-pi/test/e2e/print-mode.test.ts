import { fileURLToPath } from 'node:url';
import { customEntries, describeEachPi, parseSessionJsonl, readSessionJsonl, useCliRuns } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { STATE_ENTRY_TYPE } from '../../src/persistence.js';

// `pi -p` and `pi --mode json` have no UI: a command runs, its reply goes nowhere, and Pi decides
// what is saved. What the README promises about these modes, checked against the real Pi: the oldest
// line, which prints no appended entry in JSON mode, and the newest, which does. That Pi writes a new
// session's file only with its first model reply is the host contract's.

const EXTENSION_PATH = fileURLToPath(new URL('../../dist/extension.js', import.meta.url));
const REPLY = 'Noted.';
const CSV = { id: 'csv', kind: 'goal', content: 'Ship the CSV export', critical: false };
const URL_ITEM = { id: 'url', kind: 'constraint', content: 'Keep the report URL', critical: false };

describeEachPi('agent-context-guard-pi in print and JSON mode', (target) => {
  // `entry_appended` events exist from Pi 0.84; 0.73 prints only the session header for a command.
  const printsAppendedEntries = target.version.label !== '0.73.1';
  const cli = useCliRuns(target, [EXTENSION_PATH]);

  it('prints nothing of its own: JSON mode prints the saved change as an entry, -p then the earlier model reply; both are saved', async () => {
    cli.model().enqueue({ text: REPLY });

    const json = await cli.run(['--mode', 'json', '/context-guard add csv goal Ship the CSV export', 'Hello.']);
    const [file] = cli.sandbox().sessionFiles();
    const print = await cli.run(['-c', '-p', '/context-guard add url constraint Keep the report URL']);

    expect(json).toMatchObject({ stderr: '', code: 0 });
    const appended = parseSessionJsonl(json.stdout).filter((line) => line.type === 'entry_appended');
    expect(appended).toEqual(
      printsAppendedEntries
        ? [{ type: 'entry_appended', entry: expect.objectContaining({ customType: STATE_ENTRY_TYPE, data: { schemaVersion: 1, recovery: 'off', items: [CSV] } }) as unknown }]
        : [],
    );
    // Pi prints the last assistant message of the session: not an answer to the command.
    expect(print).toMatchObject({ stdout: `${REPLY}\n`, stderr: '', code: 0 });
    const saved = customEntries(await readSessionJsonl(file ?? ''), STATE_ENTRY_TYPE);
    expect(saved.map((entry) => (entry['data'] as { items: unknown }).items)).toEqual([[CSV], [CSV, URL_ITEM]]);
  });
});
