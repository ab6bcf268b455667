import { ObservedStep, sessionSteps, shortDescription, type SessionWorld } from '@j1nn0/pi-testkit/checks';
import { displayProblems, expectEqual, expectSame } from '@j1nn0/test-checks';
import fc from 'fast-check';
import { expect } from 'vitest';
import { expectedListView, expectedStatusView, parseListText, parseStatusText } from './list-view.js';
import {
  commandArguments,
  contentArbitrary,
  criticalArbitrary,
  kindArbitrary,
  toolIdArbitrary,
} from './model-inputs.js';
import {
  SAVED_STATE_TYPE,
  currentState,
  expectedLoadNotices,
  mirrorAppendedEntry,
  type ContextGuardModel,
  type ContextGuardSystem,
} from './model-world.js';
import { expectObservedStateMatches, expectedDetails } from './observed-state.js';
import type { UnreadableProblem } from '../../src/persistence.js';
import { runReferenceCommand } from './reference-command.js';
import { referenceOutcomeText } from './reference-messages.js';
import type { ReferenceState } from './reference-context-guard.js';
import { expectedPayload } from './reference-payload.js';
import { PROTECT_TOOL, runReferenceProtect } from './reference-tools.js';

// One class per kind of step. Each acts on the host and the reference alike, checks what the step itself
// showed, then compares everything observable with the reference (expectObservedStateMatches).

type Step = fc.AsyncCommand<ContextGuardModel, ContextGuardSystem>;

/** Steps that restore the state notify only what the README promises: one warning per bad entry met. */
function expectLoadNotices(model: ContextGuardModel, real: ContextGuardSystem, times: number, instance: 'same' | 'new'): void {
  expectEqual(real.host.takeNotifications(), expectedLoadNotices(model, times, instance));
}

/** What the shared session moves need from this adapter's world. */
const CONTEXT_GUARD_WORLD: SessionWorld<ContextGuardModel, ContextGuardSystem> = {
  expectObservedStateMatches,
  mirrorAppendedEntry,
  expectLoadNotices: (model, real, load) => {
    expectLoadNotices(model, real, load.times, load.instance);
  },
  foreignEntry: { customType: 'agent-state-state', data: { schemaVersion: 1, recovery: 'critical', items: [] } },
};

abstract class ContextGuardStep extends ObservedStep<ContextGuardModel, ContextGuardSystem> {
  protected readonly world = CONTEXT_GUARD_WORLD;
}

/** `/context-guard <args>`: the one notification equals the reference's; a change is saved as one entry. */
async function runSlashCommand(model: ContextGuardModel, real: ContextGuardSystem, args: string): Promise<void> {
  const state = currentState(model);
  const expected = runReferenceCommand(state, args);
  await real.host.runCommand('context-guard', args);
  const notifications = real.host.takeNotifications();
  if (expected.kind !== 'notice') {
    expectEqual(notifications.map((notification) => notification.type), ['info']);
    const text = notifications[0]?.message ?? '';
    if (expected.kind === 'list') {
      expectEqual(parseListText(text), expectedListView(state));
    } else {
      expectEqual(
        parseStatusText(text),
        expectedStatusView(state, { discarded: model.instance.discarded, verificationPending: false, lastCheck: 'none yet' }),
      );
    }
    return;
  }
  expectEqual(notifications, [expected.notice]);
  expectEqual(displayProblems(expected.notice.message), []);
  if (expected.state !== undefined) {
    mirrorAppendedEntry(model, real, 'state', { kind: 'readable', state: expected.state });
  }
}

/** One protect call: Pi's validation error, the rejection as an error result, or the message with the counts. */
async function callProtect(
  model: ContextGuardModel,
  real: ContextGuardSystem,
  args: Readonly<Record<string, unknown>>,
): Promise<void> {
  const expected = runReferenceProtect(currentState(model), args);
  const result = await real.host.executeTool(PROTECT_TOOL, args);
  expectEqual(real.host.takeNotifications(), [], 'a tool call notifies nobody');
  if (expected.kind === 'invalid_arguments') {
    expectSame(result.isError, true);
    const [first] = result.content;
    expect(first?.type === 'text' ? first.text : '').toMatch(/^Validation failed for tool "/u);
    return;
  }
  const { outcome } = expected;
  const text = referenceOutcomeText(currentState(model), outcome, 'model');
  if (outcome.kind !== 'changed') {
    expectEqual(result, { content: [{ type: 'text', text }], details: {}, isError: true });
    return;
  }
  expectEqual(result, {
    content: [{ type: 'text', text }],
    details: expectedDetails(outcome.state),
    isError: false,
  });
  mirrorAppendedEntry(model, real, 'state', { kind: 'readable', state: outcome.state });
}

class SlashCommand extends ContextGuardStep {
  constructor(private readonly args: string) {
    super();
  }

  protected act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    return runSlashCommand(model, real, this.args);
  }

  toString(): string {
    return `/context-guard ${shortDescription(this.args)}`;
  }
}

class ProtectCall extends ContextGuardStep {
  constructor(private readonly args: Readonly<Record<string, unknown>>) {
    super();
  }

  protected act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    return callProtect(model, real, this.args);
  }

  toString(): string {
    return `${PROTECT_TOOL}(${shortDescription(this.args)})`;
  }
}

