import { addSavedPayloadRestoreTest, asSavedEntry, outputSchemaProblems, type SavedPayloadRestore } from '@j1nn0/pi-testkit/adapter-suites';
import { expectEqual } from '@j1nn0/test-checks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRITICAL_FLAG, parseCommand } from '../src/commands.js';
import { formatUnreadableEntry } from '../src/format.js';
import { EMPTY_GUARD_STATE, RECOVERY_MODES, type GuardState } from '../src/guard-state.js';
import { MAX_ITEMS, isValidContent, isValidId } from '../src/limits.js';
import { applyMutation, type GuardMutation } from '../src/mutations.js';
import { STATE_ENTRY_TYPE, readStatePayload, restoreFromBranch, toStatePayload, type UnreadableProblem } from '../src/persistence.js';
import { CONTEXT_GUARD_OUTPUT_SCHEMA } from '../src/structured-output.js';
import { FOOTER_STATUS_KEY, formatFooter } from '../src/ui/footer.js';
import { CONTENT, ID, KIND, changeArbitrary, commandLineOf, crowdedState } from './change-arbitraries.js';
import { listResult, readStatus, startGuardHost } from './context-guard-host.js';
import { statusText } from './expected-messages.js';
import { anyPayload, validPayload } from './payload-arbitraries.js';

// The rules are the pure mutation function (mutations.ts) and the payload reader (persistence.ts); these
// properties state what must hold over them, with those functions as the only oracle: nothing here restates
// a rule or a limit. That the adapter holds to them over random sessions, compactions among them, is
// session-properties.test.ts's.

/** The state after `mutations`, each applied by the rules to what the one before left. */
function applyAll(mutations: readonly GuardMutation[], start: GuardState = EMPTY_GUARD_STATE): GuardState {
  return mutations.reduce((state, next) => {
    const outcome = applyMutation(state, next);
    return outcome.kind === 'changed' ? outcome.state : state;
  }, start);
}

const mutation = changeArbitrary();

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
      fc.property(ID, KIND, CONTENT, fc.boolean(), (newId, itemKind, text, critical) => {
        expect(applyMutation(full, { kind: 'add', id: newId, itemKind, content: text, critical }).kind).toBe('rejected');
      }),
    );
  });

  it('give a saved payload that survives the JSON round trip of a session entry and restores equal', () => {
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 30 }), (mutations) => {
        const state = applyAll(mutations);
        const entry = asSavedEntry(STATE_ENTRY_TYPE, toStatePayload(state));
        expect(restoreFromBranch([entry])).toEqual({ kind: 'restored', entryId: 'e1', value: state });
      }),
    );
  });

  it('read back every change a person can type as that change, ids, kinds and contents unchanged', () => {
    const typedId = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter(isValidId);
    const typedContent = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((text) => isValidContent(text) && text.trim() === text);
    const typed: fc.Arbitrary<GuardMutation> = fc.oneof(
      fc
        .record({ kind: fc.constant('add' as const), id: typedId, itemKind: KIND, content: typedContent, critical: fc.boolean() })
        .filter((add) => add.critical || !add.content.startsWith(CRITICAL_FLAG)),
      fc.record({ kind: fc.constant('remove' as const), id: typedId }),
      fc.record({ kind: fc.constant('set_critical' as const), id: typedId, critical: fc.boolean() }),
      fc.constant({ kind: 'clear' as const }),
      fc.record({ kind: fc.constant('set_recovery' as const), recovery: fc.constantFrom(...RECOVERY_MODES) }),
    );
    fc.assert(
      fc.property(typed, (change) => {
        expect(parseCommand(commandLineOf(change))).toEqual({ kind: 'mutation', mutation: change });
      }),
    );
  });
});

describe('the adapter on the fake host', () => {
  const restore: SavedPayloadRestore<GuardState, UnreadableProblem> = {
    startHost: startGuardHost,
    savedStateType: STATE_ENTRY_TYPE,
    olderPayload: toStatePayload({ recovery: 'critical', items: [{ id: 'old', kind: 'goal', content: 'Older goal', critical: true }] }),
    readPayload: readStatePayload,
    unreadableWarning: formatUnreadableEntry,
    expectShown: async (host, reading) => {
      const state = reading.ok ? reading.value : EMPTY_GUARD_STATE;
      // What context_guard_list gives a program: the state exactly, ids and contents not escaped, as its schema says.
      const { structuredContent } = await listResult(host);
      expectEqual(structuredContent, { items: state.items, recovery: state.recovery });
      expectEqual(outputSchemaProblems(CONTEXT_GUARD_OUTPUT_SCHEMA, structuredContent), []);
      expect(host.statuses.get(FOOTER_STATUS_KEY)).toBe(formatFooter(state));
      // Only `status` says that the newest entry was discarded.
      expect(await readStatus(host)).toBe(statusText(state, { discarded: !reading.ok }));
    },
  };

  addSavedPayloadRestoreTest(restore, fc.oneof(anyPayload, validPayload));
});
