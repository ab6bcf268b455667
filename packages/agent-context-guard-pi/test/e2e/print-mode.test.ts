import { fileURLToPath } from 'node:url';
import { customEntries, describeEachPi, parseSessionJsonl, readSessionJsonl, useCliRuns } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { STATE_ENTRY_TYPE } from '../../src/persistence.js';

// `pi -p` and `pi --mode json` have no UI: a command runs, its reply goes nowhere, and Pi decides
// what is saved. What the README promises about these modes, checked against the real Pi.

const EXTENSION_PATH = fileURLToPath(new URL('../../dist/extension.js', import.meta.url));
const EARLIER_REPLY = 'Earlier answer of the model.';
const CSV = { id: 'csv', kind: 'goal', content: 'Ship the CSV export', critical: false };
const URL_ITEM = { id: 'url', kind: 'constraint', content: 'Keep the report URL', critical: false };

describeEachPi('agent-context-guard-pi in print and JSON mode', (target) => {
  // `entry_appended` events exist from Pi 0.84; 0.73 prints only the session header for a command.
  const printsAppendedEntries = target.version.label !== '0.73.1';
  const cli = useCliRuns(target, [EXTENSION_PATH]);

  it('a command alone in a new session prints nothing, and Pi keeps no file of it', async () => {
    const result = await cli.run(['-p', '/context-guard add csv goal Ship the CSV export']);

    expect(result).toMatchObject({ stdout: '', stderr: '', code: 0 });
    expect(cli.sandbox().sessionFiles()).toEqual([]);
  });

  it('in a saved session a change is saved; -p prints the earlier model reply, JSON mode the entry', async () => {
    cli.model().enqueue({ text: EARLIER_REPLY });
    await cli.run(['-p', 'Hello.']);
    const [file] = cli.sandbox().sessionFiles();

    const print = await cli.run(['-c', '-p', '/context-guard add csv goal Ship the CSV export']);
    const json = await cli.run(['-c', '--mode', 'json', '/context-guard add url constraint Keep the report URL']);

    expect(print).toMatchObject({ stdout: `${EARLIER_REPLY}\n`, stderr: '', code: 0 });
    const items = [CSV, URL_ITEM];
    expect(parseSessionJsonl(json.stdout).slice(1)).toEqual(
      printsAppendedEntries
        ? [{ type: 'entry_appended', entry: expect.objectContaining({ customType: STATE_ENTRY_TYPE, data: { schemaVersion: 1, recovery: 'off', items } }) as unknown }]
        : [],
    );
    expect(json.stderr).toBe('');
    const saved = customEntries(await readSessionJsonl(file ?? ''), STATE_ENTRY_TYPE);
    expect(saved.map((entry) => (entry['data'] as { items: unknown }).items)).toEqual([[CSV], items]);
  });
});
