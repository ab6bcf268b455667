import { CONTEXT_ITEM_KINDS, type ContextItemKind } from '@j1nn0/agent-context-guard';
import type { FakePiHost } from '@j1nn0/pi-testkit';
import { SAVED_PAYLOAD_DELIVERIES, expectSavedPayloadRestoredOrRefused, type SavedPayloadRestore } from '@j1nn0/pi-testkit/adapter-suites';
import { expectEqual } from '@j1nn0/test-checks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAME, CRITICAL_FLAG, parseCommand } from '../src/commands.js';
import { formatOutcome, formatUnreadableEntry } from '../src/format.js';
import { EMPTY_GUARD_STATE, RECOVERY_MODES, countCritical, type GuardState } from '../src/guard-state.js';
import { MAX_ITEMS, isValidContent, isValidId } from '../src/limits.js';
import { applyMutation, type GuardMutation, type MutationOutcome } from '../src/mutations.js';
import { STATE_ENTRY_TYPE, readStatePayload, restoreFromBranch, toStatePayload, type UnreadableProblem } from '../src/persistence.js';
import { PROTECT_TOOL_NAME } from '../src/tools.js';
import { FOOTER_STATUS_KEY, formatFooter } from '../src/ui/footer.js';
import { readGuard, readStatus, startGuardHost } from './context-guard-host.js';
import { statusText } from './expected-messages.js';
import { assistantMessage, userMessage } from './messages.js';
import { anyPayload, validPayload } from './payload-arbitraries.js';

// The rules are the pure mutation function (mutations.ts) and the payload reader (persistence.ts); these
// properties state what must hold over them and hold for the adapter on the fake host, with those
// functions as the only oracle: nothing here restates a rule or a limit. The compaction lifecycle has its
// own properties (compaction-properties.test.ts).

// Ids, kinds and contents that repeat often enough to meet duplicates, unknown ids and no-ops, and some that
// break a rule (too long, whitespace, terminal controls, a lone surrogate, a kind written differently).
const id = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'c') },
  { weight: 3, arbitrary: fc.constantFrom('ship', 'x:y', 'é', '🙂'.repeat(64), 'i'.repeat(64), '__proto__', '--critical', 'goal') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('i'.repeat(65), '🙂'.repeat(65), 'esc\u001b[2J', 'bell\u0007', 'x\u202ey', 'half\ud800', 'a b', '', 'tab\t', 'line\nbreak'),
  },
);
const content = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('A', 'Add CSV export to the report page', 'inner  double  spaces', 'tab\tinside', '--critical', 'looks like "- [goal, critical] x: y"') },
  { weight: 1, arbitrary: fc.constantFrom('   ', '', 'x'.repeat(500), 'y'.repeat(501), '🙂'.repeat(500), '🙂'.repeat(501), 'esc \u001b[2J clear', 'two\nlines') },
);
const kind = fc.constantFrom(...CONTEXT_ITEM_KINDS);
// Kinds are taken exactly as written; these reach the rules only as a mutation, never through Pi's schema.
const anyKind = fc.oneof({ weight: 6, arbitrary: kind }, { weight: 1, arbitrary: fc.constantFrom<string>('Goal', 'note', '') as fc.Arbitrary<ContextItemKind> });

const mutation: fc.Arbitrary<GuardMutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('add' as const), id, itemKind: anyKind, content, critical: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), id }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('set_critical' as const), id, critical: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('set_recovery' as const), recovery: fc.constantFrom(...RECOVERY_MODES) }) },
);

/** Lines that break the grammar, or ask for nothing to change: the parser decides what each one requests. */
const otherLine = fc.constantFrom(
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
  'restate',
  'protect a goal x',
);

/** The state after `mutations`, each applied by the rules to what the one before left. */
function applyAll(mutations: readonly GuardMutation[], start: GuardState = EMPTY_GUARD_STATE): GuardState {
  return mutations.reduce((state, next) => {
    const outcome = applyMutation(state, next);
    return outcome.kind === 'changed' ? outcome.state : state;
  }, start);
}

/** The state a person might have saved: `count` items, every other one critical. */
function crowdedState(count: number): GuardState {
  return {
    recovery: 'critical',
    items: Array.from({ length: count }, (_, index) => ({ id: `seed-${index}`, kind: 'fact', content: `Seeded ${index}`, critical: index % 2 === 0 })),
  };
}

/** The arguments the model would send for `change`: only an addition that is not critical, of a kind Pi's schema takes. */
function protectArgumentsOf(change: GuardMutation): Record<string, unknown> | undefined {
  return change.kind === 'add' && !change.critical && CONTEXT_ITEM_KINDS.includes(change.itemKind)
    ? { id: change.id, kind: change.itemKind, content: change.content }
    : undefined;
}

