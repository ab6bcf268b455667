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

const PRESERVED: ContextFindingStatus = 'preserved';
const UNKNOWN: ContextFindingStatus = 'unknown';

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

  test('reports every item preserved as ok, in a report that is plain JSON', async () => {
    const report = await verify(verifierReturning(allPreserved));
    expect(report).toEqual({
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
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  test('sorts each status into its list, in snapshot order whatever the verifier order, with no issue', async () => {
    const report = await verify(
      verifierReturning([
        { id: FACT.id, status: 'lost' },
        { id: GOAL.id, status: 'changed' },
        { id: CONSTRAINT.id, status: 'unknown' },
      ]),
    );
    expect(statusesOf(report)).toEqual(['changed', 'unknown', 'lost']);
    expect([report.preserved, report.changed, report.lost, report.unknown]).toEqual([[], [GOAL.id], [FACT.id], [CONSTRAINT.id]]);
    expect(report.criticalFailures).toEqual([GOAL.id]);
    expect(report.issues).toEqual([]);
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
});

// Which status each item gets, and every report invariant, hold for any verifier output (properties.test.ts);
// these pin the issue each kind of bad output names.
describe('verifyContext is fail-safe', () => {
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

  test.each<readonly [string, string, ContextVerifier]>([
    [
      'verifier_threw',
      'a verifier that throws',
      () => {
        throw new Error(`could not read ${SECRET}`);
      },
    ],
    ['verifier_threw', 'a verifier that rejects', () => Promise.reject(new Error(SECRET))],
    [
      'verifier_threw',
      'a verifier that throws a non-error value',
      () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a verifier may throw anything
        throw allPreserved;
      },
    ],
    ['verifier_threw', 'a thenable whose then getter throws', verifierReturning(Object.defineProperty({}, 'then', { get: fail }))],
    ...nonArrays.map(([name, output]) => ['verifier_returned_non_array', name, verifierReturning(output)] as const),
    ['verifier_returned_non_array', 'an async verifier resolving to a non-array', () => Promise.resolve({ findings: allPreserved } as never)],
  ])('%s: %s leaves every item unknown, with that one issue and no text of its own', async (issue, _name, verifier) => {
    const report = await verify(verifier);
    expect(statusesOf(report)).toEqual([UNKNOWN, UNKNOWN, UNKNOWN]);
    expect(report.issues).toEqual([issue]);
    expect(report.ok).toBe(false);
    expect(JSON.stringify(report)).not.toContain(SECRET);
  });

  const twice = { id: FACT.id, status: 'preserved' };
  const goalPreserved = { id: GOAL.id, status: 'preserved' };
  const malformedFindings: readonly (readonly [string, unknown])[] = [
    ['null', null],
    ['a number', 3],
    ['a bare id string', GOAL.id],
    ['a finding without an id', { status: 'preserved' }],
    ['a finding with a numeric id', { id: 0, status: 'preserved' }],
    ['a nested finding', [goalPreserved]],
    ...HOSTILE_OBJECT_VARIANTS.filter(([name]) => /Proxy|getter|class|inheriting|symbol|function|non-enumerable/.test(name)).map(
      ([name, make]) => [name, make(goalPreserved)] as const,
    ),
  ];

  // Which item ends up unknown.
  const goal = [UNKNOWN, PRESERVED, PRESERVED];
  const constraint = [PRESERVED, UNKNOWN, PRESERVED];
  const fact = [PRESERVED, PRESERVED, UNKNOWN];
  const none = [PRESERVED, PRESERVED, PRESERVED];
  const unsupportedStatuses = [['a status in other case', 'Preserved'], ['an invented status', 'ok'], ['a boolean status', true], ['a status in an array', ['preserved']]] as const;

  test.each<readonly [string, unknown[], readonly ContextFindingStatus[], readonly string[]]>([
    ['missing_finding: an item the verifier leaves out becomes unknown', findingsWith(CONSTRAINT.id), constraint, ['missing_finding for item 1']],
    [
      'missing_finding: an empty answer leaves every item unknown, one issue per item',
      [],
      [UNKNOWN, UNKNOWN, UNKNOWN],
      ['missing_finding for item 0', 'missing_finding for item 1', 'missing_finding for item 2'],
    ],
    ['duplicate_finding: an item reported preserved twice becomes unknown', findingsWith(FACT.id, twice, twice), fact, ['duplicate_finding at finding 3 for item 2']],
    [
      'duplicate_finding: conflicting findings for one item make it unknown',
      findingsWith(GOAL.id, { id: GOAL.id, status: 'lost' }, goalPreserved),
      goal,
      ['duplicate_finding at finding 1 for item 0'],
    ],
    [
      'duplicate_finding: every extra finding for an item is listed',
      findingsWith(GOAL.id, goalPreserved, goalPreserved, goalPreserved),
      goal,
      ['duplicate_finding at finding 1 for item 0', 'duplicate_finding at finding 2 for item 0'],
    ],
    ...unsupportedStatuses.map(
      ([name, status]) =>
        [
          `unsupported_status: ${name} makes the item unknown`,
          findingsWith(CONSTRAINT.id, { id: CONSTRAINT.id, status }),
          constraint,
          ['unsupported_status at finding 1 for item 1'],
        ] as const,
    ),
    [
      'unsupported_status: a finding without a status makes the item unknown',
      findingsWith(CONSTRAINT.id, { id: CONSTRAINT.id }),
      constraint,
      ['unsupported_status at finding 1 for item 1'],
    ],
    [
      'unsupported_status: a bad second finding spoils a good first one',
      findingsWith(GOAL.id, goalPreserved, { id: GOAL.id, status: 'fine' }),
      goal,
      ['unsupported_status at finding 1 for item 0', 'duplicate_finding at finding 1 for item 0'],
    ],
    [
      'unknown_finding_id: a finding for an id not in the snapshot is discarded',
      [...allPreserved, { id: SECRET, status: 'lost' }],
      none,
      ['unknown_finding_id at finding 3'],
    ],
    [
      'unknown_finding_id: an id that differs only in whitespace or case does not count',
      findingsWith(GOAL.id, { id: ` ${GOAL.id}`, status: 'preserved' }, { id: GOAL.id.toUpperCase(), status: 'preserved' }),
      goal,
      ['unknown_finding_id at finding 0', 'unknown_finding_id at finding 1', 'missing_finding for item 0'],
    ],
    ...malformedFindings.map(
      ([name, finding]) =>
        [`invalid_finding: ${name} never counts as a finding`, findingsWith(GOAL.id, finding), goal, ['invalid_finding at finding 0', 'missing_finding for item 0']] as const,
    ),
    [
      'invalid_finding: a malformed finding beside a valid one leaves the valid one standing but the report not ok',
      [...allPreserved, new Proxy({ id: GOAL.id, status: 'lost' }, {})],
      none,
      ['invalid_finding at finding 3'],
    ],
  ])('%s', async (_name, output, statuses, issues) => {
    const report = await verify(verifierReturning(output));
    expect(statusesOf(report)).toEqual(statuses);
    expect(report.issues).toEqual(issues);
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
