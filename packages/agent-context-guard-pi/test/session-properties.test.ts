import { CONTEXT_GUARD_SCHEMA_VERSION, createLiteralVerifier, verifyContext, type ContextItem } from '@j1nn0/agent-context-guard';
import { escapeTerminalText } from '@j1nn0/pi-adapter-kit';
import type { FakePiHost } from '@j1nn0/pi-testkit';
import { expectEqual } from '@j1nn0/test-checks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restoreCheckFromBranch, type CheckedItem, type CompactionCheck } from '../src/check-entry.js';
import { COMMAND_NAME, parseCommand } from '../src/commands.js';
import { newestCompaction, protectedSetAt, savedCheckOf } from '../src/compaction-history.js';
import { messageSeparatorFor, projectContext } from '../src/context-projection.js';
import {
  UNVERIFIABLE_COMPACTION,
  formatCheckNotice,
  formatCompactionFailed,
  formatOutcome,
  formatPendingCheck,
  formatRecoveryContent,
  formatStatus,
  formatUnreadableEntry,
} from '../src/format.js';
import { EMPTY_GUARD_STATE, countCritical, type GuardState } from '../src/guard-state.js';
import { applyMutation, type GuardMutation, type MutationOutcome } from '../src/mutations.js';
import { STATE_ENTRY_TYPE, readStatePayload, restoreFromBranch } from '../src/persistence.js';
import { RECOVERY_MESSAGE_TYPE } from '../src/recovery.js';
import { PROTECT_TOOL_NAME } from '../src/tools.js';
import { FOOTER_STATUS_KEY, formatFooter } from '../src/ui/footer.js';
import { CONTENT, OTHER_LINE, SAVED_DATA, changeArbitrary, commandLineOf, protectArgumentsOf } from './change-arbitraries.js';
import {
  compactAtTurnEnd,
  compactionIds,
  contextRequest,
  expectCleanRun,
  readGuard,
  readStatus,
  recoverySends,
  savedChecks,
  startGuardHostWithCompactor,
} from './context-guard-host.js';
import { PLACEMENTS, assistantMessage, customMessage, userMessage, type Placement } from './messages.js';

// Random sessions: changes to the protected set and the recovery mode by the person's command or the model's
// tool, other command lines, compactions (Pi's own, another extension's at a turn boundary, failed or cancelled
// ones), model requests, Pi storing what it was handed, saved entries of any data, restarts and other starts,
// a new session and back, /tree moves and forks. The oracle is src's pure functions and the core: the rules of
// a change (mutations.ts) and of reading a saved entry (persistence.ts), what the session says about each
// compaction (compaction-history.ts), the text a request shows (context-projection.ts), the core's verification
// of it and the formatter's words. After every step: the state is what the rules or the newest entry on the
// branch say, each compaction has at most one check, no failure reached Pi, no notification but a listing
// carries item content, `status` says what the session holds and the footer, with no compaction on the branch, the counts.

// The removed compaction fuzz ran 500 sequences, the removed random sessions of properties.test.ts 200 of 100 steps.
const RUNS = 200;
const MAX_STEPS = 100;

/**
 * Distinctive contents, so a notification that leaked one is caught; with changed whitespace and case, a sharp s
 * that upper-cases to two letters, and NUL and BEL controls at the ends and inside.
 */
const GUARDED_CONTENTS = [
  'Add CSV export to the report page',
  'Quote every field',
  'Keep  the\tpublic API stable',
  'Straße bleibt ÜBER Nacht',
  'Ship 🚀 before Friday',
  'Trailing NUL marker \u0000',
  '\u0000 leading NUL marker',
  'Bell \u0007 inside the text',
] as const;

/** How the content is written there; the core's verifier decides what still counts as the same text. */
const RENDERINGS = {
  exact: (content) => content,
  'upper case': (content) => content.toUpperCase(),
  respaced: (content) => content.split(/\s+/u).join(' \n\t '),
  truncated: (content) => Array.from(content).slice(0, -1).join(''),
  'without controls': (content) => content.replace(/\p{Cc}/gu, ''),
} satisfies Record<string, (content: string) => string>;
type Rendering = keyof typeof RENDERINGS;

interface MessagePlan {
  readonly placement: Placement;
  readonly mentions: readonly { readonly pick: number; readonly rendering: Rendering }[];
  readonly before: string;
  readonly after: string;
}

