import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CONTEXT_FINDING_STATUSES,
  ContextGuardError,
  createContextGuard,
  createLiteralVerifier,
  restoreContextGuard,
  verifyContext,
  type ContextFindingStatus,
  type ContextGuardSnapshot,
  type ContextItemInput,
  type ContextVerifier,
  type LiteralVerifierOptions,
} from '../src/index.js';
import { normalizeLiteralText } from '../src/literal-verifier.js';
import {
  fieldValueArbitrary,
  itemLikeArbitrary,
  NUM_RUNS,
  plainIdArbitrary,
  snapshotArbitrary,
  WHITESPACE,
} from './support/arbitraries.js';
import { HOSTILE_OBJECT_VARIANTS } from './support/hostile-values.js';
import { expectReportInvariants } from './support/report-invariants.js';

const runs = { numRuns: NUM_RUNS };

/** Runs `action`; returns false when it threw a ContextGuardError and rethrows anything else. */
function succeeds(action: () => unknown): boolean {
  try {
    action();
    return true;
  } catch (error) {
    if (error instanceof ContextGuardError) {
      return false;
    }
    throw error;
  }
}

describe('snapshots', () => {
  test('survive JSON and restore unchanged', () => {
    fc.assert(
      fc.property(snapshotArbitrary(), (snapshot) => {
        const restored = restoreContextGuard(JSON.parse(JSON.stringify(snapshot)));
        expect(restored.snapshot()).toEqual(snapshot);
        expect(restored.list()).toEqual(snapshot.items);
      }),
      runs,
    );
  });

  test('are what a guard built from the same items gives back', () => {
    fc.assert(
      fc.property(snapshotArbitrary(), (snapshot) => {
        expect(createContextGuard(snapshot.items).snapshot()).toEqual(snapshot);
      }),
      runs,
    );
  });

  test('restoring anything either rebuilds a valid guard or throws a ContextGuardError', () => {
    const snapshotLike = fc.oneof(
      fc.anything(),
      fc.record({ schemaVersion: fc.oneof(fc.constant(1), fieldValueArbitrary), items: fc.array(itemLikeArbitrary, { maxLength: 4 }) }),
    );
    fc.assert(
      fc.property(snapshotLike, (value) => {
        let restored: ReturnType<typeof restoreContextGuard> | undefined;
        if (succeeds(() => (restored = restoreContextGuard(value)))) {
          expect(restoreContextGuard(restored?.snapshot()).snapshot()).toEqual(restored?.snapshot());
        }
      }),
      runs,
    );
  });
});

describe('adding untrusted items', () => {
  test('either adds exactly the item or throws a ContextGuardError and changes nothing', () => {
    fc.assert(
      fc.property(snapshotArbitrary(), fc.array(itemLikeArbitrary, { minLength: 1, maxLength: 3 }), (snapshot, candidates) => {
        const guard = restoreContextGuard(snapshot);
        const before = guard.snapshot();
        if (succeeds(() => guard.addAll(candidates as ContextItemInput[]))) {
          const added = guard.snapshot().items.slice(before.items.length);
          expect(added.map((item) => item.id)).toEqual(candidates.map((candidate) => (candidate as ContextItemInput).id));
          expect(guard.snapshot().items.slice(0, before.items.length)).toEqual(before.items);
        } else {
          expect(guard.snapshot()).toEqual(before);
        }
      }),
      runs,
    );
  });
});

// A plan says what the verifier returns, so the expected status of each item follows from it alone.
type FindingPlan =
  | { readonly kind: 'finding'; readonly item: number; readonly status: unknown }
  | { readonly kind: 'hostile'; readonly item: number; readonly variant: number }
  | { readonly kind: 'foreignId'; readonly id: string }
  | { readonly kind: 'junk'; readonly value: unknown };

type VerifierMode = 'returns' | 'resolves' | 'throws' | 'rejects' | 'returnsNonArray';

