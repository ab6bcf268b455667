import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECK_ENTRY_TYPE, readCheckPayload, toCheckPayload, type CompactionCheck } from '../src/check-entry.js';
import { PROTECT_TWO, readGuard, readStatus, recordAll, startGuardHost } from './context-guard-host.js';
import { guardState, statusText } from './expected-messages.js';

/** What PROTECT_TWO records. */
const TWO_PROTECTED = guardState([
  ['ship', 'goal', 'Add CSV export to the report page', true],
  ['no-deps', 'constraint', 'Add no new runtime dependencies'],
]);

const LOST_SHIP: CompactionCheck = {
  kind: 'verified',
  compactionId: 'c0ffee01',
  ok: false,
  preserved: 1,
  changed: [],
  lost: [{ id: 'ship', critical: true }],
  unknown: [],
  restored: 0,
  restoredIds: [],
};

describe('an unreadable saved check', () => {
  it('counts as none, and the items still restore without a warning', async () => {
    const host = await startGuardHost();
    await recordAll(host, PROTECT_TWO);
    host.session.appendEntry(CHECK_ENTRY_TYPE, { schemaVersion: 1, check: { kind: 'verified', lost: 'ship' } });
    await host.restart();
    expect(host.takeNotifications()).toEqual([]);
    expect(await readGuard(host)).toEqual(TWO_PROTECTED);
    expect(await readStatus(host)).toBe(statusText(TWO_PROTECTED));
  });
});

describe('reading a saved check', () => {
  it.each([
    [undefined, 'missing_payload'],
    [{ schemaVersion: 2, check: { kind: 'unverifiable', compactionId: 'c0ffee01' } }, 'unsupported_version'],
    [{ schemaVersion: 1 }, 'malformed_payload'],
    [{ schemaVersion: 1, check: { ...LOST_SHIP, preserved: -1 } }, 'malformed_payload'],
    [{ schemaVersion: 1, check: { ...LOST_SHIP, lost: [{ id: 'ship' }] } }, 'malformed_payload'],
    [{ schemaVersion: 1, check: { ...LOST_SHIP, compactionId: 7 } }, 'malformed_payload'],
    [{ schemaVersion: 1, check: { kind: 'unverifiable', compactionId: null } }, 'malformed_payload'],
    [{ schemaVersion: 1, check: { kind: 'unverifiable' } }, 'malformed_payload'],
    [{ schemaVersion: 1, check: { ...LOST_SHIP, compactionId: undefined } }, 'malformed_payload'],
    [{ schemaVersion: 1, check: { ...LOST_SHIP, restoredIds: undefined } }, 'malformed_payload'],
    [{ schemaVersion: 1, check: { ...LOST_SHIP, restoredIds: ['ship'] } }, 'malformed_payload'],
    [{ schemaVersion: 1, check: { ...LOST_SHIP, restored: 1, restoredIds: [1] } }, 'malformed_payload'],
  ])('refuses %j as %s', (data, problem) => {
    expect(readCheckPayload(data)).toEqual({ ok: false, problem });
  });

  it('reads back what it saves', () => {
    const restoring: CompactionCheck = { ...LOST_SHIP, restored: 1, restoredIds: ['ship'] };
    expect(readCheckPayload(toCheckPayload(LOST_SHIP))).toEqual({ ok: true, value: LOST_SHIP });
    expect(readCheckPayload(toCheckPayload(restoring))).toEqual({ ok: true, value: restoring });
    expect(readCheckPayload(toCheckPayload({ kind: 'unverifiable', compactionId: 'c0ffee01' }))).toEqual({
      ok: true,
      value: { kind: 'unverifiable', compactionId: 'c0ffee01' },
    });
  });

  it('never throws on any saved data, and what it reads saves and reads back unchanged', () => {
    const checkedItem = fc.record({ id: fc.string(), critical: fc.boolean() });
    const nearlyCheck = fc.record(
      {
        kind: fc.constantFrom('verified', 'unverifiable', 'other'),
        ok: fc.oneof(fc.boolean(), fc.anything()),
        preserved: fc.oneof(fc.nat(), fc.integer(), fc.anything()),
        changed: fc.oneof(fc.array(checkedItem), fc.anything()),
        lost: fc.oneof(fc.array(checkedItem), fc.anything()),
        unknown: fc.oneof(fc.array(checkedItem), fc.anything()),
        restored: fc.oneof(fc.nat(), fc.anything()),
        compactionId: fc.oneof(fc.string(), fc.anything()),
        restoredIds: fc.oneof(fc.array(fc.string()), fc.anything()),
      },
      { requiredKeys: [] },
    );
    const data = fc.oneof(fc.anything(), fc.record({ schemaVersion: fc.constantFrom(1, 2, '1'), check: fc.oneof(nearlyCheck, fc.anything()) }));
    fc.assert(
      fc.property(data, (saved) => {
        const read = readCheckPayload(saved);
        if (read.ok) {
          // Session entries are JSON, which has no -0: compare as the file would hold them.
          const asSaved = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
          expect(readCheckPayload(asSaved(toCheckPayload(read.value)))).toEqual(asSaved(read));
        }
      }),
      { numRuns: 500 },
    );
  });
});
