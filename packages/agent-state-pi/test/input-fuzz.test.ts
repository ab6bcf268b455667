import { WORK_ITEM_STATUSES } from '@j1nn0/agent-state';
import type { FakePiHost } from '@j1nn0/pi-testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATE_ENTRY_TYPE, toStatePayload } from '../src/persistence.js';
import { createAgentStateTools } from '../src/tools.js';
import { readState, runAgentState, startAgentStateHost } from './agent-state-host.js';
import { displayProblems, expectEqual, hostileStringArbitrary, MEGABYTE_STRINGS, SHORT_MESSAGE_LENGTH } from '@j1nn0/test-checks';
import { snapshotOf } from './snapshots.js';

// Arbitrary text as command arguments and as every tool field: the answer is a short, display-safe message
// (or the status listing), never an exception, a stack trace or a raw terminal control; and whatever was
// accepted is shown safely and comes back unchanged after a restart.

const RUNS = 600;

/** Ids `a` and `b` exist, so set, remove and duplicate paths are reached as well as unknown ids. */
const SEEDED_STATE = snapshotOf({
  objective: 'Goal',
  workItems: [
    { id: 'a', content: 'A', status: 'open' },
    { id: 'b', content: 'B', status: 'done' },
  ],
  decisions: [{ id: 'a', content: 'Decided' }],
});

/** The tools that change the state (every one but agent_state_get), by their registered names. */
const MUTATING_TOOLS = createAgentStateTools(undefined as never)
  .map((tool) => tool.name)
  .filter((name) => name !== 'agent_state_get');

async function startSeededHost(): Promise<FakePiHost> {
  const host = await startAgentStateHost();
  host.session.appendEntry(STATE_ENTRY_TYPE, toStatePayload(SEEDED_STATE, 'person'));
  await host.startSession('resume');
  return host;
}

function textOf(content: readonly { readonly type: string; readonly text?: string }[]): string {
  return content.map((part) => part.text ?? '').join('');
}

function expectShortSafeMessage(message: string): void {
  expect(message.length).toBeLessThanOrEqual(SHORT_MESSAGE_LENGTH);
  expectEqual(displayProblems(message), []);
}

/** After any request: no failure reached Pi, the state shows safely, and a restart restores it silently and whole. */
async function expectSafeAndDurable(host: FakePiHost): Promise<void> {
  expectEqual(host.extensionErrors, []);
  const [shown] = await runAgentState(host, 'status');
  expectEqual(displayProblems(shown?.message ?? '', { lines: true }), []);
  const state = await readState(host);
  await host.restart();
  expectEqual(host.takeNotifications(), [], 'the saved state is readable');
  expectEqual(await readState(host), state);
}

async function expectCommandAnswersSafely(host: FakePiHost, args: string): Promise<void> {
  await host.runCommand('agent-state', args);
  const notifications = host.takeNotifications();
  expectEqual(host.extensionErrors, []);
  expect(notifications).toHaveLength(1);
  const [notification] = notifications;
  expect(notification?.type).not.toBe('error');
  if (args.trim() === 'status') {
    expectEqual(displayProblems(notification?.message ?? '', { lines: true }), []);
  } else {
    expectShortSafeMessage(notification?.message ?? '');
  }
  await expectSafeAndDurable(host);
}

async function expectToolAnswersSafely(
  host: FakePiHost,
  tool: string,
  args: Record<string, unknown>,
): Promise<void> {
  const result = await host.executeTool(tool, args);
  const text = textOf(result.content);
  expectEqual(host.extensionErrors, []);
  // Only `status` has a schema narrower than "a string"; Pi's own validation message is not the adapter's text.
  if (result.isError && text.startsWith('Validation failed for tool')) {
    const schemaStatus = WORK_ITEM_STATUSES.some((status) => status === args['status']);
    expect(schemaStatus, 'only a status outside the schema fails validation').toBe(false);
    return;
  }
  expectShortSafeMessage(text);
  await expectSafeAndDurable(host);
}

const hostileString = hostileStringArbitrary();
const knownOrHostileId = fc.oneof(fc.constantFrom('a', 'b', 'missing'), hostileString);
const anyStatus = fc.oneof(fc.constantFrom(...WORK_ITEM_STATUSES), hostileString);

const commandArguments = fc.oneof(
  hostileString,
  fc
    .tuple(fc.constantFrom('status', 'objective', 'add', 'set', 'remove', 'decide', 'clear', 'Status'), hostileString)
    .map(([subcommand, rest]) => `${subcommand} ${rest}`),
  fc
    .tuple(fc.constantFrom('add', 'decide', 'set', 'remove'), knownOrHostileId, hostileString)
    .map(([subcommand, id, rest]) => `${subcommand} ${id} ${rest}`),
  fc.tuple(knownOrHostileId, anyStatus).map(([id, status]) => `set ${id} ${status}`),
);

const toolCall = fc.oneof(
  fc
    .record({ id: knownOrHostileId, content: hostileString, status: anyStatus }, { requiredKeys: ['id', 'content'] })
    .map((args) => ['agent_state_add_work_item', args] as const),
  fc
    .record({ id: knownOrHostileId, status: anyStatus })
    .map((args) => ['agent_state_set_work_item_status', args] as const),
  fc.record({ id: knownOrHostileId, content: hostileString }).map((args) => ['agent_state_add_decision', args] as const),
);

describe('arbitrary text from a person or the model', () => {
  it(
    'as command arguments gets a short safe answer and leaves a safe, durable state',
    async () => {
      await fc.assert(
        fc.asyncProperty(commandArguments, async (args) => {
          await expectCommandAnswersSafely(await startSeededHost(), args);
        }),
        { numRuns: RUNS },
      );
    },
    5 * 60_000,
  );

  it(
    'as tool arguments gets a short safe result, never a rejected promise, and leaves a safe, durable state',
    async () => {
      await fc.assert(
        fc.asyncProperty(toolCall, async ([tool, args]) => {
          await expectToolAnswersSafely(await startSeededHost(), tool, args);
        }),
        { numRuns: RUNS },
      );
    },
    5 * 60_000,
  );

  describe.each(MEGABYTE_STRINGS)('%s', (_name, huge) => {
    it.each(['objective', 'add x', 'add', 'decide x', 'set', 'remove'])('after "/agent-state %s"', async (prefix) => {
      const host = await startSeededHost();
      await expectCommandAnswersSafely(host, `${prefix} ${huge}${prefix === 'add' || prefix === 'set' ? ' done' : ''}`);
    });

    it.each(MUTATING_TOOLS)('in every field of %s', async (tool) => {
      for (const field of ['id', 'content', 'status'] as const) {
        const args = { id: 'fresh', content: 'Fresh', status: 'open', [field]: huge };
        await expectToolAnswersSafely(await startSeededHost(), tool, args);
      }
    });
  });
});