interface RequestPlan {
  readonly messages: readonly MessagePlan[];
  /** Whether the request ends with a recovery Pi stored after a prompt for an earlier build. */
  readonly carriesStoredCopy: boolean;
}

const requestPlan: fc.Arbitrary<RequestPlan> = fc.record({
  messages: fc.array(
    fc.record({
      placement: fc.constantFrom(...(Object.keys(PLACEMENTS) as Placement[])),
      // Exact twice as often as any other rendering.
      mentions: fc.array(fc.record({ pick: fc.nat(), rendering: fc.constantFrom<Rendering>('exact', ...(Object.keys(RENDERINGS) as Rendering[])) }), { maxLength: 3 }),
      before: fc.constantFrom('', '', 'Summary: ', 'We agreed:\n'),
      after: fc.constantFrom('', '', '.', ' and more.'),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  // A recovery an earlier build had Pi store after a prompt, where Pi put it.
  carriesStoredCopy: fc.boolean(),
});

const STORED_COPY = 'Context Guard recovery: a copy an earlier build had Pi store';

/** The request for a plan, mentioning the protected items. */
function buildRequest(plan: RequestPlan, items: readonly ContextItem[]): unknown[] {
  const messages = plan.messages.map((message) => {
    const mentioned = message.mentions.flatMap(({ pick, rendering }) => {
      const item = items[pick % Math.max(items.length, 1)];
      return item === undefined ? [] : [RENDERINGS[rendering](item.content)];
    });
    return PLACEMENTS[message.placement](`${message.before}${mentioned.join(' ')}${message.after}`);
  });
  return plan.carriesStoredCopy ? [...messages, customMessage(RECOVERY_MESSAGE_TYPE, STORED_COPY, false)] : messages;
}

type CompactionPath = 'pi' | 'turn boundary' | 'failed' | 'cancelled';

type Step =
  | { readonly kind: 'change'; readonly change: GuardMutation; readonly by: 'tool' | 'command' }
  | { readonly kind: 'line'; readonly line: string }
  | { readonly kind: 'compaction'; readonly path: CompactionPath }
  | { readonly kind: 'request'; readonly plan: RequestPlan }
  | { readonly kind: 'unreadable state saved' | 'turn' }
  | { readonly kind: 'saved'; readonly data: unknown; readonly times: 1 | 2 }
  | { readonly kind: 'reload'; readonly how: 'session_start x1' | 'session_start x2' | 'restart' | 'new session and back' }
  /** A /tree move or a fork at the entry `back` entries above the leaf: off a compaction, or to a branch without its check. */
  | { readonly kind: 'tree' | 'fork'; readonly back: number };

// Guarded contents mostly, so that a leak is caught and checks meet them; and the rules' own, some of which they refuse.
const changes = changeArbitrary(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...GUARDED_CONTENTS) }, { weight: 1, arbitrary: CONTENT }));

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('change' as const), change: changes, by: fc.constantFrom('tool' as const, 'command' as const) }) },
  { weight: 1, arbitrary: OTHER_LINE.map((line): Step => ({ kind: 'line', line })) },
  { weight: 4, arbitrary: fc.constant<Step>({ kind: 'compaction', path: 'pi' }) },
  { weight: 3, arbitrary: fc.constant<Step>({ kind: 'compaction', path: 'turn boundary' }) },
  { weight: 1, arbitrary: fc.constantFrom<CompactionPath>('failed', 'cancelled').map((path): Step => ({ kind: 'compaction', path })) },
  { weight: 10, arbitrary: requestPlan.map((plan): Step => ({ kind: 'request', plan })) },
  { weight: 1, arbitrary: fc.constantFrom<Step>({ kind: 'unreadable state saved' }, { kind: 'turn' }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('saved' as const), data: SAVED_DATA, times: fc.constantFrom(1 as const, 2 as const) }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('session_start x1' as const, 'session_start x2' as const, 'restart' as const, 'new session and back' as const).map((how): Step => ({ kind: 'reload', how })),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('tree' as const, 'fork' as const), back: fc.nat({ max: 6 }) }) },
);

/** What one host's run remembers between steps; a restart starts a new run of the extension. */
interface World {
  readonly host: FakePiHost;
  /** Whether the last load found the newest saved state unreadable (what `status` says). */
  discarded: boolean;
}

const items = (state: ReturnType<typeof protectedSetAt>): readonly ContextItem[] => (state.kind === 'restored' ? state.value.items : []);

