import { FOREIGN_FAILURE, failWithForeignError as fail } from '@j1nn0/test-checks';
import { describe, expect, test } from 'vitest';
import {
  createContextGuard,
  verifyContext,
  type ContextFindingStatus,
  type ContextGuardReport,
  type ContextGuardSnapshot,
  type ContextItem,
  type ContextVerifier,
} from '../src/index.js';
import { rejectionOf } from './support/expect-context-guard-error.js';
import { HOSTILE_OBJECT_VARIANTS } from './support/hostile-values.js';
import { CONSTRAINT, FACT, GOAL, SECRET, snapshotOf } from './support/sample-items.js';
import { recordingVerifier, verifierReturning } from './support/verifiers.js';

// GOAL is critical; CONSTRAINT and FACT are not. FACT's content holds SECRET.
const SNAPSHOT = snapshotOf(GOAL, CONSTRAINT, FACT);
const CONTEXT = `Summary of the session. ${SECRET}`;

function verify(verifier: ContextVerifier, snapshot: ContextGuardSnapshot = SNAPSHOT): Promise<ContextGuardReport> {
  return verifyContext({ snapshot, context: CONTEXT, verifier });
}

function statusesOf(report: ContextGuardReport): ContextFindingStatus[] {
  return report.findings.map((finding) => finding.status);
}

const allPreserved = [
  { id: GOAL.id, status: 'preserved' },
  { id: CONSTRAINT.id, status: 'preserved' },
  { id: FACT.id, status: 'preserved' },
];

/** The three valid findings with the one for `id` replaced by `replacement` (several, or none). */
function findingsWith(id: string, ...replacement: unknown[]): unknown[] {
  return allPreserved.flatMap((finding) => (finding.id === id ? replacement : [finding]));
}