const STATUS_OR_NOT = fc.oneof(fc.constantFrom<unknown>(...CONTEXT_FINDING_STATUSES), fieldValueArbitrary);
// `junk` never has an own `id`, so it can never name an item.
const junkArbitrary = fc.anything().filter((value) => !(typeof value === 'object' && value !== null && Object.hasOwn(value, 'id')));

const planArbitrary: fc.Arbitrary<FindingPlan> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('finding' as const), item: fc.nat(), status: STATUS_OR_NOT }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hostile' as const), item: fc.nat(), variant: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('foreignId' as const), id: fc.string().map((id) => `#${id}`) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('junk' as const), value: junkArbitrary }) },
);

function buildFinding(plan: FindingPlan, snapshot: ContextGuardSnapshot): unknown {
  const idOf = (index: number): string => snapshot.items[index % snapshot.items.length]?.id ?? '';
  switch (plan.kind) {
    case 'finding':
      return { id: idOf(plan.item), status: plan.status };
    case 'hostile': {
      const [, make] = HOSTILE_OBJECT_VARIANTS[plan.variant % HOSTILE_OBJECT_VARIANTS.length] ?? [];
      return make?.({ id: idOf(plan.item), status: 'preserved' });
    }
    case 'foreignId':
      return { id: plan.id, status: 'preserved' };
    case 'junk':
      return plan.value;
  }
}

/** The spec's rule: exactly one well-formed finding with a supported status decides; anything else is unknown. */
function expectedStatuses(plans: readonly FindingPlan[], snapshot: ContextGuardSnapshot, mode: VerifierMode): ContextFindingStatus[] {
  return snapshot.items.map((_item, index) => {
    if (mode !== 'returns' && mode !== 'resolves') {
      return 'unknown';
    }
    const statuses = plans.flatMap((plan) =>
      plan.kind === 'finding' && plan.item % snapshot.items.length === index ? [plan.status] : [],
    );
    const [only] = statuses;
    return statuses.length === 1 && (CONTEXT_FINDING_STATUSES as readonly unknown[]).includes(only)
      ? (only as ContextFindingStatus)
      : 'unknown';
  });
}

function verifierFor(mode: VerifierMode, output: unknown[], nonArray: unknown): ContextVerifier {
  const answer = output as never;
  switch (mode) {
    case 'returns':
      return () => answer;
    case 'resolves':
      return () => Promise.resolve(answer);
    case 'throws':
      return () => {
        throw new Error('verifier failed');
      };
    case 'rejects':
      return () => Promise.reject(new Error('verifier failed'));
    case 'returnsNonArray':
      return () => nonArray as never;
  }
}

describe('verifyContext with untrusted verifier output', () => {
  const modeArbitrary = fc.constantFrom<VerifierMode>('returns', 'returns', 'resolves', 'throws', 'rejects', 'returnsNonArray');

  test('gives each item exactly the status the rules allow, and preserved only for one valid preserved finding', async () => {
    await fc.assert(
      fc.asyncProperty(
        snapshotArbitrary({ id: plainIdArbitrary, minItems: 1 }),
        fc.array(planArbitrary, { maxLength: 12 }),
        modeArbitrary,
        async (snapshot, plans, mode) => {
          const output = plans.map((plan) => buildFinding(plan, snapshot));
          // Even fully valid findings must not count when they do not arrive as a genuine array.
          const allPreserved = snapshot.items.map((item) => ({ id: item.id, status: 'preserved' }));
          const nonArray = plans.length % 2 === 0 ? new Proxy(allPreserved, {}) : { findings: allPreserved };
          const report = await verifyContext({ snapshot, context: 'context', verifier: verifierFor(mode, output, nonArray) });
          expect(report.findings.map((finding) => finding.status)).toEqual(expectedStatuses(plans, snapshot, mode));
          expectReportInvariants(report, snapshot);
        },
      ),
      runs,
    );
  });

  test('never reports preserved unless the output holds exactly one finding naming the item, saying preserved', async () => {
    const findingLike = fc.record({ id: plainIdArbitrary, status: STATUS_OR_NOT }, { requiredKeys: [] });
    const output = fc.oneof(fc.anything(), fc.array(fc.oneof(fc.anything(), findingLike), { maxLength: 10 }));
    await fc.assert(
      fc.asyncProperty(snapshotArbitrary({ id: plainIdArbitrary }), output, async (snapshot, answer) => {
        const report = await verifyContext({ snapshot, context: '', verifier: () => answer as never });
        expectReportInvariants(report, snapshot);
        for (const id of report.preserved) {
          const naming = Array.isArray(answer)
            ? answer.filter((element: unknown) => typeof element === 'object' && element !== null && (element as { id?: unknown }).id === id)
            : [];
          expect(naming).toEqual([expect.objectContaining({ status: 'preserved' })]);
        }
      }),
      runs,
    );
  });
});