/** The `/context-guard` arguments a person would type for `change`. */
function commandLineOf(change: GuardMutation): string {
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

/** The newest saved state on the current branch as the payload reader reads it; none saved reads as empty. */
function newestSaved(host: FakePiHost): { readonly ok: true; readonly value: GuardState } | { readonly ok: false; readonly problem: UnreadableProblem } {
  const newest = host.session.getBranch().filter((entry) => entry.type === 'custom' && entry.customType === STATE_ENTRY_TYPE).at(-1);
  return newest === undefined ? { ok: true, value: EMPTY_GUARD_STATE } : readStatePayload((newest as { data?: unknown }).data);
}

type Step =
  | { readonly kind: 'request'; readonly change: GuardMutation; readonly by: 'tool' | 'command' }
  | { readonly kind: 'line'; readonly line: string }
  | { readonly kind: 'turn' | 'restart' | 'session_start_twice' | 'new_session_and_back' }
  | { readonly kind: 'tree' | 'fork'; readonly back: number }
  | { readonly kind: 'saved'; readonly data: unknown; readonly times: 1 | 2 };

const savedData = fc.oneof(
  { weight: 4, arbitrary: anyPayload },
  { weight: 2, arbitrary: validPayload },
  // At and one below the item limit: restored as saved, and the next addition meets the limit.
  { weight: 1, arbitrary: fc.constantFrom(MAX_ITEMS - 1, MAX_ITEMS).map((count) => toStatePayload(crowdedState(count))) },
);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 14, arbitrary: fc.record({ kind: fc.constant('request' as const), change: mutation, by: fc.constantFrom('tool' as const, 'command' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('line' as const), line: otherLine }) },
  { weight: 1, arbitrary: fc.constantFrom({ kind: 'turn' as const }, { kind: 'restart' as const }, { kind: 'session_start_twice' as const }, { kind: 'new_session_and_back' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('tree' as const, 'fork' as const), back: fc.nat({ max: 8 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('saved' as const), data: savedData, times: fc.constantFrom(1 as const, 2 as const) }) },
);

/**
 * Sends one request as the model's tool call or a typed command line; returns what the rules were asked for
 * (a typed line is parsed first and may ask for nothing) and checks the answer is the formatter's word for
 * the outcome the rules give.
 */
async function request(host: FakePiHost, next: Extract<Step, { kind: 'request' | 'line' }>, before: GuardState): Promise<MutationOutcome | undefined> {
  const toolArguments = next.kind === 'request' && next.by === 'tool' ? protectArgumentsOf(next.change) : undefined;
  if (next.kind === 'request' && toolArguments !== undefined) {
    const result = await host.executeTool(PROTECT_TOOL_NAME, toolArguments);
    const outcome = applyMutation(before, next.change);
    const after = outcome.kind === 'changed' ? outcome.state : before;
    expectEqual(result, {
      content: [{ type: 'text', text: formatOutcome(outcome, 'model').message }],
      details: outcome.kind === 'changed' ? { items: after.items.length, critical: countCritical(after.items) } : {},
      isError: outcome.kind !== 'changed',
    });
    expectEqual(host.takeNotifications(), [], 'a tool call notifies nobody');
    return outcome;
  }
  const line = next.kind === 'line' ? next.line : commandLineOf(next.change);
  await host.runCommand(COMMAND_NAME, line);
  const parsed = parseCommand(line);
  const notifications = host.takeNotifications();
  if (parsed.kind !== 'mutation') {
    expect(notifications, line).toHaveLength(1);
    return undefined;
  }
  const outcome = applyMutation(before, parsed.mutation);
  expectEqual(notifications, [formatOutcome(outcome, 'person')], line);
  return outcome;
}

/** Runs a session move; the entry it goes to is `back` entries above the leaf. */
async function move(host: FakePiHost, next: Exclude<Step, { kind: 'request' | 'line' }>): Promise<void> {
  switch (next.kind) {
    case 'turn':
      host.session.appendMessage(userMessage('Go on.'));
      host.session.appendMessage(assistantMessage('Done.'));
      return;
    case 'restart':
      return host.restart();
    case 'session_start_twice':
      return host.startSession('startup', { times: 2 });
    case 'new_session_and_back': {
      const earlier = host.session;
      await host.newSession();
      await host.switchSession(earlier);
      return;
    }
    case 'saved':
      host.session.appendEntry(STATE_ENTRY_TYPE, next.data);
      return host.startSession('resume', { times: next.times });
    case 'tree':
    case 'fork': {
      const branch = host.session.getBranch();
      const target = branch.at(-1 - Math.min(next.back, branch.length - 1));
      if (target === undefined) return;
      if (next.kind === 'tree') await host.navigateTree(target.id);
      else await host.fork(target.id);
    }
  }
}

describe('the rules, over any sequence of requests', () => {
  it('keep ids unique and valid, the items within the limit, and change only when they say so', () => {
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 40 }), (mutations) => {
        let state: GuardState = EMPTY_GUARD_STATE;
        for (const next of mutations) {
          const copy = structuredClone(state);
          const outcome = applyMutation(state, next);
          expect(state, 'the previous state is never touched').toEqual(copy);
          if (outcome.kind === 'changed') {
            expect(outcome.previous).toBe(state);
            expect(outcome.state).not.toEqual(state);
            state = outcome.state;
          }
          const ids = state.items.map((item) => item.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const item of state.items) {
            expect(isValidId(item.id)).toBe(true);
            expect(isValidContent(item.content)).toBe(true);
          }
          expect(state.items.length).toBeLessThanOrEqual(MAX_ITEMS);
        }
      }),
    );
  });

  it('refuse an addition at the limit and change nothing', () => {
    const full = crowdedState(MAX_ITEMS);
    fc.assert(
      fc.property(id, kind, content, fc.boolean(), (newId, itemKind, text, critical) => {
        expect(applyMutation(full, { kind: 'add', id: newId, itemKind, content: text, critical }).kind).toBe('rejected');
      }),
    );
  });

  it('give a saved payload that survives the JSON round trip of a session entry and restores equal', () => {
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 30 }), (mutations) => {
        const state = applyAll(mutations);
        const entry = JSON.parse(JSON.stringify({ type: 'custom', id: 'e1', customType: STATE_ENTRY_TYPE, data: toStatePayload(state) })) as {
          type: string;
          id: string;
          customType: string;
          data: unknown;
        };
        expect(restoreFromBranch([entry])).toEqual({ kind: 'restored', entryId: 'e1', value: state });
      }),
    );
  });

  it('take every accepted id, kind and content typed into the command unchanged', () => {
    const acceptedId = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter(isValidId);
    const acceptedContent = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter(isValidContent);
    fc.assert(
      fc.property(acceptedId, kind, acceptedContent, fc.boolean(), (newId, itemKind, text, critical) => {
        fc.pre(text.trim() === text && (critical || !text.startsWith(CRITICAL_FLAG)));
        const line = `add ${newId} ${itemKind} ${critical ? `${CRITICAL_FLAG} ` : ''}${text}`;
        expect(parseCommand(line)).toEqual({ kind: 'mutation', mutation: { kind: 'add', id: newId, itemKind, content: text, critical } });
      }),
    );
  });
});

