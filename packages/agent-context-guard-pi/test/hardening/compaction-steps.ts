import type { FakePiHost } from '@j1nn0/pi-testkit';
import fc from 'fast-check';
import { expect } from 'vitest';
import { compactAtTurnEnd, startGuardHostWithCompactor } from '../context-guard-host.js';
import { expectEqual, expectSame, referenceDisplay } from '@j1nn0/test-checks';
import { GUARDED_CONTENTS, buildRequest, requestPlan, type RequestPlan } from './compaction-inputs.js';
import { expectedStatusView, parseStatusText } from './list-view.js';
import { listingThroughCommand } from './observed-state.js';
import { runReferenceCommand, type ExpectedNotice } from './reference-command.js';
import { RECOVERY_TYPE, ReferenceLifecycle, recoveryIndex } from './reference-compaction.js';
import { EMPTY_REFERENCE_STATE, type ReferenceState } from './reference-context-guard.js';
import { referenceOutcomeText } from './reference-messages.js';
import { PROTECT_TOOL, runReferenceProtect } from './reference-tools.js';

// Random interleavings of compactions (Pi's own, another extension's at a turn boundary, failed or cancelled ones),
// model requests, changes to the protected set, reloads and restarts. Each step acts on the host and the reference
// lifecycle alike and compares what it notified and returned; after every step the status and the recoveries
// handed to Pi must match, and the invariants hold: no failure reaches Pi, no notification carries item content,
// no compaction is checked twice, no request carries a recovery twice.

export interface CompactionModel {
  state: ReferenceState;
  lifecycle: ReferenceLifecycle;
  /** Every recovery handed to Pi over the host's life, across restarts. */
  readonly handedToPi: string[];
  compactions: number;
  checks: number;
}

export interface CompactionSystem {
  readonly host: FakePiHost;
}

type Step = fc.AsyncCommand<CompactionModel, CompactionSystem>;

export async function startCompactionWorld(): Promise<{ model: CompactionModel; real: CompactionSystem }> {
  return {
    model: { state: EMPTY_REFERENCE_STATE, lifecycle: new ReferenceLifecycle(), handedToPi: [], compactions: 0, checks: 0 },
    real: { host: await startGuardHostWithCompactor() },
  };
}

function leaksContent(message: string): boolean {
  return GUARDED_CONTENTS.some((content) => message.includes(content) || message.includes(referenceDisplay(content)));
}

function recoveriesHandedToPi(host: FakePiHost): unknown[] {
  return host.forbiddenCalls.filter((call) => call.method === 'pi.sendMessage').map((call) => call.args);
}

abstract class CompactionStep implements Step {
  check(): boolean {
    return true;
  }

  async run(model: CompactionModel, real: CompactionSystem): Promise<void> {
    const expected = await this.act(model, real);
    const notifications = real.host.takeNotifications();
    expectEqual(notifications, expected);
    expectEqual(notifications.filter((notification) => leaksContent(notification.message)), []);
    model.checks += expected.filter((notice) => notice.message.startsWith('Context Guard: after compaction')).length;
    expect(model.checks, 'no compaction is checked twice').toBeLessThanOrEqual(model.compactions);
    expectEqual(real.host.extensionErrors, []);
    expectEqual(real.host.forbiddenCalls.filter((call) => call.method !== 'pi.sendMessage'), []);
    expectEqual(
      recoveriesHandedToPi(real.host),
      model.handedToPi.map((content) => [{ customType: RECOVERY_TYPE, content, display: false }, { deliverAs: 'nextTurn' }]),
    );
    const status = await listingThroughCommand(real.host, 'status');
    expectEqual(
      parseStatusText(status),
      expectedStatusView(model.state, {
        discarded: false,
        verificationPending: model.lifecycle.session.verificationPending,
        lastCheck: model.lifecycle.session.lastCheck,
      }),
    );
  }

  /** Acts on both sides; returns the notifications the README promises for this step. */
  protected abstract act(model: CompactionModel, real: CompactionSystem): Promise<readonly ExpectedNotice[]>;
  abstract toString(): string;
}

/** A change through the command: the protected set, an item's criticality or the mode; a pending check stays. */
class GuardCommand extends CompactionStep {
  constructor(private readonly args: string) {
    super();
  }

  protected async act(model: CompactionModel, real: CompactionSystem): Promise<readonly ExpectedNotice[]> {
    const expected = runReferenceCommand(model.state, this.args);
    if (expected.kind !== 'notice') throw new Error('the compaction steps draw changes only');
    await real.host.runCommand('context-guard', this.args);
    if (expected.state !== undefined) {
      model.state = expected.state;
    }
    return [expected.notice];
  }

  toString(): string {
    return `/context-guard ${JSON.stringify(this.args)}`;
  }
}

class ProtectCall extends CompactionStep {
  constructor(private readonly args: Readonly<Record<string, unknown>>) {
    super();
  }

  protected async act(model: CompactionModel, real: CompactionSystem): Promise<readonly ExpectedNotice[]> {
    const expected = runReferenceProtect(model.state, this.args);
    const result = await real.host.executeTool(PROTECT_TOOL, this.args);
    if (expected.kind !== 'outcome') throw new Error('the compaction steps draw valid arguments only');
    expectSame(result.isError, expected.outcome.kind !== 'changed');
    expectEqual(result.content, [{ type: 'text', text: referenceOutcomeText(model.state, expected.outcome, 'model') }]);
    if (expected.outcome.kind === 'changed') {
      model.state = expected.outcome.state;
    }
    return [];
  }

  toString(): string {
    return `${PROTECT_TOOL}(${JSON.stringify(this.args)})`;
  }
}