describe('createLiteralVerifier', () => {
  const word = fc.stringMatching(/^[A-Za-z0-9]{1,6}$/);
  const whitespaceRun = fc.string({ unit: fc.constantFrom(...WHITESPACE), minLength: 1, maxLength: 3 });
  const surrounding = fc.string({ unit: 'binary', maxLength: 20 });

  /** Content as words joined by whitespace runs, and a rewrite of it with other runs and flipped letter case. */
  const contentAndVariant = fc
    .array(fc.tuple(word, whitespaceRun, whitespaceRun, fc.array(fc.boolean(), { minLength: 6, maxLength: 6 })), {
      minLength: 1,
      maxLength: 6,
    })
    .map((parts) => ({
      content: parts.map(([text, separator]) => `${text}${separator}`).join('').trimEnd(),
      variant: parts
        .map(([text, , separator, flips]) => {
          const flipped = Array.from(text, (char, index) => (flips[index] === true ? flipCase(char) : char)).join('');
          return `${flipped}${separator}`;
        })
        .join(''),
    }));

  async function statusOf(content: string, context: string, options?: LiteralVerifierOptions): Promise<string | undefined> {
    const snapshot = { schemaVersion: 1 as const, items: [{ id: 'item', kind: 'fact' as const, content, critical: false }] };
    const report = await verifyContext({ snapshot, context, verifier: createLiteralVerifier(options) });
    return report.findings[0]?.status;
  }

  test('finds content inside any surrounding text despite other whitespace and letter case', async () => {
    await fc.assert(
      fc.asyncProperty(contentAndVariant, surrounding, surrounding, async ({ content, variant }, before, after) => {
        expect(await statusOf(content, `${before}${variant}${after}`)).toBe('preserved');
      }),
      runs,
    );
  });

  test('finds exact content inside any surrounding text with both normalizations off', async () => {
    await fc.assert(
      fc.asyncProperty(contentAndVariant, surrounding, surrounding, async ({ content }, before, after) => {
        const options = { caseSensitive: true, normalizeWhitespace: false };
        expect(await statusOf(content, `${before}${content}${after}`, options)).toBe('preserved');
      }),
      runs,
    );
  });

  test('normalizes exactly as collapsing /\\s+/gu to one space, trimming and lower-casing would', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.oneof(fc.constantFrom(...WHITESPACE, 'a', 'B', 'İ', 'Σ'), fc.string({ unit: 'binary', maxLength: 1 })), maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    fc.assert(
      fc.property(text, fc.boolean(), fc.boolean(), (input, caseSensitive, normalizeWhitespace) => {
        const spaced = normalizeWhitespace ? input.replace(/\s+/gu, ' ').trim() : input;
        const expected = caseSensitive ? spaced : spaced.toLowerCase();
        expect(normalizeLiteralText(input, { caseSensitive, normalizeWhitespace })).toBe(expected);
      }),
      runs,
    );
  });

  test('reports content with a letter the context lacks as lost', async () => {
    const withoutQ = surrounding.filter((text) => !/q/iu.test(text));
    await fc.assert(
      fc.asyncProperty(contentAndVariant, withoutQ, async ({ content }, context) => {
        expect(await statusOf(`${content} q`, `${context}${content}`)).toBe('lost');
      }),
      runs,
    );
  });
});

function flipCase(char: string): string {
  const upper = char.toUpperCase();
  return char === upper ? char.toLowerCase() : upper;
}
