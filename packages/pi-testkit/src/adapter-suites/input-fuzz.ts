import { MEGABYTE_STRINGS, SHORT_MESSAGE_LENGTH, displayProblems, expectEqual } from '@j1nn0/test-checks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FakePiHost } from '../fake-host/fake-host.js';
import { toolResultText } from '../fake-host/tool-call.js';

// Arbitrary text as command arguments and as every tool field: the answer is a short, display-safe message
// (or a listing), never an exception, a stack trace or a raw terminal control; and whatever was accepted is
// shown safely and comes back unchanged after a restart. Each adapter says what its input looks like.

const RUNS = 600;

/** What the fuzz needs of an adapter: its command, how to start it on a seeded state, and what its input looks like. */
export interface FuzzedAdapter {
  /** The slash command's name, e.g. `agent-state`. */
  readonly command: string;
  /** Subcommands whose answer lists the state (many lines, item content included). */
  readonly listings: readonly string[];
  readonly footerKey: string;
  /** A host with the adapter loaded on a saved state whose ids the arbitraries also draw, so known-id paths are reached. */
  readonly startSeededHost: () => Promise<FakePiHost>;
  readonly readState: (host: FakePiHost) => Promise<unknown>;
  readonly commandArguments: fc.Arbitrary<string>;
  readonly toolCalls: fc.Arbitrary<readonly [tool: string, args: Record<string, unknown>]>;
  /** Whether Pi's validator lets `args` through: only a value outside a field's schema may fail validation. */
  readonly passesSchema: (args: Record<string, unknown>) => boolean;
  /** Commands a megabyte string follows, each with what the command needs after it. */
  readonly megabyteCommands: readonly (readonly [prefix: string, suffix: string])[];
  /** Tools given a megabyte string in each field of these valid arguments in turn. */
  readonly megabyteTools: readonly (readonly [tool: string, validArgs: Record<string, unknown>])[];
}

function expectShortSafeMessage(message: string): void {
  expect(message.length).toBeLessThanOrEqual(SHORT_MESSAGE_LENGTH);
  expectEqual(displayProblems(message), []);
}

/** Runs the input fuzz of one adapter on the fake host. */
export function addInputFuzzTests(adapter: FuzzedAdapter): void {
  /** After any request: no failure reached Pi, the state shows safely, and a restart restores it silently and whole. */
  async function expectSafeAndDurable(host: FakePiHost): Promise<void> {
    expectEqual(host.extensionErrors, []);
    for (const listing of adapter.listings) {
      await host.runCommand(adapter.command, listing);
      const shown = host.takeNotifications();
      expectEqual(shown.map((notification) => notification.type), ['info'], listing);
      expectEqual(displayProblems(shown[0]?.message ?? '', { lines: true }), [], listing);
    }
    expectEqual(displayProblems(host.statuses.get(adapter.footerKey) ?? ''), []);
    const state = await adapter.readState(host);
    await host.restart();
    expectEqual(host.takeNotifications(), [], 'the saved state is readable');
    expectEqual(await adapter.readState(host), state);
  }

  async function expectCommandAnswersSafely(args: string): Promise<void> {
    const host = await adapter.startSeededHost();
    await host.runCommand(adapter.command, args);
    const notifications = host.takeNotifications();
    expectEqual(host.extensionErrors, []);
    expect(notifications).toHaveLength(1);
    const [notification] = notifications;
    expect(notification?.type).not.toBe('error');
    if (adapter.listings.includes(args.trim())) {
      expectEqual(displayProblems(notification?.message ?? '', { lines: true }), []);
    } else {
      expectShortSafeMessage(notification?.message ?? '');
    }
    await expectSafeAndDurable(host);
  }

  async function expectToolAnswersSafely(tool: string, args: Record<string, unknown>): Promise<void> {
    const host = await adapter.startSeededHost();
    const result = await host.executeTool(tool, args);
    const text = toolResultText(result.content);
    expectEqual(host.extensionErrors, []);
    expectEqual(host.takeNotifications(), [], 'a tool call notifies nobody');
    // Pi's own validation message is not the adapter's text.
    if (result.isError && text.startsWith('Validation failed for tool')) {
      expect(adapter.passesSchema(args), 'only a value outside the schema fails validation').toBe(false);
      return;
    }
    expectShortSafeMessage(text);
    await expectSafeAndDurable(host);
  }

  describe('arbitrary text from a person or the model', () => {
    it('as command arguments gets a short safe answer and leaves a safe, durable state', async () => {
      await fc.assert(fc.asyncProperty(adapter.commandArguments, expectCommandAnswersSafely), { numRuns: RUNS });
    }, 5 * 60_000);

    it('as tool arguments gets a short safe result, never a rejected promise, and leaves a safe, durable state', async () => {
      await fc.assert(fc.asyncProperty(adapter.toolCalls, ([tool, args]) => expectToolAnswersSafely(tool, args)), { numRuns: RUNS });
    }, 5 * 60_000);

    describe.each(MEGABYTE_STRINGS)('%s', (_name, huge) => {
      it.each(adapter.megabyteCommands)(`after "/${adapter.command} %s"`, async (prefix, suffix) => {
        await expectCommandAnswersSafely(`${prefix} ${huge}${suffix}`);
      });

      it.each(adapter.megabyteTools)('in every field of %s', async (tool, validArgs) => {
        for (const field of Object.keys(validArgs)) await expectToolAnswersSafely(tool, { ...validArgs, [field]: huge });
      });
    });
  });
}