type CompactionPath = 'pi' | 'turn boundary' | 'failed' | 'cancelled';

/** One compaction by one of the paths that append it (or fail to). */
class Compaction extends CompactionStep {
  constructor(private readonly path: CompactionPath) {
    super();
  }

  protected async act(model: CompactionModel, real: CompactionSystem): Promise<readonly ExpectedNotice[]> {
    switch (this.path) {
      case 'pi': {
        const { beforeResults } = await real.host.compact({ summary: 'The work so far.', reason: 'threshold' });
        expectEqual(beforeResults, [], 'the guard never cancels or alters a compaction');
        model.compactions += 1;
        return model.lifecycle.session.compactedByPi(model.state.items);
      }
      case 'turn boundary':
        await compactAtTurnEnd(real.host, 'The work so far.');
        model.compactions += 1;
        model.lifecycle.session.compactedAtBoundary(model.state.items);
        return [];
      case 'failed':
      case 'cancelled':
        await real.host.compact({ fail: this.path === 'failed' ? 'error' : 'abort' });
        return model.lifecycle.session.compactionFailed(this.path === 'cancelled', model.state.items);
    }
  }

  toString(): string {
    return `compaction: ${this.path}`;
  }
}

/** A `context` event: the adapter appends exactly the recoveries the reference expects, or returns nothing. */
class ModelRequest extends CompactionStep {
  constructor(private readonly plan: RequestPlan) {
    super();
  }

  protected async act(model: CompactionModel, real: CompactionSystem): Promise<readonly ExpectedNotice[]> {
    const request = buildRequest(this.plan, model.state.items, model.handedToPi);
    const expected = model.lifecycle.onContext(request.visible, request.carried, model.state);
    const handedBefore = new Set(model.handedToPi);
    if (expected.sent !== undefined) model.handedToPi.push(expected.sent);
    const [result] = await real.host.emit('context', { type: 'context', messages: [...request.messages] });
    if (expected.appended.length === 0) {
      expect(result).toBeUndefined();
      return expected.notices;
    }
    const returned = (result as { readonly messages: readonly unknown[] }).messages;
    const at = recoveryIndex(request.messages);
    const added = expected.appended.length;
    expectEqual([...returned.slice(0, at), ...returned.slice(at + added)], request.messages);
    expect(returned.slice(at, at + added)).toEqual(
      expected.appended.map((content) => ({
        role: 'custom',
        customType: RECOVERY_TYPE,
        content,
        display: false,
        timestamp: expect.any(Number) as unknown,
      })),
    );
    const recoveries = returned.flatMap((message) => {
      const fields = message as Readonly<Record<string, unknown>>;
      return fields['customType'] === RECOVERY_TYPE ? [fields['content']] : [];
    });
    expectSame(new Set(recoveries).size, recoveries.length, 'no request carries the same recovery twice');
    const fresh = recoveries.filter((content) => !handedBefore.has(content as string));
    expect(fresh.length, 'a request gets at most one new recovery').toBeLessThanOrEqual(1);
    return expected.notices;
  }

  toString(): string {
    return `model request ${JSON.stringify(this.plan)}`;
  }
}

/** `session_start` once or twice, or a whole restart: what was checked stays; Pi's queue empties on a restart. */
class Reload extends CompactionStep {
  constructor(private readonly how: 'session_start x1' | 'session_start x2' | 'restart') {
    super();
  }

  protected async act(model: CompactionModel, real: CompactionSystem): Promise<readonly ExpectedNotice[]> {
    if (this.how === 'restart') {
      await real.host.restart();
      model.lifecycle = new ReferenceLifecycle(model.lifecycle.session);
    } else {
      await real.host.startSession('startup', { times: this.how === 'session_start x1' ? 1 : 2 });
    }
    return [];
  }

  toString(): string {
    return this.how;
  }
}

const itemId = fc.constantFrom('ship', 'quote', 'api', 'utf8');
const content = fc.constantFrom(...GUARDED_CONTENTS);
const kind = fc.constantFrom('goal', 'constraint', 'decision');

const guardCommand = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(itemId, kind, fc.constantFrom('', '--critical '), content).map(([id, k, flag, text]) => `add ${id} ${k} ${flag}${text}`) },
  { weight: 2, arbitrary: itemId.map((id) => `remove ${id}`) },
  { weight: 2, arbitrary: fc.tuple(itemId, fc.constantFrom('on', 'off')).map(([id, on]) => `critical ${id} ${on}`) },
  { weight: 1, arbitrary: fc.constant('clear --yes') },
  { weight: 3, arbitrary: fc.constantFrom('recovery critical', 'recovery off') },
);

function weighted(weight: number, arbitrary: fc.Arbitrary<Step>): fc.WeightedArbitrary<Step> {
  return { weight, arbitrary };
}

export const compactionStep: fc.Arbitrary<Step> = fc.oneof(
  weighted(8, guardCommand.map((args): Step => new GuardCommand(args))),
  weighted(
    2,
    fc
      .record({ id: itemId, kind, content, critical: fc.boolean() }, { requiredKeys: ['id', 'kind', 'content'] })
      .map((args): Step => new ProtectCall(args)),
  ),
  weighted(4, fc.constant(new Compaction('pi'))),
  weighted(3, fc.constant(new Compaction('turn boundary'))),
  weighted(1, fc.constantFrom<CompactionPath>('failed', 'cancelled').map((path) => new Compaction(path))),
  weighted(10, requestPlan.map((plan): Step => new ModelRequest(plan))),
  weighted(2, fc.constantFrom('session_start x1' as const, 'session_start x2' as const, 'restart' as const).map((how) => new Reload(how))),
);
