import type { SessionStartReason } from '@j1nn0/pi-testkit';
import fc from 'fast-check';
import { expect } from 'vitest';
import { displayProblems } from './display-safety.js';
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
  currentSession,
  currentState,
  enterSession,
  expectedLoadNotices,
  mirrorAppendedEntry,
  type ContextGuardModel,
  type ContextGuardSystem,
  type SavedState,
} from './model-world.js';
import { expectObservedStateMatches, expectedDetails } from './observed-state.js';
import { runReferenceCommand } from './reference-command.js';
import type { ReferenceState } from './reference-context-guard.js';
import { expectedPayload } from './reference-payload.js';
import { ReferenceSession } from './reference-session.js';
import { PROTECT_TOOL, runReferenceProtect } from './reference-tools.js';

// One class per kind of step. Each acts on the host and the reference alike, checks what the step itself
// showed, then compares everything observable with the reference (expectObservedStateMatches).

type Step = fc.AsyncCommand<ContextGuardModel, ContextGuardSystem>;

/** JSON, with long inputs cut so a shrunk counterexample stays readable. */
function shortDescription(value: unknown): string {
  const json = JSON.stringify(value);
  return json.length <= 80 ? json : `${json.slice(0, 60)}…(${json.length} chars)`;
}

abstract class ContextGuardStep implements Step {
  check(_model: Readonly<ContextGuardModel>): boolean {
    return true;
  }

  async run(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    await this.act(model, real);
    await expectObservedStateMatches(model, real);
  }

  protected abstract act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void>;
  abstract toString(): string;
}

/** Steps that restore the state notify only what the README promises: one warning per bad entry met. */
function expectLoadNotices(model: ContextGuardModel, real: ContextGuardSystem, times: number, instance: 'same' | 'new'): void {
  expect(real.host.takeNotifications()).toEqual(expectedLoadNotices(model, times, instance));
}

/** `/context-guard <args>`: the one notification equals the reference's; a change is saved as one entry. */
async function runSlashCommand(model: ContextGuardModel, real: ContextGuardSystem, args: string): Promise<void> {
  const state = currentState(model);
  const expected = runReferenceCommand(state, args);
  await real.host.runCommand('context-guard', args);
  const notifications = real.host.takeNotifications();
  if (expected.kind !== 'notice') {
    expect(notifications.map((notification) => notification.type)).toEqual(['info']);
    const text = notifications[0]?.message ?? '';
    if (expected.kind === 'list') {
      expect(parseListText(text)).toEqual(expectedListView(state));
    } else {
      expect(parseStatusText(text)).toEqual(
        expectedStatusView(state, { discarded: model.instance.discarded, verificationPending: false, lastCheck: 'none yet' }),
      );
    }
    return;
  }
  expect(notifications).toEqual([expected.notice]);
  expect(displayProblems(expected.notice.message)).toEqual([]);
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
  expect(real.host.takeNotifications(), 'a tool call notifies nobody').toEqual([]);
  if (expected.kind === 'invalid_arguments') {
    expect(result.isError).toBe(true);
    const [first] = result.content;
    expect(first?.type === 'text' ? first.text : '').toMatch(/^Validation failed for tool "/u);
    return;
  }
  const { outcome } = expected;
  if (outcome.kind !== 'changed') {
    expect(result).toEqual({ content: [{ type: 'text', text: outcome.message }], details: {}, isError: true });
    return;
  }
  expect(result).toEqual({
    content: [{ type: 'text', text: outcome.message }],
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

/** A model turn: a user message and the assistant's answer, so `/tree` has message entries to land on. */
class ChatTurn extends ContextGuardStep {
  protected act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    real.host.session.appendMessage({ role: 'user', content: 'next step' });
    mirrorAppendedEntry(model, real, 'user');
    real.host.session.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'ok' }] });
    mirrorAppendedEntry(model, real, 'assistant');
    return Promise.resolve();
  }

  toString(): string {
    return 'chat turn';
  }
}

/** Another extension's custom entry, which the adapter must ignore. */
class ForeignEntry extends ContextGuardStep {
  protected act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    real.host.session.appendEntry('agent-state-state', { schemaVersion: 1, recovery: 'critical', items: [] });
    mirrorAppendedEntry(model, real, 'foreign');
    return Promise.resolve();
  }

  toString(): string {
    return 'foreign custom entry';
  }
}

/** A message another extension sent into the conversation (a `custom_message` entry). */
class ExtensionMessage extends ContextGuardStep {
  protected act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    real.host.session.appendRaw({ type: 'custom_message', customType: 'other-extension', content: 'hint', display: true });
    mirrorAppendedEntry(model, real, 'custom_message');
    return Promise.resolve();
  }

  toString(): string {
    return 'custom message from another extension';
  }
}

/** A process restart (leaf back on the last entry of the file) or `/reload` (same session, leaf kept). */
class Restart extends ContextGuardStep {
  constructor(private readonly how: 'restart' | 'reload') {
    super();
  }

