import { CONTEXT_GUARD_SCHEMA_VERSION, createLiteralVerifier, verifyContext, type ContextItem, type ContextItemKind } from '@j1nn0/agent-context-guard';
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
  formatPendingCheck,
  formatRecoveryContent,
  formatStatus,
  formatUnreadableEntry,
} from '../src/format.js';
import { EMPTY_GUARD_STATE, type GuardState } from '../src/guard-state.js';
import { applyMutation, type MutationOutcome } from '../src/mutations.js';
import { STATE_ENTRY_TYPE, restoreFromBranch } from '../src/persistence.js';
import { RECOVERY_MESSAGE_TYPE, containsRecovery } from '../src/recovery.js';
import { PROTECT_TOOL_NAME } from '../src/tools.js';
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
import {
  assistantMessage,
  bashExecutionMessage,
  branchSummaryMessage,
  compactionSummaryMessage,
  customMessage,
  toolResultMessage,
  userMessage,
  userStringMessage,
} from './messages.js';

// Random interleavings of compactions (Pi's own, another extension's at a turn boundary, failed or cancelled
// ones), model requests, changes to the protected set and the recovery mode, Pi storing what it was handed,
// reloads and restarts. The oracle is src's pure functions and the core: what the session says about each
// compaction (compaction-history.ts), the text a request shows (context-projection.ts), the core's verification
// of it, the rules of a change (mutations.ts) and the formatter's words. After every step: each compaction has
// at most one check, no failure reached Pi, no notification carries item content, and `status` says what the
// session holds.

// The removed compaction fuzz ran 500 sequences; 200 keep this file near 3 s on two cores.
const RUNS = 200;
const MAX_STEPS = 60;

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

/** Where an item's content may appear: in text the model sees, or in parts it never sees. */
const PLACEMENTS = [
  'compaction summary',
  'branch summary',
  'user text',
  'user string',
  'assistant text',
  'assistant thinking and tool call',
  'tool result',
  'custom message',
  'bash output',
  'bash output excluded with !!',
] as const;
type Placement = (typeof PLACEMENTS)[number];

/** How the content is written there; the core's verifier decides what still counts as the same text. */
const RENDERINGS = ['exact', 'exact', 'upper case', 'respaced', 'truncated', 'without controls'] as const;
type Rendering = (typeof RENDERINGS)[number];

interface MessagePlan {
  readonly placement: Placement;
  readonly mentions: readonly { readonly pick: number; readonly rendering: Rendering }[];
  readonly before: string;
  readonly after: string;
}

interface RequestPlan {
  readonly messages: readonly MessagePlan[];
  /** Whether the request holds Pi's stored copies of the recoveries handed to it so far. */
  readonly carryStoredRecoveries: boolean;
}

