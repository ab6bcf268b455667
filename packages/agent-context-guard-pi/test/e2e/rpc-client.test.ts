import { fileURLToPath } from 'node:url';
import { describeEachPi, useSharedRpcClient } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { USAGE, formatList, formatRejection } from '../../src/format.js';
import { formatFooter } from '../../src/ui/footer.js';
import { changeText, guardState, protectedText } from '../expected-messages.js';

const LOC_ONLY = guardState([['loc', 'fact', 'The exporter lives in export.ts']]);
const SHIP_AND_LOC = guardState([['ship', 'goal', 'Ship the CSV export', true], ['loc', 'fact', 'The exporter lives in export.ts']]);

// Context Guard as an editor integration meets it: Pi's own RpcClient, imported from the Pi package
// under test, gets the footer (without the terminal's separator) and every reply as a notification.

const EXTENSION_PATH = fileURLToPath(new URL('../../dist/extension.js', import.meta.url));
const FOOTER = 'context-guard';

describeEachPi('context-guard-pi in an RPC client', (target) => {
  const client = useSharedRpcClient(target, [EXTENSION_PATH]);

  /** Runs `/context-guard <args>` and returns the replies it notified. */
  async function run(args: string): Promise<string[]> {
    return (await client().notifiedBy(`/context-guard ${args}`)).map((notification) => notification.message);
  }

  it('receives every reply as a notification and the footer without a terminal separator, following every change until a new session', async () => {
    const pi = client();
    expect(pi.status(FOOTER)).toBeUndefined();
    expect(await run('add ship goal --critical Ship the CSV export')).toEqual([protectedText('ship', 'goal', true)]);
    expect(pi.status(FOOTER)).toBe(formatFooter(guardState([['ship', 'goal', 'Ship the CSV export', true]])));
    expect(await run('add loc fact The exporter lives in export.ts')).toEqual([protectedText('loc', 'fact')]);
    expect(pi.status(FOOTER)).toBe(formatFooter(SHIP_AND_LOC));
    expect(await run('remove ship')).toEqual([changeText({ kind: 'remove', id: 'ship' })]);
    expect(pi.status(FOOTER)).toBe(formatFooter(LOC_ONLY));
    expect(await run('list')).toEqual([formatList(LOC_ONLY)]);
    expect(await run('remove nope')).toEqual([formatRejection({ code: 'unknown_item', id: 'nope', recorded: ['loc'] }, 'person')]);
    expect(await run('frobnicate')).toEqual([USAGE]);
    expect(await run('clear --yes')).toEqual([changeText({ kind: 'clear' }, LOC_ONLY)]);
    expect(pi.status(FOOTER)).toBeUndefined();
    await run('add loc fact The exporter lives in export.ts');
    expect(pi.status(FOOTER)).toBe(formatFooter(LOC_ONLY));
    await pi.client.newSession();
    expect(pi.status(FOOTER)).toBeUndefined();
    expect(pi.statusUpdates(FOOTER).filter((update) => update.text?.includes('│') === true)).toEqual([]);
  });
});
