import { WORK_ITEM_STATUSES, type AgentStateSnapshot } from '@j1nn0/agent-state';
import type { FakePiHost } from '@j1nn0/pi-testkit';
import { addSavedPayloadRestoreTest, asSavedEntry, type SavedPayloadRestore } from '@j1nn0/pi-testkit/adapter-suites';
import { expectEqual } from '@j1nn0/test-checks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../src/commands.js';
import { formatUnreadableEntry } from '../src/format.js';
import { MAX_DECISIONS, MAX_WORK_ITEMS, isQuotedId, isValidId, isValidText } from '../src/limits.js';
import { applyMutation, confirmingMutation, isEmptySnapshot, type StateMutation } from '../src/mutations.js';
import { declaredOnBranch } from '../src/since.js';
import { STATE_ENTRY_TYPE, readStatePayload, restoreFromBranch, toStatePayload, type UnreadableProblem } from '../src/persistence.js';
import { FOOTER_STATUS_KEY, formatFooter } from '../src/ui/footer.js';
import { readState, startAgentStateHost } from './agent-state-host.js';
import { anyPayload, validPayload } from './payload-arbitraries.js';
import { EMPTY_SNAPSHOT, snapshotOf } from './snapshots.js';

// The rules are the pure mutation functions (mutations.ts) and the payload reader (persistence.ts); these
// properties state what must hold over them and hold for the adapter on the fake host, with those
// functions as the only oracle: nothing here restates a rule or a limit.

// An accepted id: within the id rule and not starting or ending with a quote.
const acceptedId = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((id) => isValidId(id) && !isQuotedId(id));
const acceptedText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter(isValidText);

// Ids and texts that repeat often enough to meet duplicates, unknown ids and no-ops, and some that break a rule.
const id = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'c') },
  { weight: 2, arbitrary: fc.constantFrom('__proto__', 'é', '🙂'.repeat(64), '"quoted', 'x'.repeat(65), 'esc\u001b[2J', 'half\ud800', 'a b', '') },
);
const text = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('A', 'Parse the arguments', 'tab\tinside') },
  { weight: 1, arbitrary: fc.constantFrom('   ', '', 'y'.repeat(501), '🙂'.repeat(501)) },
);
const status = fc.constantFrom(...WORK_ITEM_STATUSES);

const mutation: fc.Arbitrary<StateMutation> = fc.oneof(
  fc.record({ kind: fc.constant('set_objective' as const), objective: text }),
  fc.record({ kind: fc.constant('add_work_item' as const), id, content: text }),
  fc.record({ kind: fc.constant('add_work_item' as const), id, content: text, status }),
  fc.record({ kind: fc.constant('set_status' as const), id, status }),
  fc.record({ kind: fc.constant('remove_work_item' as const), id }),
  fc.record({ kind: fc.constant('add_decision' as const), id, content: text }),
  fc.constant({ kind: 'clear' as const }),
);

/** The snapshot after `mutations`, each applied by the rules to what the one before left. */
function applyAll(mutations: readonly StateMutation[], start: AgentStateSnapshot = EMPTY_SNAPSHOT): AgentStateSnapshot {
  return mutations.reduce((snapshot, next) => {
    const outcome = applyMutation(snapshot, next);
    return outcome.kind === 'changed' ? outcome.snapshot : snapshot;
  }, start);
}

/** The tool and arguments the model would send for `change`; a person's objective, remove and clear have none. */
function toolCallOf(change: StateMutation): readonly [string, Record<string, unknown>] | undefined {
  switch (change.kind) {
    case 'add_work_item':
      return ['agent_state_add_work_item', change.status === undefined ? { id: change.id, content: change.content } : { id: change.id, content: change.content, status: change.status }];
    case 'set_status':
      return ['agent_state_set_work_item_status', { id: change.id, status: change.status }];
    case 'add_decision':
      return ['agent_state_add_decision', { id: change.id, content: change.content }];
    default:
      return undefined;
  }
}