const requestPlan: fc.Arbitrary<RequestPlan> = fc.record({
  messages: fc.array(
    fc.record({
      placement: fc.constantFrom(...PLACEMENTS),
      mentions: fc.array(fc.record({ pick: fc.nat(), rendering: fc.constantFrom(...RENDERINGS) }), { maxLength: 3 }),
      before: fc.constantFrom('', '', 'Summary: ', 'We agreed:\n'),
      after: fc.constantFrom('', '', '.', ' and more.'),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  carryStoredRecoveries: fc.boolean(),
});

function render(content: string, rendering: Rendering): string {
  switch (rendering) {
    case 'exact':
      return content;
    case 'upper case':
      return content.toUpperCase();
    case 'respaced':
      return content.split(/\s+/u).join(' \n\t ');
    case 'truncated':
      return Array.from(content).slice(0, -1).join('');
    case 'without controls':
      return content.replace(/\p{Cc}/gu, '');
  }
}

function buildMessage(placement: Placement, text: string): unknown {
  switch (placement) {
    case 'compaction summary':
      return compactionSummaryMessage(text);
    case 'branch summary':
      return branchSummaryMessage(text);
    case 'user text':
      return userMessage(text);
    case 'user string':
      return userStringMessage(text);
    case 'assistant text':
      return assistantMessage(text);
    case 'assistant thinking and tool call':
      return assistantMessage('Working on it.', [
        { type: 'thinking', thinking: text },
        { type: 'toolCall', id: 'call_1', name: 'write', arguments: { notes: text } },
      ]);
    case 'tool result':
      return toolResultMessage(text);
    case 'custom message':
      return customMessage('other-extension', text);
    case 'bash output':
      return bashExecutionMessage('cat notes.md', text);
    case 'bash output excluded with !!':
      return bashExecutionMessage('cat notes.md', text, true);
  }
}

/** The request for a plan, mentioning the protected items; `handed` are the recoveries handed to Pi so far. */
function buildRequest(plan: RequestPlan, items: readonly ContextItem[], handed: readonly string[]): unknown[] {
  const messages = plan.messages.map((message) => {
    const mentioned = message.mentions.flatMap(({ pick, rendering }) => {
      const item = items[pick % Math.max(items.length, 1)];
      return item === undefined ? [] : [render(item.content, rendering)];
    });
    return buildMessage(message.placement, `${message.before}${mentioned.join(' ')}${message.after}`);
  });
  // Pi stores each handed-over recovery once; one stored twice would be two turns apart, across a compaction.
  const carried = plan.carryStoredRecoveries ? [...new Set(handed)] : [];
  return [...messages, ...carried.map((content) => customMessage(RECOVERY_MESSAGE_TYPE, content, false))];
}

type CompactionPath = 'pi' | 'turn boundary' | 'failed' | 'cancelled';

type Step =
  | { readonly kind: 'command'; readonly line: string }
  | { readonly kind: 'protect'; readonly args: { readonly id: string; readonly kind: ContextItemKind; readonly content: string } }
  | { readonly kind: 'compaction'; readonly path: CompactionPath }
  | { readonly kind: 'request'; readonly plan: RequestPlan }
  | { readonly kind: 'pi stores recoveries' | 'unreadable state saved' }
  | { readonly kind: 'reload'; readonly how: 'session_start x1' | 'session_start x2' | 'restart' };

const itemId = fc.constantFrom('ship', 'quote', 'api', 'utf8');
const content = fc.constantFrom(...GUARDED_CONTENTS);
const itemKind = fc.constantFrom<ContextItemKind>('goal', 'constraint', 'decision');

const commandLine = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(itemId, itemKind, fc.constantFrom('', '--critical '), content).map(([id, kind, flag, text]) => `add ${id} ${kind} ${flag}${text}`) },
  { weight: 2, arbitrary: itemId.map((id) => `remove ${id}`) },
  { weight: 2, arbitrary: fc.tuple(itemId, fc.constantFrom('on', 'off')).map(([id, on]) => `critical ${id} ${on}`) },
  { weight: 1, arbitrary: fc.constant('clear --yes') },
  { weight: 3, arbitrary: fc.constantFrom('recovery critical', 'recovery off') },
);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: commandLine.map((line): Step => ({ kind: 'command', line })) },
  { weight: 2, arbitrary: fc.record({ id: itemId, kind: itemKind, content }).map((args): Step => ({ kind: 'protect', args })) },
  { weight: 4, arbitrary: fc.constant<Step>({ kind: 'compaction', path: 'pi' }) },
  { weight: 3, arbitrary: fc.constant<Step>({ kind: 'compaction', path: 'turn boundary' }) },
  { weight: 1, arbitrary: fc.constantFrom<CompactionPath>('failed', 'cancelled').map((path): Step => ({ kind: 'compaction', path })) },
  { weight: 10, arbitrary: requestPlan.map((plan): Step => ({ kind: 'request', plan })) },
  { weight: 1, arbitrary: fc.constantFrom<Step>({ kind: 'pi stores recoveries' }, { kind: 'unreadable state saved' }) },
  { weight: 2, arbitrary: fc.constantFrom('session_start x1' as const, 'session_start x2' as const, 'restart' as const).map((how): Step => ({ kind: 'reload', how })) },
);

/** What one host's run remembers between steps; a restart starts a new run of the extension. */
interface World {
  readonly host: FakePiHost;
  /** Recoveries handed to Pi in this run that no request has carried and Pi has not stored: each is handed over once. */
  handedOver: Set<string>;
  /** Whether the last load found the newest saved state unreadable (what `status` says). */
  discarded: boolean;
}

const items = (state: ReturnType<typeof protectedSetAt>): readonly ContextItem[] => (state.kind === 'restored' ? state.value.items : []);

/** Whether these entries hold a recovery with this content that Pi stored. */
function storedRecovery(entries: readonly unknown[], content: string): boolean {
  return entries.some((entry) => {
    const fields = entry as Readonly<Record<string, unknown>>;
    return fields['type'] === 'custom_message' && fields['customType'] === RECOVERY_MESSAGE_TYPE && fields['content'] === content;
  });
}

/** The notifications of a step, none of which carries item content (raw or as displayed). */
function take(host: FakePiHost): ReturnType<FakePiHost['takeNotifications']> {
  const notifications = host.takeNotifications();
  const leaked = notifications.filter(({ message }) => GUARDED_CONTENTS.some((guarded) => message.includes(guarded) || message.includes(escapeTerminalText(guarded))));
  expectEqual(leaked, [], 'a notification never carries item content');
  return notifications;
}

