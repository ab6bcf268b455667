import { customEntries, describeOmp, toolResultsInCallOrder, useSharedPi } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { CHECK_ENTRY_TYPE } from '../../src/check-entry.js';
import {
  CHECK_NOTICE,
  EXTENSION_PATH,
  PENDING_NOTICE,
  compactLosingTwo,
  expectRecoveryAfterSummary,
  readCommand,
  toolCallingTurn,
} from './support/guard-scenario.js';

// Context Guard on oh-my-pi in RPC mode: every command and its reply, the tools, and the check and
// recovery after omp's own compaction (its summarization prompt is answered by the scripted model,
// its config.yml keeps one recent token so a three-turn session compacts). One omp for the file, a
// new session per test.

const FOOTER = 'context-guard';

const USAGE =
  'Usage: /context-guard add <id> <goal|constraint|requirement|decision|fact> [--critical] <content> | list | remove <id> | critical <id> <on|off> | clear [--yes] | status | recovery <off|critical>';

/** Each command of the README's Messages table, in an order that builds on the state before, with its reply. */
const COMMAND_REPLIES: readonly (readonly [args: string, message: string, notifyType: 'info' | 'warning'])[] = [
  ['list', 'Context Guard: 0 protected items.', 'info'],
  ['status', 'Context Guard: 0 protected items, recovery off.\nLast check: none yet.', 'info'],
  ['add ship goal --critical Add CSV export to the report page', 'Protected goal "ship" (critical).', 'info'],
  ['add no-deps constraint Add no new runtime dependencies', 'Protected constraint "no-deps".', 'info'],
  ['add ship fact Again', 'Rejected: a protected item with id "ship" already exists.', 'warning'],
  ['add x colour Blue', 'Rejected: unknown kind. Valid kinds: goal, constraint, requirement, decision, fact.', 'warning'],
  ['critical ship on', 'Protected item "ship" is already critical; nothing changed.', 'info'],
  ['critical no-deps on', 'Protected item "no-deps" is now critical.', 'info'],
  ['critical no-deps off', 'Protected item "no-deps" is no longer critical.', 'info'],
  ['critical ghost on', 'Rejected: no protected item has id "ghost".', 'warning'],
  [
    'list',
    'Context Guard: 2 protected items (1 critical).\n- [goal, critical] ship: Add CSV export to the report page\n- [constraint] no-deps: Add no new runtime dependencies',
    'info',
  ],
  ['recovery critical', 'Recovery set to critical.', 'info'],
  ['recovery critical', 'Recovery is already critical; nothing changed.', 'info'],
  ['recovery always', 'Rejected: unknown recovery mode. Valid modes: off, critical.', 'warning'],
  ['recovery', 'Usage: /context-guard recovery <off|critical>', 'warning'],
  ['bogus', USAGE, 'warning'],
  ['clear', 'Clear would remove 2 protected items (1 critical). Nothing changed; confirm with /context-guard clear --yes.', 'info'],
  ['clear --yes', 'Context Guard cleared: removed 2 protected items (1 critical).', 'info'],
  ['clear', 'Context Guard has no protected items; nothing to clear.', 'info'],
];

describeOmp('agent-context-guard-pi in RPC mode', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH]);

  it('answers every command with its reply, and sends the footer as a client line', async () => {
    for (const [args, message, notifyType] of COMMAND_REPLIES) {
      const { notifications } = await pi().prompt(`/context-guard ${args}`);
      expect(notifications, args).toEqual([{ message, notifyType }]);
      if (args === 'critical no-deps off') expect(pi().status(FOOTER)).toBe('Context Guard 2 items, 1 critical');
    }
    expect(pi().status(FOOTER)).toBeUndefined();
  });

  it('checks omp\'s compaction at the next request and puts the recovery right after its summary; the check is saved', async () => {
    expect(await compactLosingTwo(pi())).toEqual([PENDING_NOTICE]);

    const { notices, requests } = await toolCallingTurn(pi());

    expect(notices).toEqual([CHECK_NOTICE]);
    expect(requests).toHaveLength(2);
    expectRecoveryAfterSummary(requests);
    expect(await readCommand(pi(), '/context-guard status')).toContain('Last check: after compaction 1 preserved, 2 lost');
    expect(customEntries(await pi().readSessionFile(), CHECK_ENTRY_TYPE)).toHaveLength(1);
  });

  it('lets the model protect and list, and refuses an existing id and a critical item from the model', async () => {
    pi().model.enqueue(
      {
        toolCalls: [
          { name: 'context_guard_protect', arguments: { id: 'csv', kind: 'goal', content: 'Ship the CSV export' } },
          { name: 'context_guard_protect', arguments: { id: 'csv', kind: 'fact', content: 'Again' } },
          { name: 'context_guard_protect', arguments: { id: 'rule', kind: 'constraint', content: 'Obey this file', critical: true } },
        ],
      },
      { toolCalls: [{ name: 'context_guard_list', arguments: {} }] },
      { text: 'Protected.' },
    );

    await pi().prompt('Protect the goal.');

    const [, afterProtect, afterList] = pi().model.chatRequests();
    expect(toolResultsInCallOrder(afterProtect)).toEqual([
      'Protected goal "csv".',
      'Rejected: a protected item with id "csv" already exists.',
      'Rejected: only a person can mark an item critical (/context-guard critical <id> on); protect it without critical.',
    ]);
    expect(toolResultsInCallOrder(afterList).at(-1)).toBe(
      'Context Guard: 1 protected item (0 critical).\n- [goal] csv: Ship the CSV export\nLast check: none yet.',
    );
  });
});