describe('the adapter on the fake host, over random sessions', () => {
  it(
    'saves one entry exactly for each change the rules accept, and every restore is the newest entry on the branch',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 100, size: 'max' }), async (steps) => {
          const host = await startGuardHost();
          for (const next of steps) {
            const entriesBefore = host.session.getEntries().length;
            let expected: GuardState;
            if (next.kind === 'request' || next.kind === 'line') {
              const before = await readGuard(host);
              const outcome = await request(host, next, before);
              expected = outcome?.kind === 'changed' ? outcome.state : before;
              expect(host.session.getEntries().length - entriesBefore, JSON.stringify(next)).toBe(outcome?.kind === 'changed' ? 1 : 0);
              if (outcome?.kind === 'changed') {
                expectEqual(readStatePayload((host.session.getLeafEntry() as { data?: unknown } | undefined)?.data), { ok: true, value: expected });
              }
            } else {
              await move(host, next);
              const newest = newestSaved(host);
              expected = newest.ok ? newest.value : EMPTY_GUARD_STATE;
              const notifications = host.takeNotifications();
              const warning = newest.ok ? [] : [{ message: formatUnreadableEntry(newest.problem), type: 'warning' }];
              // A newly saved entry is read once; an entry met again may have been reported to this instance already.
              if (next.kind === 'saved') expectEqual(notifications, warning, next.kind);
              else expectEqual(notifications, warning.slice(0, notifications.length), next.kind);
              if (next.kind !== 'fork' && next.kind !== 'turn') {
                expect(host.session.getEntries().length - entriesBefore, 'loading never appends').toBe(next.kind === 'saved' ? 1 : 0);
              }
            }
            expectEqual(await readGuard(host), expected, JSON.stringify(next));
            expect(host.statuses.get(FOOTER_STATUS_KEY)).toBe(formatFooter(expected));
            expectEqual(host.extensionErrors, []);
          }
        }),
        { numRuns: 200 },
      );
    },
    5 * 60_000,
  );

  const restore: SavedPayloadRestore<GuardState, UnreadableProblem> = {
    startHost: startGuardHost,
    savedStateType: STATE_ENTRY_TYPE,
    olderPayload: toStatePayload({ recovery: 'critical', items: [{ id: 'old', kind: 'goal', content: 'Older goal', critical: true }] }),
    readPayload: readStatePayload,
    unreadableWarning: formatUnreadableEntry,
    expectShown: async (host, reading) => {
      const state = reading.ok ? reading.value : EMPTY_GUARD_STATE;
      expectEqual(await readGuard(host), state);
      expect(host.statuses.get(FOOTER_STATUS_KEY)).toBe(formatFooter(state));
      // Only `status` says that the newest entry was discarded.
      expect(await readStatus(host)).toBe(statusText(state, { discarded: !reading.ok }));
    },
  };

  it(
    'restores whatever the newest saved entry holds as the payload reader reads it: a valid one silently, anything else with one warning, starting empty and appending nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(anyPayload, validPayload), fc.constantFrom(...SAVED_PAYLOAD_DELIVERIES), (data, delivery) =>
          expectSavedPayloadRestoredOrRefused(restore, data, delivery),
        ),
        { numRuns: 600 },
      );
    },
    5 * 60_000,
  );
});
