import { describe, expect, it } from 'vitest';
import { isTerminalUnsafe } from '@j1nn0/pi-adapter-kit';
import {
  USAGE,
  formatClearPreview,
  formatList,
  formatNoChange,
  formatRejection,
  formatUsage,
} from '../src/format.js';
import { formatFooter } from '../src/ui/footer.js';
import { expectCleanRun, readGuard, readStatus, recordAll, runGuard, savedPayloads, startGuardHost } from './context-guard-host.js';
import { changeText, guardState, protectedText, statusText } from './expected-messages.js';

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
    const shipOnly = guardState([['ship', 'goal', 'Add CSV export', true]], 'critical');
    const confirmations: [string, string][] = [
      ['add ship goal --critical Add CSV export', protectedText('ship', 'goal', true)],
      ['add no-deps constraint Add no new runtime dependencies', protectedText('no-deps', 'constraint')],
      ['recovery critical', changeText({ kind: 'set_recovery', recovery: 'critical' })],
      ['remove no-deps', changeText({ kind: 'remove', id: 'no-deps' })],
      ['clear', formatClearPreview(shipOnly)],
      ['clear --yes', changeText({ kind: 'clear' }, shipOnly)],
      ['recovery off', changeText({ kind: 'set_recovery', recovery: 'off' })],
    ];
    for (const [args, message] of confirmations) {
      expect(await runGuard(host, args), args).toEqual(info(message));
    }
    expect(savedPayloads(host)).toHaveLength(6);
    expectCleanRun(host);
  });

  it('lists the protected items in insertion order', async () => {
    const host = await startGuardHost();
    expect(await runGuard(host, 'list')).toEqual(info(formatList(guardState([]))));
    await recordAll(host, ['add ship goal --critical Add CSV export', 'add q decision Quote every field']);
    expect(await runGuard(host, 'list')).toEqual(
      info(
        formatList(
          guardState([
            ['ship', 'goal', 'Add CSV export', true],
            ['q', 'decision', 'Quote every field'],
          ]),
        ),
      ),
    );
  });

  it('reports status: counts, recovery mode and no check yet', async () => {
    const host = await startGuardHost();
    expect(await readStatus(host)).toBe(statusText(guardState([])));
    await recordAll(host, ['add ship goal --critical Ship', 'add f fact F', 'recovery critical']);
    expect(await readStatus(host)).toBe(
      statusText(
        guardState(
          [
            ['ship', 'goal', 'Ship', true],
            ['f', 'fact', 'F'],
          ],
          'critical',
        ),
      ),
    );
  });

  it.each([[''], ['   '], ['help']])('answers %j, a question, with the one-line usage of the whole command as information', async (args) => {
    const host = await startGuardHost();
    expect(await runGuard(host, args)).toEqual([{ message: USAGE, type: 'info' }]);
    expect(savedPayloads(host)).toEqual([]);
  });

  it('answers an unknown subcommand, with the one-line usage of the whole command as a warning and changes nothing', async () => {
    const host = await startGuardHost();
    expect(await runGuard(host, 'LIST')).toEqual(usageWarning);
    expect(savedPayloads(host)).toEqual([]);
  });

  it.each([
    ['list all', formatUsage('list')],
    ['add ship goal', formatUsage('add')],
    ['remove', formatUsage('remove')],
    ['clear now', formatUsage('clear')],
    ['recovery', formatUsage('recovery')],
    ['status now', formatUsage('status')],
  ])('answers %j with the usage of its subcommand and changes nothing', async (args, message) => {
    const host = await startGuardHost();
    expect(await runGuard(host, args)).toEqual([{ message, type: 'warning' }]);
    expect(savedPayloads(host)).toEqual([]);
  });

  it('answers an unchanged request without saving', async () => {
    const host = await startGuardHost();
    expect(await runGuard(host, 'recovery off')).toEqual(info(formatNoChange({ reason: 'same_recovery', recovery: 'off' })));
    expect(await runGuard(host, 'clear')).toEqual(info(formatClearPreview(guardState([]))));
    expect(await runGuard(host, 'clear --yes')).toEqual(info(formatNoChange({ reason: 'already_empty' })));
    await recordAll(host, ['recovery critical']);
    expect(await runGuard(host, 'recovery critical')).toEqual(info(formatNoChange({ reason: 'same_recovery', recovery: 'critical' })));
    expect(savedPayloads(host)).toHaveLength(1);
  });

  it('previews a clear without changing anything', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add a fact A', 'add b fact B']);
    await runGuard(host, 'clear');
    expect(await readGuard(host)).toEqual(
      guardState([
        ['a', 'fact', 'A'],
        ['b', 'fact', 'B'],
      ]),
    );
    expect(savedPayloads(host)).toHaveLength(2);
  });

  it.each<[string, string]>([
    ['add a Goal Text', formatRejection({ code: 'invalid_kind' }, 'person')],
    ['recovery all', formatRejection({ code: 'invalid_recovery' }, 'person')],
    ['add a fact again', formatRejection({ code: 'duplicate_item', id: 'a' }, 'person')],
    ['remove zz', formatRejection({ code: 'unknown_item', id: 'zz', recorded: ['a'] }, 'person')],
    [`add ${'🚀'.repeat(65)} fact x`, formatRejection({ code: 'invalid_id' }, 'person')],
    ['add esc\u001b fact x', formatRejection({ code: 'invalid_id' }, 'person')],
    [`add long fact ${'x'.repeat(501)}`, formatRejection({ code: 'invalid_content' }, 'person')],
  ])('rejects %j with a warning that changes nothing', async (args, message) => {
    const host = await startGuardHost();
    await recordAll(host, ['add a fact A']);
    expect(await runGuard(host, args)).toEqual(warning(message));
    expect(savedPayloads(host)).toHaveLength(1);
    expect(await readGuard(host)).toEqual(guardState([['a', 'fact', 'A']]));
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
    expect(await runGuard(host, 'add one-more fact F')).toEqual(warning(formatRejection({ code: 'item_limit' }, 'person')));
    expect(savedPayloads(host)).toHaveLength(100);
  });

  it('does not repeat an id that breaks the id rule', async () => {
    const host = await startGuardHost();
    expect(await runGuard(host, `remove ${'x'.repeat(80)}`)).toEqual(warning(formatRejection({ code: 'unknown_item', id: 'x'.repeat(80), recorded: [] }, 'person')));
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
    expect(host.statuses.get('context-guard')).toBe(
      formatFooter(
        guardState([
          ['ship', 'goal', 'Ship', true],
          ['f', 'fact', 'F'],
        ]),
      ),
    );
    await recordAll(host, ['clear --yes']);
    expect(host.statuses.has('context-guard')).toBe(false);
  });

  it('escapes terminal control characters in what it shows', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add x fact red \u001b[31malert\u0007 \u202eevil']);
    const [listed] = await runGuard(host, 'list');
    expect(listed?.message).toBe(formatList(guardState([['x', 'fact', 'red \u001b[31malert\u0007 \u202eevil']])));
    // The list shows the control characters as escapes, never raw.
    const shown = (listed?.message ?? '').split('\n').flatMap((line) => Array.from(line, (character) => character.codePointAt(0) ?? 0));
    expect(shown.filter(isTerminalUnsafe)).toEqual([]);
    expect(savedPayloads(host)).toEqual([
      { schemaVersion: 1, recovery: 'off', items: [{ id: 'x', kind: 'fact', content: 'red \u001b[31malert\u0007 \u202eevil', critical: false }] },
    ]);
  });
});