/**
 * A removal, or a second protection of a taken id, aimed at an item that exists when the step runs; drawn ids
 * alone would mostly miss, since states are often empty after new sessions and tree moves.
 */
class OnExistingItem extends ContextGuardStep {
  constructor(
    private readonly pick: number,
    private readonly request: 'remove' | 'add again' | 'protect again',
  ) {
    super();
  }

  override check(model: Readonly<ContextGuardModel>): boolean {
    return currentState(model).items.length > 0;
  }

  protected async act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    const items = currentState(model).items;
    const item = items[this.pick % items.length];
    if (item === undefined) return;
    if (this.request === 'remove') {
      await runSlashCommand(model, real, `remove ${item.id}`);
    } else if (this.request === 'add again') {
      await runSlashCommand(model, real, `add ${item.id} fact Another content`);
    } else {
      await callProtect(model, real, { id: item.id, kind: item.kind, content: item.content });
    }
  }

  toString(): string {
    return `existing item #${this.pick}: ${this.request}`;
  }
}

/** A session file whose newest state is at or one below the item limit (restored as saved), then resumed. */
class RestoreCrowdedState extends ContextGuardStep {
  constructor(private readonly count: number) {
    super();
  }

  protected async act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    const state: ReferenceState = {
      recovery: 'critical',
      items: Array.from({ length: this.count }, (_, index) => ({
        id: `seed-${index}`,
        kind: 'fact' as const,
        content: `Seeded ${index}`,
        critical: index % 2 === 0,
      })),
    };
    real.host.session.appendEntry(SAVED_STATE_TYPE, expectedPayload(state));
    mirrorAppendedEntry(model, real, 'state', { kind: 'readable', state });
    await real.host.startSession('resume');
    expectLoadNotices(model, real, 1, 'same');
  }

  toString(): string {
    return `restore ${this.count} items`;
  }
}

/** Broken saved states, one per reason the README names. */
const UNREADABLE_PAYLOADS: readonly (readonly [UnreadableProblem, unknown])[] = [
  ['missing_payload', null],
  ['unsupported_version', { schemaVersion: 2, recovery: 'off', items: [] }],
  ['malformed_payload', { schemaVersion: 1, recovery: 'sometimes', items: [] }],
  ['rejected_items', { schemaVersion: 1, recovery: 'off', items: [{ id: 'a', kind: 'wish', content: 'A', critical: false }] }],
];

/** A newest saved state that cannot be read (an older adapter, a hand edit), then a session_start, once or twice. */
class RestoreUnreadableState extends ContextGuardStep {
  constructor(
    private readonly payload: number,
    private readonly times: number,
  ) {
    super();
  }

  protected async act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    const [reason, data] = UNREADABLE_PAYLOADS[this.payload % UNREADABLE_PAYLOADS.length] ?? ['missing_payload', null];
    const id = real.host.session.appendEntry(SAVED_STATE_TYPE, data);
    const stored = real.host.session.getEntry(id);
    mirrorAppendedEntry(model, real, 'state', {
      kind: 'unreadable',
      reason,
      data: stored?.type === 'custom' ? stored.data : undefined,
    });
    await real.host.startSession('resume', { times: this.times });
    expectLoadNotices(model, real, this.times, 'same');
  }

  toString(): string {
    return `restore unreadable state #${this.payload} x${this.times}`;
  }
}

function weighted(weight: number, arbitrary: fc.Arbitrary<Step>): fc.WeightedArbitrary<Step> {
  return { weight, arbitrary };
}

const protectCall: fc.Arbitrary<Step> = fc.oneof(
  weighted(
    6,
    fc
      .record(
        { id: toolIdArbitrary, kind: kindArbitrary, content: contentArbitrary, critical: criticalArbitrary },
        { requiredKeys: ['id', 'kind', 'content'] },
      )
      .map((args) => new ProtectCall(args)),
  ),
  // A required field left out: Pi's validation answers, the tool never runs.
  weighted(
    1,
    fc
      .constantFrom<Record<string, unknown>>(
        { id: 'a', kind: 'goal' },
        { id: 'a', content: 'A' },
        { kind: 'fact', content: 'A', critical: true },
        {},
      )
      .map((args) => new ProtectCall(args)),
  ),
);

/**
 * Every kind of step the model-based suite draws from, weighted so that requests dominate, session moves
 * come several times a sequence, and a crowded or unreadable state (which changes everything after it) stays rare.
 */
export const contextGuardStep: fc.Arbitrary<Step> = fc.oneof(
  weighted(36, commandArguments.map((text): Step => new SlashCommand(text))),
  weighted(12, protectCall),
  weighted(
    8,
    fc
      .tuple(fc.nat(), fc.constantFrom('remove' as const, 'remove' as const, 'add again' as const, 'protect again' as const))
      .map(([pick, request]) => new OnExistingItem(pick, request)),
  ),
  ...sessionSteps(CONTEXT_GUARD_WORLD),
  weighted(1, fc.constantFrom(99, 100).map((count) => new RestoreCrowdedState(count))),
  weighted(
    2,
    fc.tuple(fc.nat(), fc.constantFrom(1, 2)).map(([payload, times]) => new RestoreUnreadableState(payload, times)),
  ),
);