/** A change to the protected set or the mode: the rules' outcome, saved as one entry exactly when it changed something. */
async function change(world: World, next: Extract<Step, { kind: 'command' | 'protect' }>): Promise<void> {
  const { host } = world;
  const before = await readGuard(host);
  const entriesBefore = host.session.getEntries().length;
  let outcome: MutationOutcome;
  if (next.kind === 'protect') {
    await host.executeTool(PROTECT_TOOL_NAME, next.args);
    outcome = applyMutation(before, { kind: 'add', id: next.args.id, itemKind: next.args.kind, content: next.args.content, critical: false });
  } else {
    await host.runCommand(COMMAND_NAME, next.line);
    const parsed = parseCommand(next.line);
    if (parsed.kind !== 'mutation') throw new Error(`the steps draw changes only: ${next.line}`);
    outcome = applyMutation(before, parsed.mutation);
  }
  expectEqual(await readGuard(host), outcome.kind === 'changed' ? outcome.state : before);
  expect(host.session.getEntries().length - entriesBefore).toBe(outcome.kind === 'changed' ? 1 : 0);
  take(host);
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
  const handedEver = recoverySends(host).map(([message]) => (message as { content: string }).content);
  const messages = buildRequest(plan, state.items, handedEver);
  const checkedBefore = compacted === undefined ? undefined : savedCheckOf(branch, compacted, entries);
  const sendsBefore = recoverySends(host).length;
  for (const handed of world.handedOver) {
    if (containsRecovery(messages, handed) || storedRecovery(entries, handed)) world.handedOver.delete(handed);
  }

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
      context: projectContext(messages, undefined, messageSeparatorFor(protectedItems.map((item) => item.content))),
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

  // The recovery the check decided on, as protected at the compaction, unless the request or the branch holds it.
  const restored = check?.kind === 'verified' ? items(at).filter((item) => check.restoredIds.includes(item.id)) : [];
  const recovery = restored.length === 0 ? undefined : formatRecoveryContent(restored);
  const storedAfter = recovery !== undefined && storedRecovery(branch.slice(compacted.index + 1), recovery);
  if (recovery === undefined || storedAfter || containsRecovery(messages, recovery)) {
    expect(returned, 'nothing is added').toBeUndefined();
    expect(recoverySends(host)).toHaveLength(sendsBefore);
    return;
  }
  let place = 0;
  messages.forEach((message, index) => {
    if ((message as { role?: unknown }).role === 'compactionSummary') place = index + 1;
  });
  expect(returned, 'one recovery, right after the newest compaction summary').toEqual([
    ...messages.slice(0, place),
    { role: 'custom', customType: RECOVERY_MESSAGE_TYPE, content: recovery, display: false, timestamp: expect.any(Number) as unknown },
    ...messages.slice(place),
  ]);
  const sent = recoverySends(host).slice(sendsBefore).map(([message]) => (message as { content: string }).content);
  expectEqual(sent, world.handedOver.has(recovery) ? [] : [recovery], 'handed to Pi once until a request carries it or Pi stores it');
  world.handedOver.add(recovery);
}

async function act(world: World, next: Step): Promise<void> {
  const { host } = world;
  switch (next.kind) {
    case 'command':
    case 'protect':
      return change(world, next);
    case 'compaction':
      return compaction(world, next.path);
    case 'request':
      return modelRequest(world, next.plan);
    case 'pi stores recoveries':
      // Pi stores what it was handed with the next user prompt, as a custom message entry.
      for (const handed of world.handedOver) {
        host.session.appendRaw({ type: 'custom_message', customType: RECOVERY_MESSAGE_TYPE, content: handed, display: false });
      }
      return;
    case 'unreadable state saved':
      // An older adapter or a hand edit: the guard keeps what it holds until it loads again.
      host.session.appendRaw({ type: 'custom', customType: STATE_ENTRY_TYPE, data: { schemaVersion: 99 } });
      return;
    case 'reload': {
      const entriesBefore = host.session.getEntries().length;
      if (next.how === 'restart') {
        await host.restart();
        world.handedOver = new Set();
      } else {
        await host.startSession('startup', { times: next.how === 'session_start x1' ? 1 : 2 });
      }
      expect(host.session.getEntries(), 'loading never appends').toHaveLength(entriesBefore);
      const restored = restoreFromBranch(host.session.getBranch());
      world.discarded = restored.kind === 'unreadable';
      const warning = restored.kind === 'unreadable' ? [{ message: formatUnreadableEntry(restored.problem), type: 'warning' }] : [];
      const notifications = take(host);
      expectEqual(notifications, warning.slice(0, notifications.length));
      expectEqual(await readGuard(host), restored.kind === 'restored' ? restored.value : EMPTY_GUARD_STATE);
    }
  }
}

/** What `status` must say: the state, whether the newest compaction waits for its check, and the check to show. */
async function expectStatus(world: World): Promise<void> {
  const { host } = world;
  const branch = host.session.getBranch();
  const compacted = newestCompaction(branch);
  const saved = compacted === undefined ? undefined : savedCheckOf(branch, compacted, host.session.getEntries());
  const at = compacted === undefined ? undefined : protectedSetAt(branch, compacted);
  const state: GuardState = await readGuard(host);
  expectEqual(
    await readStatus(host),
    formatStatus({
      state,
      discarded: world.discarded,
      verificationPending: saved === undefined && at !== undefined && (at.kind === 'unreadable' || items(at).length > 0),
      lastCheck: saved ?? restoreCheckFromBranch(branch),
    }),
  );
}

describe('the compaction lifecycle under random interleavings', () => {
  it(
    'checks each compaction at most once, as the core verifies it, and restates what a person holds critical right after the summary',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: MAX_STEPS, size: 'max' }), async (steps) => {
          const world: World = { host: await startGuardHostWithCompactor(), handedOver: new Set(), discarded: false };
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
