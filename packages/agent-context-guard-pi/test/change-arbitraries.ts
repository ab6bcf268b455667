import { CONTEXT_ITEM_KINDS, type ContextItemKind } from '@j1nn0/agent-context-guard';
import fc from 'fast-check';
import { CRITICAL_FLAG } from '../src/commands.js';
import { RECOVERY_MODES, type GuardState } from '../src/guard-state.js';
import { MAX_ITEMS } from '../src/limits.js';
import type { GuardMutation } from '../src/mutations.js';
import { toStatePayload } from '../src/persistence.js';
import { anyPayload, validPayload } from './payload-arbitraries.js';

// The changes a person or the model may ask for, for the properties over the rules (properties.test.ts) and
// over random sessions (session-properties.test.ts). Nothing here restates a rule or a limit.

// Ids, kinds and contents that repeat often enough to meet duplicates, unknown ids and no-ops, and some that
// break a rule (too long, whitespace, terminal controls, a lone surrogate, a kind written differently).
export const ID = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'c') },
  { weight: 3, arbitrary: fc.constantFrom('ship', 'x:y', 'é', '🙂'.repeat(64), 'i'.repeat(64), '__proto__', '--critical', 'goal') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('i'.repeat(65), '🙂'.repeat(65), 'esc\u001b[2J', 'bell\u0007', 'x\u202ey', 'half\ud800', 'a b', '', 'tab\t', 'line\nbreak'),
  },
);
export const CONTENT = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('A', 'Add CSV export to the report page', 'inner  double  spaces', 'tab\tinside', '--critical', 'looks like "- [goal, critical] x: y"') },
  { weight: 1, arbitrary: fc.constantFrom('   ', '', 'x'.repeat(500), 'y'.repeat(501), '🙂'.repeat(500), '🙂'.repeat(501), 'esc \u001b[2J clear', 'two\nlines') },
);
export const KIND = fc.constantFrom(...CONTEXT_ITEM_KINDS);
// Kinds are taken exactly as written; these reach the rules only as a mutation, never through Pi's schema.
const anyKind = fc.oneof({ weight: 6, arbitrary: KIND }, { weight: 1, arbitrary: fc.constantFrom<string>('Goal', 'note', '') as fc.Arbitrary<ContextItemKind> });

/** Any change, adding items with `content`. */
export function changeArbitrary(content: fc.Arbitrary<string> = CONTENT): fc.Arbitrary<GuardMutation> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('add' as const), id: ID, itemKind: anyKind, content, critical: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), id: ID }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('set_critical' as const), id: ID, critical: fc.boolean() }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('set_recovery' as const), recovery: fc.constantFrom(...RECOVERY_MODES) }) },
  );
}

/**
 * Lines that break the grammar, or ask for nothing to change: the parser decides what each one requests.
 * (`restate` is a person's word after a compaction check: compaction.test.ts.)
 */
export const OTHER_LINE = fc.constantFrom(
  '',
  '   ',
  'help',
  'help add',
  'list',
  'list extra',
  'status',
  'Status',
  'LIST',
  'remove',
  'remove a b',
  'clear',
  'clear now',
  'clear --YES',
  'add a goal',
  'add a goal --critical',
  'add a goal   --critical   ',
  'add a goal --CRITICAL x',
  'add a Goal x',
  'recovery',
  'recovery Critical',
  'recovery off extra',
  'critical a',
  'critical a yes',
  'critical a ON',
  'restate now',
  'protect a goal x',
);

/** The state a person might have saved: `count` items, every other one critical. */
export function crowdedState(count: number): GuardState {
  return {
    recovery: 'critical',
    items: Array.from({ length: count }, (_, index) => ({ id: `seed-${index}`, kind: 'fact', content: `Seeded ${index}`, critical: index % 2 === 0 })),
  };
}

/** Whatever may be the data of a newest saved entry; at and one below the item limit, the next addition meets it. */
export const SAVED_DATA = fc.oneof(
  { weight: 4, arbitrary: anyPayload },
  { weight: 2, arbitrary: validPayload },
  { weight: 1, arbitrary: fc.constantFrom(MAX_ITEMS - 1, MAX_ITEMS).map((count) => toStatePayload(crowdedState(count))) },
);

/** The arguments the model would send for `change`: only an addition that is not critical, of a kind Pi's schema takes. */
export function protectArgumentsOf(change: GuardMutation): Record<string, unknown> | undefined {
  return change.kind === 'add' && !change.critical && CONTEXT_ITEM_KINDS.includes(change.itemKind)
    ? { id: change.id, kind: change.itemKind, content: change.content }
    : undefined;
}

/** The `/context-guard` arguments a person would type for `change`. */
export function commandLineOf(change: GuardMutation): string {
  switch (change.kind) {
    case 'add':
      return `add ${change.id} ${change.itemKind} ${change.critical ? `${CRITICAL_FLAG} ` : ''}${change.content}`;
    case 'remove':
      return `remove ${change.id}`;
    case 'set_critical':
      return `critical ${change.id} ${change.critical ? 'on' : 'off'}`;
    case 'clear':
      return 'clear --yes';
    case 'set_recovery':
      return `recovery ${change.recovery}`;
  }
}