describe('verifyContext with a well-behaved verifier', () => {
  test('calls the verifier once with every item in snapshot order and the context as given', async () => {
    const { verifier, calls } = recordingVerifier(() => allPreserved);
    await verify(verifier);
    expect(calls).toEqual([{ items: SNAPSHOT.items, context: CONTEXT }]);
  });

  test('reports every item preserved as ok', async () => {
    expect(await verify(verifierReturning(allPreserved))).toEqual({
      schemaVersion: 1,
      ok: true,
      findings: allPreserved,
      preserved: [GOAL.id, CONSTRAINT.id, FACT.id],
      changed: [],
      lost: [],
      unknown: [],
      criticalFailures: [],
      issues: [],
    });
  });

  test('sorts each status into its list and keeps snapshot order whatever the verifier order', async () => {
    const report = await verify(
      verifierReturning([
        { id: FACT.id, status: 'lost' },
        { id: GOAL.id, status: 'changed' },
        { id: CONSTRAINT.id, status: 'unknown' },
      ]),
    );
    expect(report.findings).toEqual([
      { id: GOAL.id, status: 'changed' },
      { id: CONSTRAINT.id, status: 'unknown' },
      { id: FACT.id, status: 'lost' },
    ]);
    expect([report.preserved, report.changed, report.lost, report.unknown]).toEqual([[], [GOAL.id], [FACT.id], [CONSTRAINT.id]]);
    expect(report.ok).toBe(false);
    expect(report.issues).toEqual([]);
  });

  test.each(['changed', 'lost', 'unknown'] as const)('is not ok when one item is %s', async (status) => {
    const report = await verify(verifierReturning(findingsWith(CONSTRAINT.id, { id: CONSTRAINT.id, status })));
    expect(report.ok).toBe(false);
    expect(report.issues).toEqual([]);
  });

  test('lists critical items that are not preserved as critical failures', async () => {
    const snapshot = snapshotOf(GOAL, { ...CONSTRAINT, critical: true }, { ...FACT, critical: true });
    const report = await verify(
      verifierReturning([
        { id: GOAL.id, status: 'lost' },
        { id: CONSTRAINT.id, status: 'preserved' },
        { id: FACT.id, status: 'changed' },
      ]),
      snapshot,
    );
    expect(report.criticalFailures).toEqual([GOAL.id, FACT.id]);
  });

  test('does not list a non-critical item that is lost as a critical failure', async () => {
    const report = await verify(verifierReturning(findingsWith(FACT.id, { id: FACT.id, status: 'lost' })));
    expect(report.criticalFailures).toEqual([]);
  });

  test('awaits an async verifier', async () => {
    const report = await verify(() => Promise.resolve(allPreserved as never));
    expect(report.ok).toBe(true);
  });

  test('ignores extra keys on a finding', async () => {
    const report = await verify(verifierReturning(findingsWith(GOAL.id, { id: GOAL.id, status: 'preserved', note: 'x' })));
    expect(report.ok).toBe(true);
  });

  test('still asks the verifier, once, for an empty snapshot and is ok on an empty answer', async () => {
    const { verifier, calls } = recordingVerifier(() => []);
    const report = await verify(verifier, { schemaVersion: 1, items: [] });
    expect(calls).toEqual([{ items: [], context: CONTEXT }]);
    expect(report.ok).toBe(true);
    expect(report.findings).toEqual([]);
  });

  test('builds the report from its own copy, whatever the verifier does to its input', async () => {
    const report = await verify(({ items }) => {
      for (const item of items) {
        (item as { id: string }).id = 'renamed';
      }
      (items as ContextItem[]).length = 0;
      return allPreserved as never;
    });
    expect(report.preserved).toEqual([GOAL.id, CONSTRAINT.id, FACT.id]);
  });

  test('gives a report that is plain JSON', async () => {
    const report = await verify(verifierReturning(findingsWith(FACT.id)));
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});

describe('verifyContext is fail-safe', () => {
  /** Every item must be unknown and the only issue `issue`. */
  function expectAllUnknown(report: ContextGuardReport, issue: string): void {
    expect(statusesOf(report)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(report.unknown).toEqual([GOAL.id, CONSTRAINT.id, FACT.id]);
    expect(report.criticalFailures).toEqual([GOAL.id]);
    expect(report.issues).toEqual([issue]);
    expect(report.ok).toBe(false);
  }

  test('verifier_threw: a verifier that throws leaves every item unknown and its message out', async () => {
    const report = await verify(() => {
      throw new Error(`could not read ${SECRET}`);
    });
    expectAllUnknown(report, 'verifier_threw');
    expect(JSON.stringify(report)).not.toContain(SECRET);
  });

  test('verifier_threw: a verifier that rejects leaves every item unknown', async () => {
    expectAllUnknown(await verify(() => Promise.reject(new Error(SECRET))), 'verifier_threw');
  });

  test('verifier_threw: a verifier that throws a non-error value leaves every item unknown', async () => {
    expectAllUnknown(
      await verify(() => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a verifier may throw anything
        throw allPreserved;
      }),
      'verifier_threw',
    );
  });

  test('verifier_threw: a thenable whose then getter throws leaves every item unknown', async () => {
    expectAllUnknown(await verify(verifierReturning(Object.defineProperty({}, 'then', { get: fail }))), 'verifier_threw');
  });

  const nonArrays: readonly (readonly [string, unknown])[] = [
    ['undefined', undefined],
    ['null', null],
    ['a findings wrapper object', { findings: allPreserved }],
    ['a JSON string of findings', JSON.stringify(allPreserved)],
    ['a Proxy of a findings array', new Proxy(allPreserved, {})],
    ['a sparse array', Object.assign(new Array<unknown>(5), allPreserved)],
    ['an array with an extra property', Object.assign([...allPreserved], { extra: 1 })],
    ['an array whose element getter throws', Object.defineProperty([...allPreserved], 0, { get: fail })],
  ];

  test.each(nonArrays)('verifier_returned_non_array: %s leaves every item unknown', async (_name, output) => {
    expectAllUnknown(await verify(verifierReturning(output)), 'verifier_returned_non_array');
  });

  test('verifier_returned_non_array: an async verifier resolving to a non-array leaves every item unknown', async () => {
    expectAllUnknown(await verify(() => Promise.resolve({ findings: allPreserved } as never)), 'verifier_returned_non_array');
  });

  test('missing_finding: an item the verifier leaves out becomes unknown', async () => {
    const report = await verify(verifierReturning(findingsWith(CONSTRAINT.id)));
    expect(statusesOf(report)).toEqual(['preserved', 'unknown', 'preserved']);
    expect(report.issues).toEqual(['missing_finding for item 1']);
    expect(report.ok).toBe(false);
  });

  test('missing_finding: an empty answer leaves every item unknown, one issue per item', async () => {
    const report = await verify(verifierReturning([]));
    expect(report.unknown).toEqual([GOAL.id, CONSTRAINT.id, FACT.id]);
    expect(report.issues).toEqual(['missing_finding for item 0', 'missing_finding for item 1', 'missing_finding for item 2']);
  });

  test('duplicate_finding: an item reported preserved twice becomes unknown', async () => {
    const twice = { id: FACT.id, status: 'preserved' };
    const report = await verify(verifierReturning(findingsWith(FACT.id, twice, twice)));
    expect(statusesOf(report)).toEqual(['preserved', 'preserved', 'unknown']);
    expect(report.issues).toEqual(['duplicate_finding at finding 3 for item 2']);
  });

  test('duplicate_finding: conflicting findings for one item make it unknown', async () => {
    const report = await verify(
      verifierReturning(findingsWith(GOAL.id, { id: GOAL.id, status: 'lost' }, { id: GOAL.id, status: 'preserved' })),
    );
    expect(statusesOf(report)).toEqual(['unknown', 'preserved', 'preserved']);
    expect(report.criticalFailures).toEqual([GOAL.id]);
    expect(report.issues).toEqual(['duplicate_finding at finding 1 for item 0']);
  });

  test('duplicate_finding: every extra finding for an item is listed', async () => {
    const finding = { id: GOAL.id, status: 'preserved' };
    const report = await verify(verifierReturning(findingsWith(GOAL.id, finding, finding, finding)));
    expect(report.issues).toEqual(['duplicate_finding at finding 1 for item 0', 'duplicate_finding at finding 2 for item 0']);
  });

  const unsupportedStatuses: readonly (readonly [string, unknown])[] = [
    ['a status in other case', 'Preserved'],
    ['an invented status', 'ok'],
    ['a boolean status', true],
    ['a status in an array', ['preserved']],
  ];

  test.each(unsupportedStatuses)('unsupported_status: %s makes the item unknown', async (_name, status) => {
    const report = await verify(verifierReturning(findingsWith(CONSTRAINT.id, { id: CONSTRAINT.id, status })));
    expect(statusesOf(report)).toEqual(['preserved', 'unknown', 'preserved']);
    expect(report.issues).toEqual(['unsupported_status at finding 1 for item 1']);
  });

  test('unsupported_status: a finding without a status makes the item unknown', async () => {
    const report = await verify(verifierReturning(findingsWith(CONSTRAINT.id, { id: CONSTRAINT.id })));
    expect(statusesOf(report)).toEqual(['preserved', 'unknown', 'preserved']);
    expect(report.issues).toEqual(['unsupported_status at finding 1 for item 1']);
  });

  test('unsupported_status: a bad second finding spoils a good first one', async () => {
    const report = await verify(
      verifierReturning(findingsWith(GOAL.id, { id: GOAL.id, status: 'preserved' }, { id: GOAL.id, status: 'fine' })),
    );
    expect(statusesOf(report)).toEqual(['unknown', 'preserved', 'preserved']);
    expect(report.issues).toEqual(['unsupported_status at finding 1 for item 0', 'duplicate_finding at finding 1 for item 0']);
  });

  test('unknown_finding_id: a finding for an id not in the snapshot is discarded', async () => {
    const report = await verify(verifierReturning([...allPreserved, { id: SECRET, status: 'lost' }]));
    expect(report.findings).toEqual(allPreserved);
    expect(report.issues).toEqual(['unknown_finding_id at finding 3']);
    expect(report.ok).toBe(false);
  });

  test('unknown_finding_id: an id that differs only in whitespace or case does not count', async () => {
    const report = await verify(
      verifierReturning(findingsWith(GOAL.id, { id: ` ${GOAL.id}`, status: 'preserved' }, { id: GOAL.id.toUpperCase(), status: 'preserved' })),
    );
    expect(statusesOf(report)).toEqual(['unknown', 'preserved', 'preserved']);
    expect(report.issues).toEqual(['unknown_finding_id at finding 0', 'unknown_finding_id at finding 1', 'missing_finding for item 0']);
  });

  const malformedFindings: readonly (readonly [string, unknown])[] = [
    ['null', null],
    ['a number', 3],
    ['a bare id string', GOAL.id],
    ['a finding without an id', { status: 'preserved' }],
    ['a finding with a numeric id', { id: 0, status: 'preserved' }],
    ['a nested finding', [{ id: GOAL.id, status: 'preserved' }]],
    ...HOSTILE_OBJECT_VARIANTS.filter(([name]) => /Proxy|getter|class|inheriting|symbol|function|non-enumerable/.test(name)).map(
      ([name, make]) => [name, make({ id: GOAL.id, status: 'preserved' })] as const,
    ),
  ];

  test.each(malformedFindings)('invalid_finding: %s never counts as a finding', async (_name, finding) => {
    const report = await verify(verifierReturning(findingsWith(GOAL.id, finding)));
    expect(statusesOf(report)).toEqual(['unknown', 'preserved', 'preserved']);
    expect(report.issues).toEqual(['invalid_finding at finding 0', 'missing_finding for item 0']);
  });

  test('invalid_finding: a malformed finding beside a valid one leaves the valid one standing but the report not ok', async () => {
    const proxy = new Proxy({ id: GOAL.id, status: 'lost' }, {});
    const report = await verify(verifierReturning([...allPreserved, proxy]));
    expect(statusesOf(report)).toEqual(['preserved', 'preserved', 'preserved']);
    expect(report.issues).toEqual(['invalid_finding at finding 3']);
    expect(report.ok).toBe(false);
  });

  test('never lets the text of a hostile verifier reach the report', async () => {
    const report = await verify(
      verifierReturning([{ id: SECRET, status: SECRET }, { id: GOAL.id, status: SECRET }, new Proxy({}, { ownKeys: fail })]),
    );
    const text = JSON.stringify(report);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(FOREIGN_FAILURE);
  });
});

describe('verifyContext refuses invalid options', () => {
  test.each([
    ['a snapshot of the wrong version', { snapshot: { schemaVersion: 2, items: [] }, context: '' }, 'snapshot.schemaVersion must be 1'],
    ['a context that is not a string', { snapshot: SNAPSHOT, context: Buffer.from('x') }, 'context must be a string'],
    ['a missing verifier', { snapshot: SNAPSHOT, context: '', verifier: undefined }, 'verifier must be a function'],
    ['a verifier that is not a function', { snapshot: SNAPSHOT, context: '', verifier: {} }, 'verifier must be a function'],
  ] as const)('rejects %s without asking the verifier', async (_name, options, message) => {
    const { verifier, calls } = recordingVerifier(() => allPreserved);
    const error = await rejectionOf(verifyContext({ verifier, ...options } as never));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(message);
    expect(calls).toEqual([]);
  });

  test('rejects missing options', async () => {
    expect((await rejectionOf(verifyContext(undefined as never))).message).toBe('options must be an object');
  });

  test('rejects options whose getter throws', async () => {
    const options = Object.defineProperty({ context: '', verifier: verifierReturning([]) }, 'snapshot', { get: fail });
    expect((await rejectionOf(verifyContext(options as never))).message).toBe('options.snapshot could not be read');
  });

  test('rejects a snapshot with duplicate ids', async () => {
    const snapshot = snapshotOf(GOAL, { ...FACT, id: GOAL.id });
    const error = await rejectionOf(verify(verifierReturning([]), snapshot));
    expect(error.code).toBe('duplicate_item_id');
  });
});

describe('guard.verify', () => {
  test('verifies the items the guard holds at the time of the call', async () => {
    const guard = createContextGuard([GOAL, FACT]);
    guard.remove(FACT.id);
    const { verifier, calls } = recordingVerifier(() => [{ id: GOAL.id, status: 'preserved' }]);
    const report = await guard.verify(CONTEXT, { verifier });
    expect(calls).toEqual([{ items: snapshotOf(GOAL).items, context: CONTEXT }]);
    expect(report.ok).toBe(true);
  });

  test('rejects, rather than throws, when the verifier option is missing', async () => {
    const guard = createContextGuard([GOAL]);
    const pending = guard.verify(CONTEXT, {} as never);
    expect((await rejectionOf(pending)).message).toBe('verifier must be a function');
    expect((await rejectionOf(guard.verify(CONTEXT, undefined as never))).message).toBe('options must be an object');
  });
});