/** The notifications of a step, none of which carries item content (raw or as displayed). */
function take(host: FakePiHost): ReturnType<FakePiHost['takeNotifications']> {
  const notifications = host.takeNotifications();
  const leaked = notifications.filter(({ message }) => GUARDED_CONTENTS.some((guarded) => message.includes(guarded) || message.includes(escapeTerminalText(guarded))));
  expectEqual(leaked, [], 'a notification never carries item content');
  return notifications;
}

/**
 * A change the model asks for with its tool or a person types (a typed line is parsed first and may ask for
 * nothing): the answer is the formatter's word for the rules' outcome, saved as one entry exactly when it
 * changed something.
 */
async function change(world: World, next: Extract<Step, { kind: 'change' | 'line' }>): Promise<void> {
  const { host } = world;
  const before = await readGuard(host);
  const entriesBefore = host.session.getEntries().length;
  const toolArguments = next.kind === 'change' && next.by === 'tool' ? protectArgumentsOf(next.change) : undefined;
  let outcome: MutationOutcome | undefined;
  if (next.kind === 'change' && toolArguments !== undefined) {
    const result = await host.executeTool(PROTECT_TOOL_NAME, toolArguments);
    outcome = applyMutation(before, next.change);
    const after = outcome.kind === 'changed' ? outcome.state : before;
    expectEqual(result, {
      content: [{ type: 'text', text: formatOutcome(outcome, 'model').message }],
      details: outcome.kind === 'changed' ? { items: after.items.length, critical: countCritical(after.items) } : {},
      isError: outcome.kind !== 'changed',
    });
    expectEqual(take(host), [], 'a tool call notifies nobody');
  } else {
    const line = next.kind === 'line' ? next.line : commandLineOf(next.change);
    await host.runCommand(COMMAND_NAME, line);
    const parsed = parseCommand(line);
    // A listing shows the contents the person asked for.
    const notifications = parsed.kind === 'read_only' && parsed.action === 'list' ? host.takeNotifications() : take(host);
    if (parsed.kind === 'mutation') {
      outcome = applyMutation(before, parsed.mutation);
      expectEqual(notifications, [formatOutcome(outcome, 'person')], line);
    } else {
      expect(notifications, line).toHaveLength(1);
    }
  }
  const expected = outcome?.kind === 'changed' ? outcome.state : before;
  expectEqual(await readGuard(host), expected);
  expect(host.session.getEntries().length - entriesBefore).toBe(outcome?.kind === 'changed' ? 1 : 0);
  if (outcome?.kind === 'changed') expectEqual(readStatePayload((host.session.getLeafEntry() as { data?: unknown } | undefined)?.data), { ok: true, value: expected });
}

/** One compaction by one of the paths that append it (or fail to): the guard never cancels it, and says at once what it will check. */
async function compaction(world: World, path: CompactionPath): Promise<void> {
  const { host } = world;
  const state = await readGuard(host);
  const entriesBefore = host.session.getEntries().length;
  switch (path) {
    case 'pi': {
      const { beforeResults } = await host.compact({ summary: 'The work so far.', reason: 'threshold' });
      expectEqual(beforeResults, [], 'the guard never cancels or alters a compaction');
      const branch = host.session.getBranch();
      const compacted = newestCompaction(branch);
      if (compacted === undefined) throw new Error('Pi appended no compaction');
      const at = items(protectedSetAt(branch, compacted));
      expectEqual(take(host), at.length === 0 ? [] : [{ message: formatPendingCheck(at), type: 'info' }]);
      break;
    }
    case 'turn boundary':
      await compactAtTurnEnd(host, 'The work so far.');
      expectEqual(take(host), [], 'nothing announced this compaction');
      break;
    case 'failed':
    case 'cancelled': {
      await host.compact({ fail: path === 'failed' ? 'error' : 'abort' });
      const aborted = path === 'cancelled';
      expectEqual(take(host), state.items.length === 0 ? [] : [{ message: formatCompactionFailed(aborted), type: aborted ? 'info' : 'warning' }]);
    }
  }
  expect(host.session.getEntries().length - entriesBefore).toBe(path === 'pi' || path === 'turn boundary' ? 1 : 0);
}

/**
 * A model request: the newest compaction is checked at the first request after it, exactly as the core verifies
 * the items protected when it was appended against what the request shows; in `critical` mode the recovery of
 * what was lost and a person still holds critical sits right after the newest compaction summary until Pi has it,
 * handed to Pi once.
 */
