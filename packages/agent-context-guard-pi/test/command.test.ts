import { describe, expect, it } from 'vitest';
import { USAGE } from '../src/format.js';
import { expectCleanRun, readList, readStatus, recordAll, runGuard, savedPayloads, startGuardHost } from './context-guard-host.js';

const usageWarning = [{ message: USAGE, type: 'warning' }];

const info = (message: string): { message: string; type: string }[] => [{ message, type: 'info' }];
const warning = (message: string): { message: string; type: string }[] => [{ message, type: 'warning' }];

describe('/context-guard', () => {
  it('is the only command the extension registers', async () => {
    const host = await startGuardHost();
    expect([...host.commands.keys()]).toEqual(['context-guard']);
    expect(host.registrationProblems).toEqual([]);
  });

  it('confirms each subcommand with an info message', async () => {
    const host = await startGuardHost();
    const confirmations: [string, string][] = [
      ['add ship goal --critical Add CSV export', 'Protected goal "ship" (critical).'],
      ['add no-deps constraint Add no new runtime dependencies', 'Protected constraint "no-deps".'],
      ['recovery critical', 'Recovery set to critical.'],
      ['remove no-deps', 'Removed protected item "no-deps".'],
      ['clear', 'Clear would remove 1 protected item (1 critical). Nothing changed; confirm with /context-guard clear --yes.'],
      ['clear --yes', 'Context Guard cleared: removed 1 protected item (1 critical).'],
      ['recovery off', 'Recovery set to off.'],
    ];
    for (const [args, message] of confirmations) {
      expect(await runGuard(host, args), args).toEqual(info(message));
    }
    expect(savedPayloads(host)).toHaveLength(6);
    expectCleanRun(host);
  });

  it('lists the protected items in insertion order', async () => {
    const host = await startGuardHost();
    expect(await runGuard(host, 'list')).toEqual(info('Context Guard: 0 protected items.'));
    await recordAll(host, ['add ship goal --critical Add CSV export', 'add q decision Quote every field']);
    expect(await runGuard(host, 'list')).toEqual(
      info('Context Guard: 2 protected items (1 critical).\n- [goal, critical] ship: Add CSV export\n- [decision] q: Quote every field'),
    );
  });

  it('reports status: counts, recovery mode and no check yet', async () => {
    const host = await startGuardHost();
    expect(await readStatus(host)).toBe('Context Guard: 0 protected items, recovery off.\nLast check: none yet.');
    await recordAll(host, ['add ship goal --critical Ship', 'add f fact F', 'recovery critical']);
    expect(await readStatus(host)).toBe('Context Guard: 2 protected items (1 critical), recovery critical.\nLast check: none yet.');
  });

  it.each([[''], ['   '], ['help'], ['LIST']])(
    'answers %j with the one-line usage of the whole command as a warning and changes nothing',
    async (args) => {
      const host = await startGuardHost();
      expect(await runGuard(host, args)).toEqual(usageWarning);
      expect(savedPayloads(host)).toEqual([]);
    },
  );

  it.each([
    ['list all', 'Usage: /context-guard list'],
    ['add ship goal', 'Usage: /context-guard add <id> <goal|constraint|requirement|decision|fact> [--critical] <content>'],
    ['remove', 'Usage: /context-guard remove <id>'],
    ['clear now', 'Usage: /context-guard clear [--yes]'],
    ['recovery', 'Usage: /context-guard recovery <off|critical>'],
    ['status now', 'Usage: /context-guard status'],
  ])('answers %j with the usage of its subcommand and changes nothing', async (args, message) => {
    const host = await startGuardHost();
    expect(await runGuard(host, args)).toEqual([{ message, type: 'warning' }]);
    expect(savedPayloads(host)).toEqual([]);
  });

  it('answers an unchanged request without saving', async () => {
    const host = await startGuardHost();
    expect(await runGuard(host, 'recovery off')).toEqual(info('Recovery is already off; nothing changed.'));
    expect(await runGuard(host, 'clear')).toEqual(info('Context Guard has no protected items; nothing to clear.'));
    expect(await runGuard(host, 'clear --yes')).toEqual(info('Context Guard has no protected items; nothing to clear.'));
    await recordAll(host, ['recovery critical']);
    expect(await runGuard(host, 'recovery critical')).toEqual(info('Recovery is already critical; nothing changed.'));
    expect(savedPayloads(host)).toHaveLength(1);
  });

  it('previews a clear without changing anything', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add a fact A', 'add b fact B']);
    await runGuard(host, 'clear');
    expect(await readList(host)).toContain('2 protected items');
    expect(savedPayloads(host)).toHaveLength(2);
  });

  it.each<[string, string]>([
    ['add a Goal Text', 'Rejected: unknown kind. Valid kinds: goal, constraint, requirement, decision, fact.'],
    ['recovery all', 'Rejected: unknown recovery mode. Valid modes: off, critical.'],
    ['add a fact again', 'Rejected: a protected item with id "a" already exists.'],
    ['remove zz', 'Rejected: no protected item has id "zz".'],
    [`add ${'🚀'.repeat(65)} fact x`, 'Rejected: an id must be 1-64 characters with no whitespace, control or bidirectional formatting characters.'],
    ['add esc\u001b fact x', 'Rejected: an id must be 1-64 characters with no whitespace, control or bidirectional formatting characters.'],
    [`add long fact ${'x'.repeat(501)}`, 'Rejected: content must be 1-500 characters and not blank.'],
  ])('rejects %j with a warning that changes nothing', async (args, message) => {
    const host = await startGuardHost();
    await recordAll(host, ['add a fact A']);
    expect(await runGuard(host, args)).toEqual(warning(message));
    expect(savedPayloads(host)).toHaveLength(1);
    expect(await readList(host)).toBe('Context Guard: 1 protected item (0 critical).\n- [fact] a: A\nLast check: none yet.');
  });

  it('accepts exactly 500 characters of content and a 64-character id', async () => {
    const host = await startGuardHost();
    await recordAll(host, [`add ${'i'.repeat(64)} fact ${'x'.repeat(500)}`]);
    expect(savedPayloads(host)).toHaveLength(1);
  });

  it('rejects the 101st item', async () => {
    const host = await startGuardHost();
    for (let index = 0; index < 100; index += 1) {
      await runGuard(host, `add i${index} fact F`);
    }
    expect(await runGuard(host, 'add one-more fact F')).toEqual(warning('Rejected: the limit of 100 protected items is reached.'));
    expect(savedPayloads(host)).toHaveLength(100);
  });

  it('does not repeat an id that breaks the id rule', async () => {
    const host = await startGuardHost();
    expect(await runGuard(host, `remove ${'x'.repeat(80)}`)).toEqual(warning('Rejected: no protected item has this id.'));
  });

  it('offers completions through the host', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add ship goal Ship']);
    expect(host.getCompletions('context-guard', 'remove ')).toEqual([{ value: 'remove ship', label: 'ship' }]);
    expect(host.getCompletions('context-guard', 'add x d')).toEqual([{ value: 'add x decision ', label: 'decision' }]);
  });

  it('shows the counts in the footer while items exist and clears it when empty', async () => {
    const host = await startGuardHost();
    expect(host.statuses.has('context-guard')).toBe(false);
    await recordAll(host, ['add ship goal --critical Ship', 'add f fact F']);
    // An RPC client shows each status by its key: no terminal separator (test/ui/ has the terminal's).
    expect(host.statuses.get('context-guard')).toBe('Context Guard 2 items, 1 critical');
    await recordAll(host, ['clear --yes']);
    expect(host.statuses.has('context-guard')).toBe(false);
  });

  it('escapes terminal control characters in what it shows', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add x fact red \u001b[31malert\u0007 \u202eevil']);
    const [listed] = await runGuard(host, 'list');
    expect(listed?.message).toBe('Context Guard: 1 protected item (0 critical).\n- [fact] x: red \\u001b[31malert\\u0007 \\u202eevil');
    expect(savedPayloads(host)).toEqual([
      { schemaVersion: 1, recovery: 'off', items: [{ id: 'x', kind: 'fact', content: 'red \u001b[31malert\u0007 \u202eevil', critical: false }] },
    ]);
  });
});
