import fc from 'fast-check';
import type { FakePiHost, SessionStartReason } from '../fake-host/fake-host.js';
import type { FakeSession } from '../fake-host/fake-session.js';
import { ReferenceSession, type ReferenceEntryKind } from './reference-session.js';

// The session moves a model-based adapter suite draws besides its own requests: model turns, other
// extensions' entries, restart and /reload, session_start again, /tree, fork, new and switched sessions.
// Each acts on the fake host and the reference sessions alike; what the adapter then shows is the adapter's.

/** The reference side: sessions index for index with the host's, and which one is current. */
export interface SessionModel<Saved> {
  readonly sessions: ReferenceSession<Saved>[];
  current: number;
}

/** The host side: the fake Pi host and every session it has opened, in the reference's order. */
export interface SessionSystem {
  readonly host: FakePiHost;
  readonly sessions: FakeSession[];
}

/** How many times the adapter restored from the branch, and whether Pi ran its factory anew first. */
export interface SessionLoad {
  readonly times: number;
  readonly instance: 'same' | 'new';
}

/** What the shared steps need from an adapter's model-based world. */
export interface SessionWorld<Model, Real> {
  /** Compares everything the adapter shows and saved with the reference, after every step. */
  expectObservedStateMatches(model: Model, real: Real): Promise<void>;
  /** Mirrors an entry the host has just appended onto the reference leaf. */
  mirrorAppendedEntry(model: Model, real: Real, kind: ReferenceEntryKind): void;
  /** Checks the notices the adapter gave for a load, and updates what the reference instance remembers. */
  expectLoadNotices(model: Model, real: Real, load: SessionLoad): void;
  /** Another extension's custom entry, which the adapter must ignore. */
  readonly foreignEntry: { readonly customType: string; readonly data: unknown };
}

export function currentReferenceSession<Saved>(model: Readonly<SessionModel<Saved>>): ReferenceSession<Saved> {
  const session = model.sessions[model.current];
  if (session === undefined) throw new Error('reference: no current session');
  return session;
}

/** The session the host switched to becomes the current one on both sides. */
function enterReferenceSession<Saved>(
  model: SessionModel<Saved>,
  real: SessionSystem,
  session: ReferenceSession<Saved>,
): void {
  model.sessions.push(session);
  model.current = model.sessions.length - 1;
  real.sessions.push(real.host.session);
}

/** A step's input as JSON, with long inputs cut so a shrunk counterexample stays readable. */
export function shortDescription(value: unknown): string {
  const json = JSON.stringify(value);
  return json.length <= 80 ? json : `${json.slice(0, 60)}…(${json.length} chars)`;
}

/** A step that, after acting, compares everything observable with the reference. */
export abstract class ObservedStep<Model extends object, Real> implements fc.AsyncCommand<Model, Real> {
  protected abstract readonly world: SessionWorld<Model, Real>;

  check(_model: Readonly<Model>): boolean {
    return true;
  }

  async run(model: Model, real: Real): Promise<void> {
    await this.act(model, real);
    await this.world.expectObservedStateMatches(model, real);
  }

  protected abstract act(model: Model, real: Real): Promise<void>;
  abstract toString(): string;
}

type AnyModel = SessionModel<unknown>;

abstract class SessionStep<Model extends AnyModel, Real extends SessionSystem> extends ObservedStep<Model, Real> {
  constructor(protected readonly world: SessionWorld<Model, Real>) {
    super();
  }
}

/** A model turn: a user message and the assistant's answer, so `/tree` has message entries to land on. */
class ChatTurn<Model extends AnyModel, Real extends SessionSystem> extends SessionStep<Model, Real> {
  protected act(model: Model, real: Real): Promise<void> {
    real.host.session.appendMessage({ role: 'user', content: 'next step' });
    this.world.mirrorAppendedEntry(model, real, 'user');
    real.host.session.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'ok' }] });
    this.world.mirrorAppendedEntry(model, real, 'assistant');
    return Promise.resolve();
  }

  toString(): string {
    return 'chat turn';
  }
}

class ForeignEntry<Model extends AnyModel, Real extends SessionSystem> extends SessionStep<Model, Real> {
  protected act(model: Model, real: Real): Promise<void> {
    real.host.session.appendEntry(this.world.foreignEntry.customType, this.world.foreignEntry.data);
    this.world.mirrorAppendedEntry(model, real, 'foreign');
    return Promise.resolve();
  }

  toString(): string {
    return 'foreign custom entry';
  }
}

/** A message another extension sent into the conversation (a `custom_message` entry). */
class ExtensionMessage<Model extends AnyModel, Real extends SessionSystem> extends SessionStep<Model, Real> {
  protected act(model: Model, real: Real): Promise<void> {
    real.host.session.appendRaw({ type: 'custom_message', customType: 'other-extension', content: 'hint', display: true });
    this.world.mirrorAppendedEntry(model, real, 'custom_message');
    return Promise.resolve();
  }

  toString(): string {
    return 'custom message from another extension';
  }
}

/** A process restart (leaf back on the last entry of the file) or `/reload` (same session, leaf kept). */
class Restart<Model extends AnyModel, Real extends SessionSystem> extends SessionStep<Model, Real> {
  constructor(
    world: SessionWorld<Model, Real>,
    private readonly how: 'restart' | 'reload',
  ) {
    super(world);
  }

  protected async act(model: Model, real: Real): Promise<void> {
    if (this.how === 'restart') {
      await real.host.restart();
      currentReferenceSession(model).reopen();
    } else {
      await real.host.reload();
    }
    this.world.expectLoadNotices(model, real, { times: 1, instance: 'new' });
  }