/** The `/agent-state` arguments a person would type for `change` (a status given at add is not typed). */
function commandLineOf(change: StateMutation): string {
  switch (change.kind) {
    case 'set_objective':
      return `objective ${change.objective}`;
    case 'add_work_item':
      return `add ${change.id} ${change.content}`;
    case 'set_status':
      return `set ${change.id} ${change.status}`;
    case 'remove_work_item':
      return `remove ${change.id}`;
    case 'add_decision':
      return `decide ${change.id} ${change.content}`;
    case 'clear':
      return 'clear --yes';
    case 'confirm_status':
      return `set ${change.id} ${change.status}`;
  }
}

/**
 * Sends `change` as a tool call or a command line and returns what the adapter was asked for: a typed line
 * is parsed first, and may split differently or be refused before the rules (undefined).
 */
async function request(host: FakePiHost, change: StateMutation, by: 'tool' | 'command'): Promise<StateMutation | undefined> {
  const toolCall = by === 'tool' ? toolCallOf(change) : undefined;
  if (toolCall !== undefined) {
    await host.executeTool(...toolCall);
    return change;
  }
  const line = commandLineOf(change);
  await host.runCommand('agent-state', line);
  const parsed = parseCommand(line);
  return parsed.kind === 'mutation' ? parsed.mutation : undefined;
}

/** The state a restore must give: the newest state entry on the current branch, read by the payload reader. */
function restoredFromBranch(host: FakePiHost): AgentStateSnapshot {
  const newest = host.session.getBranch().filter((entry) => entry.type === 'custom' && entry.customType === STATE_ENTRY_TYPE).at(-1);
  if (newest === undefined) return EMPTY_SNAPSHOT;
  const read = readStatePayload((newest as { data?: unknown }).data);
  return read.ok ? read.value : EMPTY_SNAPSHOT;
}

type Step =
  | { readonly kind: 'request'; readonly change: StateMutation; readonly by: 'tool' | 'command' }
  | { readonly kind: 'restart' | 'session_start_twice' | 'new_session_and_back' }
  | { readonly kind: 'tree' | 'fork'; readonly back: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('request' as const), change: mutation, by: fc.constantFrom('tool' as const, 'command' as const) }) },
  { weight: 1, arbitrary: fc.constantFrom({ kind: 'restart' as const }, { kind: 'session_start_twice' as const }, { kind: 'new_session_and_back' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('tree' as const, 'fork' as const), back: fc.nat({ max: 6 }) }) },
);

/** Runs a session move; the entry it goes to is `back` entries above the leaf. */
async function move(host: FakePiHost, next: Exclude<Step, { kind: 'request' }>): Promise<void> {
  switch (next.kind) {
    case 'restart':
      return host.restart();
    case 'session_start_twice':
      return host.startSession('startup', { times: 2 });
    case 'new_session_and_back': {
      const earlier = host.session;
      await host.newSession();
      expectEqual(await readState(host), EMPTY_SNAPSHOT, 'in a new session');
      expect(host.statuses.has(FOOTER_STATUS_KEY)).toBe(false);
      await host.switchSession(earlier);
      return;
    }
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
  it('keep ids unique and the counts within the limits', () => {
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 40 }), (mutations) => {
        const snapshot = applyAll(mutations);
        for (const ids of [snapshot.workItems.map((item) => item.id), snapshot.decisions.map((decision) => decision.id)]) {
          expect(new Set(ids).size).toBe(ids.length);
          for (const recorded of ids) expect(isValidId(recorded)).toBe(true);
        }
        expect(snapshot.workItems.length).toBeLessThanOrEqual(MAX_WORK_ITEMS);
        expect(snapshot.decisions.length).toBeLessThanOrEqual(MAX_DECISIONS);
      }),
    );
  });

  it('refuse a change at the limits and change nothing else', () => {
    const full = snapshotOf({
      workItems: Array.from({ length: MAX_WORK_ITEMS }, (_, index) => ({ id: `w${index.toString()}`, content: 'W' })),
      decisions: Array.from({ length: MAX_DECISIONS }, (_, index) => ({ id: `d${index.toString()}`, content: 'D' })),
    });
    fc.assert(
      fc.property(acceptedId, acceptedText, (newId, content) => {
        for (const add of [{ kind: 'add_work_item', id: newId, content }, { kind: 'add_decision', id: newId, content }] as const) {
          expect(applyMutation(full, add).kind).toBe('rejected');
        }
      }),
    );
  });

  it('give a saved snapshot that survives the JSON round trip of a session entry and restores equal', () => {
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 30 }), fc.constantFrom('person' as const, 'model' as const), (mutations, by) => {
        const snapshot = applyAll(mutations);
        const entry = asSavedEntry(STATE_ENTRY_TYPE, toStatePayload(snapshot, by));
        expect(restoreFromBranch([entry])).toEqual({ kind: 'restored', entryId: 'e1', value: snapshot });
      }),
    );
  });

  it('take every accepted id and content typed into the command unchanged', () => {
    fc.assert(
      fc.property(acceptedId, acceptedText, (newId, content) => {
        fc.pre(content.trim() === content);
        expect(parseCommand(`add ${newId} ${content}`)).toEqual({ kind: 'mutation', mutation: { kind: 'add_work_item', id: newId, content } });
      }),
    );
  });
});