async function modelRequest(world: World, plan: RequestPlan): Promise<void> {
  const { host } = world;
  const state = await readGuard(host);
  const branch = host.session.getBranch();
  const entries = host.session.getEntries();
  const compacted = newestCompaction(branch);
  const messages = buildRequest(plan, state.items);
  // What the model reads: the request without the stored copy, which is checked and restated in its one place.
  const request = messages.filter((message) => (message as { customType?: unknown }).customType !== RECOVERY_MESSAGE_TYPE);
  const checkedBefore = compacted === undefined ? undefined : savedCheckOf(branch, compacted, entries);

  const returned = await contextRequest(host, messages);

  const notifications = take(host);
  const appended = host.session.getEntries().slice(entries.length);
  if (compacted === undefined) {
    expect(returned).toBeUndefined();
    expectEqual(notifications, []);
    expectEqual(appended, []);
    return;
  }
  const at = protectedSetAt(branch, compacted);
  const check = savedCheckOf(host.session.getBranch(), compacted, host.session.getEntries());
  if (checkedBefore !== undefined || (at.kind !== 'unreadable' && items(at).length === 0)) {
    expectEqual(appended, [], 'a compaction is checked once, and only with something to check');
    expectEqual(notifications, []);
  } else if (at.kind === 'unreadable') {
    expectEqual(check, { kind: 'unverifiable', compactionId: compacted.id });
    expectEqual(notifications, [{ message: UNVERIFIABLE_COMPACTION, type: 'warning' }]);
  } else {
    const protectedItems = items(at);
    const report = await verifyContext({
      snapshot: { schemaVersion: CONTEXT_GUARD_SCHEMA_VERSION, items: protectedItems },
      context: projectContext(request, undefined, messageSeparatorFor(protectedItems.map((item) => item.content))),
      verifier: createLiteralVerifier(),
    });
    const checked = (ids: readonly string[]): CheckedItem[] =>
      protectedItems.filter((item) => ids.includes(item.id)).map((item) => ({ id: item.id, critical: item.critical }));
    // Restored: the critical failures a person still holds critical, with the content protected then.
    const stillCritical = report.criticalFailures.filter((failed) => {
      const then = protectedItems.find((item) => item.id === failed);
      return state.items.some((now) => now.id === failed && now.critical && now.kind === then?.kind && now.content === then.content);
    });
    const restoredIds = state.recovery === 'critical' ? stillCritical : [];
    const expected: CompactionCheck = {
      kind: 'verified',
      compactionId: compacted.id,
      ok: report.ok,
      preserved: report.preserved.length,
      changed: checked(report.changed),
      lost: checked(report.lost),
      unknown: checked(report.unknown),
      restored: restoredIds.length,
      restoredIds,
    };
    expectEqual(check, expected, 'the saved check is the core verification of the request');
    expectEqual(notifications, [{ message: formatCheckNotice(expected), type: report.ok ? 'info' : 'warning' }]);
  }
  expect(appended, 'one check entry, at the first request after the compaction').toHaveLength(checkedBefore === undefined && check !== undefined ? 1 : 0);

  // The recovery the check decided on, as protected at the compaction, in every request after it, right after
  // the newest summary and nowhere else: never handed to Pi to store after a prompt.
  expect(recoverySends(host), 'nothing is handed to Pi').toEqual([]);
  const restored = check?.kind === 'verified' ? items(at).filter((item) => check.restoredIds.includes(item.id)) : [];
  const recovery = restored.length === 0 ? undefined : formatRecoveryContent(restored);
  if (recovery === undefined && request.length === messages.length) {
    expect(returned, 'nothing is added').toBeUndefined();
    return;
  }
  let place = 0;
  request.forEach((message, index) => {
    if ((message as { role?: unknown }).role === 'compactionSummary') place = index + 1;
  });
  const placed = recovery === undefined ? [] : [{ role: 'custom', customType: RECOVERY_MESSAGE_TYPE, content: recovery, display: false, timestamp: expect.any(Number) as unknown }];
  expect(returned, 'the stored copy gone, one recovery right after the newest compaction summary').toEqual([...request.slice(0, place), ...placed, ...request.slice(place)]);
}