  protected async act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    if (this.how === 'restart') {
      await real.host.restart();
      currentSession(model).reopen();
    } else {
      await real.host.reload();
    }
    expectLoadNotices(model, real, 1, 'new');
  }

  toString(): string {
    return this.how;
  }
}

/** `session_start` again on the same session, with any reason, once or twice in a row. */
class SessionStartAgain extends ContextGuardStep {
  constructor(
    private readonly reason: SessionStartReason,
    private readonly times: number,
  ) {
    super();
  }

  protected async act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    await real.host.startSession(this.reason, { times: this.times });
    expectLoadNotices(model, real, this.times, 'same');
  }

  toString(): string {
    return `session_start ${this.reason} x${this.times}`;
  }
}

/** `/tree` to an entry picked on the current branch, or anywhere in the session. */
class NavigateTree extends ContextGuardStep {
  constructor(
    private readonly scope: 'branch' | 'session',
    private readonly pick: number,
  ) {
    super();
  }

  override check(model: Readonly<ContextGuardModel>): boolean {
    return currentSession(model).entries().length > 0;
  }

  protected async act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    const reference = currentSession(model);
    const candidates = this.scope === 'branch' ? reference.branch() : reference.entries();
    const target = candidates[this.pick % candidates.length];
    if (target === undefined) return;
    await real.host.navigateTree(target.id);
    // Navigating to the leaf itself does nothing, as in Pi: no event, no restore.
    const moved = target.id !== reference.leaf;
    if (moved) reference.navigate(target.id);
    expectLoadNotices(model, real, moved ? 1 : 0, 'same');
  }

  toString(): string {
    return `navigate to ${this.scope} entry #${this.pick}`;
  }
}

class Fork extends ContextGuardStep {
  constructor(private readonly pick: number) {
    super();
  }

  override check(model: Readonly<ContextGuardModel>): boolean {
    return currentSession(model).branch().length > 0;
  }

  protected async act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    const branch = currentSession(model).branch();
    const target = branch[this.pick % branch.length];
    if (target === undefined) return;
    await real.host.fork(target.id);
    enterSession(model, real, currentSession(model).fork(target.id));
    expectLoadNotices(model, real, 2, 'new');
  }

  toString(): string {
    return `fork at branch entry #${this.pick}`;
  }
}

class NewSession extends ContextGuardStep {
  protected async act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    await real.host.newSession();
    enterSession(model, real, new ReferenceSession<SavedState>());
    expectLoadNotices(model, real, 2, 'new');
  }

  toString(): string {
    return 'new session';
  }
}

class SwitchSession extends ContextGuardStep {
  constructor(private readonly pick: number) {
    super();
  }

  override check(model: Readonly<ContextGuardModel>): boolean {
    return model.sessions.length > 1;
  }

  protected async act(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
    const index = this.pick % model.sessions.length;
    const session = real.sessions[index];
    if (session === undefined) return;
    await real.host.switchSession(session);
    model.current = index;
    currentSession(model).reopen();
    expectLoadNotices(model, real, 2, 'new');
  }

  toString(): string {
    return `switch to session #${this.pick}`;
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
const UNREADABLE_PAYLOADS: readonly (readonly [string, unknown])[] = [
  ['no payload', null],
  ['unsupported schema version', { schemaVersion: 2, recovery: 'off', items: [] }],
  ['malformed payload', { schemaVersion: 1, recovery: 'sometimes', items: [] }],
  ['invalid items', { schemaVersion: 1, recovery: 'off', items: [{ id: 'a', kind: 'wish', content: 'A', critical: false }] }],
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
    const [reason, data] = UNREADABLE_PAYLOADS[this.payload % UNREADABLE_PAYLOADS.length] ?? ['', null];
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

const SESSION_START_REASONS: readonly SessionStartReason[] = ['startup', 'reload', 'new', 'resume', 'fork'];

const sessionStartAgain = fc
  .tuple(fc.constantFrom(...SESSION_START_REASONS), fc.constantFrom(1, 2))
  .map(([reason, times]) => new SessionStartAgain(reason, times));

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
  weighted(3, fc.constant(new ChatTurn())),
  weighted(1, fc.constant(new ForeignEntry())),
  weighted(1, fc.constant(new ExtensionMessage())),
  weighted(2, fc.constantFrom('restart' as const, 'reload' as const).map((how) => new Restart(how))),
  weighted(2, sessionStartAgain),
  weighted(3, fc.nat().map((pick) => new NavigateTree('branch', pick))),
  weighted(2, fc.nat().map((pick) => new NavigateTree('session', pick))),
  weighted(2, fc.nat().map((pick) => new Fork(pick))),
  weighted(1, fc.constant(new NewSession())),
  weighted(2, fc.nat().map((pick) => new SwitchSession(pick))),
  weighted(1, fc.constantFrom(99, 100).map((count) => new RestoreCrowdedState(count))),
  weighted(
    2,
    fc.tuple(fc.nat(), fc.constantFrom(1, 2)).map(([payload, times]) => new RestoreUnreadableState(payload, times)),
  ),
);
