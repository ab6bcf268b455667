import { customEntries, describeOmp, useSharedPi, type SessionFileEntry } from '@j1nn0/pi-real-hosts';
import { FOOTER_CHECK_PENDING, formatFooter } from '../../src/ui/footer.js';
import { expect, it } from 'vitest';
import { CHECK_ENTRY_TYPE, restoreCheckFromBranch } from '../../src/check-entry.js';
import { USAGE, formatLastCheck, formatRejection } from '../../src/format.js';
import { changeText, guardState, protectedText } from '../expected-messages.js';
import {
  CHECK_NOTICE,
  EXTENSION_PATH,
  GUARD,
  PENDING_NOTICE,
  compactLosingTwo,
  expectRecoveryAfterSummary,
  readCommand,
  toolCallingTurn,
} from './support/guard-scenario.js';

// Context Guard on oh-my-pi in RPC mode: what its client gets of the replies and the footer, and where the
// recovery sits after omp's own compaction (its summarization prompt is answered by the scripted model,
// its config.yml keeps one recent token so a three-turn session compacts). How omp runs the model's tool
// calls is the host contract's; both adapters' run on omp checks a compaction once across a restart
// (integration's both-adapters-on-every-host). One omp for the file, a new session per test.

const FOOTER = 'context-guard';

/** The newest check saved on the session file's branch, read by the adapter's own reader. */
function savedCheck(entries: readonly SessionFileEntry[]): ReturnType<typeof restoreCheckFromBranch> {
  return restoreCheckFromBranch(entries as never);
}

const TWO_ITEMS = guardState([
  ['ship', 'goal', 'Add CSV export to the report page', true],
  ['no-deps', 'constraint', 'Add no new runtime dependencies'],
]);

/**
 * A command of each kind of answer a client shows: a change, a rejection (a warning), a usage hint and a
 * clear. The grammar and every reply are the fast tier's (command.test.ts); this is what reaches omp's client.
 */
const COMMAND_REPLIES: readonly (readonly [args: string, message: string, notifyType: 'info' | 'warning'])[] = [
  ['add ship goal --critical Add CSV export to the report page', protectedText('ship', 'goal', true), 'info'],
  ['add no-deps constraint Add no new runtime dependencies', protectedText('no-deps', 'constraint'), 'info'],
  ['add ship fact Again', formatRejection({ code: 'duplicate_item', id: 'ship' }, 'person'), 'warning'],
  ['bogus', USAGE, 'warning'],
  ['clear --yes', changeText({ kind: 'clear' }, TWO_ITEMS), 'info'],
];

describeOmp('agent-context-guard-pi in RPC mode', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH]);

  it('answers every command with its reply, and sends the footer as a client line', async () => {
    for (const [args, message, notifyType] of COMMAND_REPLIES) {
      const { notifications } = await pi().prompt(`/context-guard ${args}`);
      expect(notifications, args).toEqual([{ message, notifyType }]);
      if (args === 'add no-deps constraint Add no new runtime dependencies') expect(pi().status(FOOTER)).toBe(formatFooter(TWO_ITEMS));
    }
    expect(pi().status(FOOTER)).toBeUndefined();
  });

  it('checks omp\'s compaction at the next request and puts the recovery right after its summary; the check is saved', async () => {
    expect(await compactLosingTwo(pi())).toEqual([PENDING_NOTICE]);
    expect(pi().status(FOOTER)).toBe(FOOTER_CHECK_PENDING);

    const { notices, requests } = await toolCallingTurn(pi());

    expect(notices).toEqual([CHECK_NOTICE]);
    expect(pi().status(FOOTER)).toBe(formatFooter(GUARD));
    expect(requests).toHaveLength(2);
    expectRecoveryAfterSummary(requests);
    expect(await readCommand(pi(), '/context-guard status')).toContain(formatLastCheck(savedCheck(await pi().readSessionFile())));
    expect(customEntries(await pi().readSessionFile(), CHECK_ENTRY_TYPE)).toHaveLength(1);
  });
});