describe('the adapter on the fake host, over random sessions', () => {
  it(
    'saves one entry exactly for each change the rules accept (a confirmation of the model\'s status included), every restore is the newest entry on the branch, and the footer follows',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
          const host = await startAgentStateHost();
          for (const next of steps) {
            const entriesBefore = host.session.getEntries().length;
            if (next.kind === 'request') {
              const before = await readState(host);
              // A person's set to the status the model declared confirms it (a saved change of who declared it).
              const declared = declaredOnBranch(host.session.getBranch(), before);
              const parsed = await request(host, next.change, next.by);
              const caller = next.by === 'tool' ? 'model' : 'person';
              const outcome = parsed === undefined ? undefined : applyMutation(before, confirmingMutation(parsed, before, declared, caller));
              const after = outcome?.kind === 'changed' ? outcome.snapshot : before;
              expectEqual(await readState(host), after, `after ${JSON.stringify(next)}`);
              expect(host.session.getEntries().length - entriesBefore).toBe(outcome?.kind === 'changed' ? 1 : 0);
              if (outcome?.kind === 'changed') {
                expect(readStatePayload((host.session.getLeafEntry() as { data?: unknown } | undefined)?.data)).toEqual({ ok: true, value: after });
              }
            } else {
              await move(host, next);
              expectEqual(await readState(host), restoredFromBranch(host), `after ${next.kind}`);
            }
            // The footer follows the state, cleared when it is empty (an RPC client's footer: no terminal bar).
            const shown = await readState(host);
            expect(host.statuses.get(FOOTER_STATUS_KEY)).toBe(formatFooter(shown));
            expect(host.extensionErrors).toEqual([]);
          }
        }),
        { numRuns: 100 },
      );
    },
    60_000,
  );

  const restore: SavedPayloadRestore<AgentStateSnapshot, UnreadableProblem> = {
    startHost: startAgentStateHost,
    savedStateType: STATE_ENTRY_TYPE,
    olderPayload: { schemaVersion: 1, state: snapshotOf({ objective: 'Older' }) },
    readPayload: readStatePayload,
    unreadableWarning: formatUnreadableEntry,
    expectShown: async (host, reading) => {
      expectEqual(await readState(host), reading.ok ? reading.value : EMPTY_SNAPSHOT);
      expect(host.statuses.has(FOOTER_STATUS_KEY)).toBe(reading.ok && !isEmptySnapshot(reading.value));
    },
  };

  addSavedPayloadRestoreTest(restore, fc.oneof(anyPayload, validPayload));
});