async function reload(world: World, next: Extract<Step, { kind: 'saved' | 'reload' | 'tree' | 'fork' }>): Promise<void> {
  const { host } = world;
  const entriesBefore = host.session.getEntries().length;
  if (next.kind === 'saved') {
    host.session.appendEntry(STATE_ENTRY_TYPE, next.data);
    await host.startSession('resume', { times: next.times });
  } else if (next.kind !== 'reload') {
    const branch = host.session.getBranch();
    const target = branch.at(-1 - Math.min(next.back, branch.length - 1));
    // A move to the leaf itself is no move: Pi announces nothing.
    if (target === undefined || (next.kind === 'tree' && target.id === host.session.getLeafId())) return;
    await (next.kind === 'tree' ? host.navigateTree(target.id) : host.fork(target.id));
  } else if (next.how === 'restart') {
    await host.restart();
  } else if (next.how === 'new session and back') {
    const earlier = host.session;
    await host.newSession();
    await host.switchSession(earlier);
  } else {
    await host.startSession('startup', { times: next.how === 'session_start x1' ? 1 : 2 });
  }
  if (next.kind !== 'fork') expect(host.session.getEntries(), 'loading never appends').toHaveLength(entriesBefore + (next.kind === 'saved' ? 1 : 0));
  const restored = restoreFromBranch(host.session.getBranch());
  world.discarded = restored.kind === 'unreadable';
  const warning = restored.kind === 'unreadable' ? [{ message: formatUnreadableEntry(restored.problem), type: 'warning' }] : [];
  const notifications = take(host);
  // A newly saved entry is read once; an entry met again may have been reported to this instance already.
  expectEqual(notifications, next.kind === 'saved' ? warning : warning.slice(0, notifications.length), next.kind);
  expectEqual(await readGuard(host), restored.kind === 'restored' ? restored.value : EMPTY_GUARD_STATE);
}

async function act(world: World, next: Step): Promise<void> {
  const { host } = world;
  switch (next.kind) {
    case 'change':
    case 'line':
      return change(world, next);
    case 'compaction':
      return compaction(world, next.path);
    case 'request':
      return modelRequest(world, next.plan);
    case 'unreadable state saved':
      // An older adapter or a hand edit: the guard keeps what it holds until it loads again.
      host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE, data: { schemaVersion: 99 } });
      return;
    case 'turn':
      host.session.appendMessage(userMessage('Go on.'));
      host.session.appendMessage(assistantMessage('Done.'));
      return;
    default:
      return reload(world, next);
  }
}

/**
 * What `status` must say: the state, whether the newest compaction waits for its check, and the check to show;
 * with no compaction on the branch, the footer shows the counts.
 */
async function expectStatus(world: World): Promise<void> {
  const { host } = world;
  const branch = host.session.getBranch();
  const compacted = newestCompaction(branch);
  const saved = compacted === undefined ? undefined : savedCheckOf(branch, compacted, host.session.getEntries());
  const at = compacted === undefined ? undefined : protectedSetAt(branch, compacted);
  const state: GuardState = await readGuard(host);
  const verificationPending = saved === undefined && at !== undefined && (at.kind === 'unreadable' || items(at).length > 0);
  expectEqual(
    await readStatus(host),
    formatStatus({ state, discarded: world.discarded, verificationPending, lastCheck: saved ?? restoreCheckFromBranch(branch) }),
  );
  // From a compaction until its check the footer may say a check is pending (compaction.test.ts); without one, the counts.
  if (compacted === undefined) expect(host.statuses.get(FOOTER_STATUS_KEY)).toBe(formatFooter(state));
}

describe('the adapter over random sessions', () => {
  it(
    'changes as the rules say, restores the newest entry on the branch, checks each compaction at most once as the core verifies it, and restates what a person holds critical right after the summary',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: MAX_STEPS, size: 'max' }), async (steps) => {
          const world: World = { host: await startGuardHostWithCompactor(), discarded: false };
          for (const next of steps) {
            await act(world, next);
            const compactions = compactionIds(world.host);
            const checked = savedChecks(world.host).map((check) => check.compactionId);
            expectEqual(checked.filter((id, index) => checked.indexOf(id) !== index || !compactions.includes(id)), [], 'one check a compaction at most');
            await expectStatus(world);
            expectEqual(world.host.extensionErrors, []);
          }
          expectCleanRun(world.host);
        }),
        { numRuns: RUNS },
      );
    },
    10 * 60_000,
  );
});
