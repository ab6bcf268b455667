import { describe, expect, it } from 'vitest';
import { USAGE, formatClearPreview, formatList, formatRejection, formatUsage } from '../src/format.js';
import { recordAll, runGuard, savedPayloads, startGuardHost } from './context-guard-host.js';
import { guardState, statusText } from './expected-messages.js';

// What `/context-guard` answers, one request of each kind that changes nothing (the grammar is
// parse-command.test.ts's). Every change it makes, and every rejection of one, is the rules' outcome in
// the formatter's words over random sessions (session-properties.test.ts).

const SHIP = guardState([['ship', 'goal', 'Add CSV export', true]]);

describe('/context-guard', () => {
  it('is the only command the extension registers, beside its two tools', async () => {
    const host = await startGuardHost();
    expect([...host.commands.keys()]).toEqual(['context-guard']);
    expect([...host.tools.keys()]).toEqual(['context_guard_list', 'context_guard_protect']);
    expect(host.registrationProblems).toEqual([]);
  });

  it.each<[args: string, message: string, type: 'info' | 'warning']>([
    // A question: the one-line usage of the whole command; anything it cannot read, a warning.
    ['help', USAGE, 'info'],
    ['LIST', USAGE, 'warning'],
    ['list all', formatUsage('list'), 'warning'],
    ['list', formatList(SHIP), 'info'],
    ['status', statusText(SHIP), 'info'],
    ['clear', formatClearPreview(SHIP), 'info'],
    ['add a Goal Text', formatRejection({ code: 'invalid_kind' }, 'person'), 'warning'],
    ['recovery all', formatRejection({ code: 'invalid_recovery' }, 'person'), 'warning'],
  ])('answers %j with one notification and saves nothing', async (args, message, type) => {
    const host = await startGuardHost();
    await recordAll(host, ['add ship goal --critical Add CSV export']);
    expect(await runGuard(host, args)).toEqual([{ message, type }]);
    expect(savedPayloads(host)).toHaveLength(1);
  });

  it('offers completions through the host', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add ship goal Ship']);
    expect(host.getCompletions('context-guard', 'remove ')).toEqual([{ value: 'remove ship', label: 'ship' }]);
    expect(host.getCompletions('context-guard', 'add x d')).toEqual([{ value: 'add x decision ', label: 'decision' }]);
  });
});
