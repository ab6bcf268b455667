import { CONTEXT_ITEM_KINDS } from '@j1nn0/agent-context-guard';
import type { FakePiHost } from '@j1nn0/pi-testkit';
import { displayProblems, expectEqual, expectSame, MEGABYTE_STRINGS, SHORT_MESSAGE_LENGTH } from '@j1nn0/test-checks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isContextItemKind, type GuardState } from '../src/guard-state.js';
import { STATE_ENTRY_TYPE, toStatePayload } from '../src/persistence.js';
import { PROTECT_TOOL_NAME } from '../src/tools.js';
import { FOOTER_STATUS_KEY } from '../src/ui/footer.js';
import { readGuard, resultText, runGuard, startGuardHost } from './context-guard-host.js';
import { hostileString } from './hostile-text.js';

// Arbitrary text as command arguments and as every tool field: the answer is a short, display-safe message
// (or a listing), never an exception, a stack trace or a raw terminal control; and whatever was accepted is
// shown safely and comes back unchanged after a restart.

const RUNS = 600;

/** Ids `a` and `b` exist, so remove and duplicate paths are reached as well as unknown ids. */
const SEEDED_STATE: GuardState = {
  recovery: 'off',
  items: [
    { id: 'a', kind: 'goal', content: 'A', critical: true },
    { id: 'b', kind: 'fact', content: 'B', critical: false },
  ],
};

async function startSeededHost(): Promise<FakePiHost> {
  const host = await startGuardHost();
  host.session.appendEntry(STATE_ENTRY_TYPE, toStatePayload(SEEDED_STATE));
  await host.startSession('resume');
  return host;
}

const SURELY_VALID_CRITICAL: readonly unknown[] = [true, false, undefined, 'true', 'false'];

function expectShortSafeMessage(message: string): void {
  expect(message.length).toBeLessThanOrEqual(SHORT_MESSAGE_LENGTH);
  expectEqual(displayProblems(message), []);
}

/** After any request: no failure reached Pi, the state shows safely, and a restart restores it silently and whole. */
async function expectSafeAndDurable(host: FakePiHost): Promise<void> {
  expectEqual(host.extensionErrors, []);
  for (const listing of ['list', 'status']) {
    const shown = await runGuard(host, listing);
    expectEqual(shown.map((notification) => notification.type), ['info'], listing);
    expectEqual(displayProblems(shown[0]?.message ?? '', { lines: true }), [], listing);
  }
  expectEqual(displayProblems(host.statuses.get(FOOTER_STATUS_KEY) ?? ''), []);
  const state = await readGuard(host);
  await host.restart();
  expectEqual(host.takeNotifications(), [], 'the saved state is readable');
  expectEqual(await readGuard(host), state);
}

async function expectCommandAnswersSafely(host: FakePiHost, args: string): Promise<void> {
  await host.runCommand('context-guard', args);
  const notifications = host.takeNotifications();
  expectEqual(host.extensionErrors, []);
  expect(notifications).toHaveLength(1);
  const [notification] = notifications;
  expect(notification?.type).not.toBe('error');
  const subcommand = args.trim();
  if (subcommand === 'list' || subcommand === 'status') {
    expectEqual(displayProblems(notification?.message ?? '', { lines: true }), []);
  } else {
    expectShortSafeMessage(notification?.message ?? '');
  }
  await expectSafeAndDurable(host);
}

async function expectProtectAnswersSafely(host: FakePiHost, args: Record<string, unknown>): Promise<void> {
  const result = await host.executeTool(PROTECT_TOOL_NAME, args);
  const text = resultText(result.content);
  expectEqual(host.extensionErrors, []);
  expectEqual(host.takeNotifications(), [], 'a tool call notifies nobody');
  // Only `kind` and `critical` have a schema narrower than "a string"; Pi's own validation message is not the
  // adapter's text. Pi turns the strings "true" and "false" into booleans, so those pass too.
  if (result.isError && text.startsWith('Validation failed for tool')) {
    expectSame(isContextItemKind(args['kind']) && SURELY_VALID_CRITICAL.includes(args['critical']), false);
    return;
  }
  expectShortSafeMessage(text);
  await expectSafeAndDurable(host);
}

const knownOrHostileId = fc.oneof(fc.constantFrom('a', 'b', 'missing'), hostileString);
const anyKind = fc.oneof(fc.constantFrom(...CONTEXT_ITEM_KINDS), hostileString);

const commandArguments = fc.oneof(
  hostileString,
  fc
    .tuple(fc.constantFrom('add', 'list', 'remove', 'clear', 'status', 'recovery', 'Add'), hostileString)
    .map(([subcommand, rest]) => `${subcommand} ${rest}`),
  fc
    .tuple(knownOrHostileId, anyKind, fc.constantFrom('', '--critical '), hostileString)
    .map(([id, kind, flag, content]) => `add ${id} ${kind} ${flag}${content}`),
  knownOrHostileId.map((id) => `remove ${id}`),
  fc.oneof(fc.constantFrom('off', 'critical'), hostileString).map((mode) => `recovery ${mode}`),
);

const protectArguments = fc.record(
  { id: knownOrHostileId, kind: anyKind, content: hostileString, critical: fc.oneof(fc.boolean(), hostileString) },
  { requiredKeys: ['id', 'kind', 'content'] },
);

/** Runs `expectSafe` on a seeded host for each drawn input. */
function fuzz<T>(input: fc.Arbitrary<T>, expectSafe: (host: FakePiHost, args: T) => Promise<void>): Promise<void> {
  return fc.assert(
    fc.asyncProperty(input, async (args) => {
      await expectSafe(await startSeededHost(), args);
    }),
    { numRuns: RUNS },
  );
}

describe('arbitrary text from a person or the model', () => {
  it.each<[string, () => Promise<void>]>([
    ['as command arguments gets a short safe answer', () => fuzz(commandArguments, expectCommandAnswersSafely)],
    ['as protect arguments gets a short safe result, never a raw exception,', () => fuzz(protectArguments, expectProtectAnswersSafely)],
  ])('%s and leaves a safe, durable state', (_name, run) => run(), 5 * 60_000);

  describe.each(MEGABYTE_STRINGS)('%s', (_name, huge) => {
    it.each(['add x goal', 'add x goal --critical', 'add', 'add x', 'remove', 'recovery', 'clear'])(
      'after "/context-guard %s"',
      async (prefix) => {
        const host = await startSeededHost();
        await expectCommandAnswersSafely(host, `${prefix} ${huge}${prefix === 'add' || prefix === 'add x' ? ' fact' : ''}`);
      },
    );

    it.each(['id', 'kind', 'content', 'critical'])('as the %s of context_guard_protect', async (field) => {
      const args = { id: 'fresh', kind: 'fact', content: 'Fresh', critical: false, [field]: huge };
      await expectProtectAnswersSafely(await startSeededHost(), args);
    });
  });
});
