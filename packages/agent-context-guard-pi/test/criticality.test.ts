import { describe, expect, it } from 'vitest';
import { formatNoChange, formatRejection, formatUsage } from '../src/format.js';
import { formatFooter } from '../src/ui/footer.js';
import { readGuard, recordAll, runGuard, savedPayloads, startGuardHost } from './context-guard-host.js';
import { changeText, guardState } from './expected-messages.js';

// Criticality decides what is restated to the model after a compaction, so only a person sets it:
// `add ... --critical` or `critical <id> on|off`. The protect tool has no such parameter.

const SHIP = { id: 'ship', kind: 'goal', content: 'Add CSV export', critical: false };

describe('/context-guard critical <id> on|off', () => {
  it('makes an existing item critical or not without retyping it, in place, and saves the change once', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add ship goal Add CSV export', 'add q decision Quote every field']);

    expect(await runGuard(host, 'critical ship on')).toEqual([{ message: changeText({ kind: 'set_critical', id: 'ship', critical: true }), type: 'info' }]);
    const shipCritical = guardState([
      ['ship', 'goal', 'Add CSV export', true],
      ['q', 'decision', 'Quote every field'],
    ]);
    expect(await readGuard(host)).toEqual(shipCritical);
    // The host is an RPC client: its footer carries no terminal separator.
    expect(host.statuses.get('context-guard')).toBe(formatFooter(shipCritical));
    expect(await runGuard(host, 'critical ship off')).toEqual([{ message: changeText({ kind: 'set_critical', id: 'ship', critical: false }), type: 'info' }]);
    expect(savedPayloads(host).slice(-2)).toEqual([
      { schemaVersion: 1, recovery: 'off', items: [{ ...SHIP, critical: true }, { id: 'q', kind: 'decision', content: 'Quote every field', critical: false }] },
      { schemaVersion: 1, recovery: 'off', items: [SHIP, { id: 'q', kind: 'decision', content: 'Quote every field', critical: false }] },
    ]);
  });

  it('says when nothing changes and saves nothing', async () => {
    const host = await startGuardHost();
    await recordAll(host, ['add ship goal --critical Add CSV export']);
    const saved = savedPayloads(host).length;
    expect(await runGuard(host, 'critical ship on')).toEqual([
      { message: formatNoChange({ reason: 'same_critical', id: 'ship', critical: true }), type: 'info' },
    ]);
    await runGuard(host, 'critical ship off');
    expect(await runGuard(host, 'critical ship off')).toEqual([
      { message: formatNoChange({ reason: 'same_critical', id: 'ship', critical: false }), type: 'info' },
    ]);
    expect(savedPayloads(host)).toHaveLength(saved + 1);
  });

  it('refuses an unknown id and changes nothing', async () => {
    const host = await startGuardHost();
    expect(await runGuard(host, 'critical ship on')).toEqual([{ message: formatRejection({ code: 'unknown_item', id: 'ship', recorded: [] }, 'person'), type: 'warning' }]);
    expect(savedPayloads(host)).toEqual([]);
  });

  it.each([['critical'], ['critical ship'], ['critical ship yes'], ['critical ship ON'], ['critical ship on now']])(
    'answers %j with the usage of critical alone',
    async (args) => {
      const host = await startGuardHost();
      await recordAll(host, ['add ship goal Add CSV export']);
      expect(await runGuard(host, args)).toEqual([{ message: formatUsage('critical'), type: 'warning' }]);
      expect(savedPayloads(host)).toHaveLength(1);
    },
  );
});