  toString(): string {
    return this.how;
  }
}

/** `session_start` again on the same session, with any reason, once or twice in a row. */
class SessionStartAgain<Model extends AnyModel, Real extends SessionSystem> extends SessionStep<Model, Real> {
  constructor(
    world: SessionWorld<Model, Real>,
    private readonly reason: SessionStartReason,
    private readonly times: number,
  ) {
    super(world);
  }

  protected async act(model: Model, real: Real): Promise<void> {
    await real.host.startSession(this.reason, { times: this.times });
    this.world.expectLoadNotices(model, real, { times: this.times, instance: 'same' });
  }

  toString(): string {
    return `session_start ${this.reason} x${this.times}`;
  }
}

/** `/tree` to an entry picked on the current branch, or anywhere in the session. */
class NavigateTree<Model extends AnyModel, Real extends SessionSystem> extends SessionStep<Model, Real> {
  constructor(
    world: SessionWorld<Model, Real>,
    private readonly scope: 'branch' | 'session',
    private readonly pick: number,
  ) {
    super(world);
  }

  override check(model: Readonly<Model>): boolean {
    return currentReferenceSession(model).entries().length > 0;
  }

  protected async act(model: Model, real: Real): Promise<void> {
    const reference = currentReferenceSession(model);
    const candidates = this.scope === 'branch' ? reference.branch() : reference.entries();
    const target = candidates[this.pick % candidates.length];
    if (target === undefined) return;
    await real.host.navigateTree(target.id);
    // Navigating to the leaf itself does nothing, as in Pi: no event, no restore.
    const moved = target.id !== reference.leaf;
    if (moved) reference.navigate(target.id);
    this.world.expectLoadNotices(model, real, { times: moved ? 1 : 0, instance: 'same' });
  }

  toString(): string {
    return `navigate to ${this.scope} entry #${this.pick}`;
  }
}

class Fork<Model extends AnyModel, Real extends SessionSystem> extends SessionStep<Model, Real> {
  constructor(
    world: SessionWorld<Model, Real>,
    private readonly pick: number,
  ) {
    super(world);
  }

  override check(model: Readonly<Model>): boolean {
    return currentReferenceSession(model).branch().length > 0;
  }

  protected async act(model: Model, real: Real): Promise<void> {
    const branch = currentReferenceSession(model).branch();
    const target = branch[this.pick % branch.length];
    if (target === undefined) return;
    await real.host.fork(target.id);
    enterReferenceSession(model, real, currentReferenceSession(model).fork(target.id));
    this.world.expectLoadNotices(model, real, { times: 2, instance: 'new' });
  }

  toString(): string {
    return `fork at branch entry #${this.pick}`;
  }
}

class NewSession<Model extends AnyModel, Real extends SessionSystem> extends SessionStep<Model, Real> {
  protected async act(model: Model, real: Real): Promise<void> {
    await real.host.newSession();
    enterReferenceSession(model, real, new ReferenceSession());
    this.world.expectLoadNotices(model, real, { times: 2, instance: 'new' });
  }

  toString(): string {
    return 'new session';
  }
}

class SwitchSession<Model extends AnyModel, Real extends SessionSystem> extends SessionStep<Model, Real> {
  constructor(
    world: SessionWorld<Model, Real>,
    private readonly pick: number,
  ) {
    super(world);
  }

  override check(model: Readonly<Model>): boolean {
    return model.sessions.length > 1;
  }

  protected async act(model: Model, real: Real): Promise<void> {
    const index = this.pick % model.sessions.length;
    const session = real.sessions[index];
    if (session === undefined) return;
    await real.host.switchSession(session);
    model.current = index;
    currentReferenceSession(model).reopen();
    this.world.expectLoadNotices(model, real, { times: 2, instance: 'new' });
  }

  toString(): string {
    return `switch to session #${this.pick}`;
  }
}

const SESSION_START_REASONS: readonly SessionStartReason[] = ['startup', 'reload', 'new', 'resume', 'fork'];

/**
 * Every session move, weighted so that several come in a 100-step sequence next to an adapter's requests;
 * spread them into the adapter's own `fc.oneof`.
 */
export function sessionSteps<Model extends AnyModel, Real extends SessionSystem>(
  world: SessionWorld<Model, Real>,
): fc.WeightedArbitrary<fc.AsyncCommand<Model, Real>>[] {
  type Step = fc.AsyncCommand<Model, Real>;
  const weighted = (weight: number, arbitrary: fc.Arbitrary<Step>): fc.WeightedArbitrary<Step> => ({
    weight,
    arbitrary,
  });
  return [
    weighted(3, fc.constant(new ChatTurn(world))),
    weighted(1, fc.constant(new ForeignEntry(world))),
    weighted(1, fc.constant(new ExtensionMessage(world))),
    weighted(2, fc.constantFrom('restart' as const, 'reload' as const).map((how) => new Restart(world, how))),
    weighted(
      2,
      fc
        .tuple(fc.constantFrom(...SESSION_START_REASONS), fc.constantFrom(1, 2))
        .map(([reason, times]) => new SessionStartAgain(world, reason, times)),
    ),
    weighted(3, fc.nat().map((pick) => new NavigateTree(world, 'branch', pick))),
    weighted(2, fc.nat().map((pick) => new NavigateTree(world, 'session', pick))),
    weighted(2, fc.nat().map((pick) => new Fork(world, pick))),
    weighted(1, fc.constant(new NewSession(world))),
    weighted(2, fc.nat().map((pick) => new SwitchSession(world, pick))),
  ];
}
