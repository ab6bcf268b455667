import { ObservedStep, currentReferenceSession, sessionSteps, shortDescription, type SessionWorld } from '@j1nn0/pi-testkit/checks';
import { displayProblems, expectEqual, expectSame } from '@j1nn0/test-checks';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  commandArguments,
  statusArbitrary,
  textArbitrary,
  toolIdArbitrary,
} from './model-inputs.js';
import {
  SAVED_STATE_TYPE,
  currentState,
  expectLoadNotices,
  mirrorAppendedEntry,
  mirrorSavedState,
  replaceInstance,
  type AgentStateModel,
  type AgentStateSystem,
} from './model-world.js';
import { expectedDetails, expectObservedStateMatches, expectedPayload } from './observed-state.js';
import type { ReferenceState } from '@j1nn0/pi-testkit/reference-models';
import type { UnreadableProblem } from '../../src/persistence.js';
import { runReferenceCommand } from './reference-command.js';
import { referenceOutcomeText, unknownFieldsText } from './reference-messages.js';
import { runReferenceTool, type ReferenceToolName } from './reference-tools.js';
import { expectedHistoryView, parseHistoryText } from './history-view.js';
import { expectedStatusView, parseStatusText } from './status-view.js';

// One class per kind of step. Each acts on the host and the reference alike, checks what the step itself
// showed, then compares everything observable with the reference (expectObservedStateMatches).

type Step = fc.AsyncCommand<AgentStateModel, AgentStateSystem>;

/** What the shared session moves need: a restore is silent unless it meets an unreadable entry anew. */
const AGENT_STATE_WORLD: SessionWorld<AgentStateModel, AgentStateSystem> = {
  expectObservedStateMatches,
  mirrorAppendedEntry,
  expectLoadNotices: (model, real, load) => {
    if (load.instance === 'new') replaceInstance(model);
    expectLoadNotices(model, real);
  },
  foreignEntry: { customType: 'other-extension-state', data: { schemaVersion: 1, state: { objective: 'not ours' } } },
};

abstract class AgentStateStep extends ObservedStep<AgentStateModel, AgentStateSystem> {
  protected readonly world = AGENT_STATE_WORLD;
}

/** `/agent-state <args>`: the one notification equals the reference's; a change is saved as one entry. */
async function runSlashCommand(model: AgentStateModel, real: AgentStateSystem, args: string): Promise<void> {
  const state = currentState(model);
  const expected = runReferenceCommand(state, args);
  await real.host.runCommand('agent-state', args);
  const notifications = real.host.takeNotifications();
  if (expected.kind === 'status') {
    expectEqual(notifications.map((notification) => notification.type), ['info']);
    expectEqual(parseStatusText(notifications[0]?.message ?? ''), expectedStatusView(state));
    return;
  }
  if (expected.kind === 'history') {
    expectEqual(notifications.map((notification) => notification.type), ['info']);
    expectEqual(parseHistoryText(notifications[0]?.message ?? ''), expectedHistoryView(currentReferenceSession(model).savedOnBranch(), expected.id));
    return;
  }
  expectEqual(notifications, [expected.notice]);
  expectEqual(displayProblems(expected.notice.message), []);
  if (expected.state !== undefined) mirrorSavedState(model, real, expected.state, 'person');
}

/** One tool call: Pi's validation error, the rejection as an error result, or the message with the counts. */
async function callTool(
  model: AgentStateModel,
  real: AgentStateSystem,
  tool: ReferenceToolName,
  args: Readonly<Record<string, unknown>>,
): Promise<void> {
  const state = currentState(model);
  const expected = runReferenceTool(state, tool, args);
  const result = await real.host.executeTool(tool, args);
  if (expected.kind === 'invalid_arguments') {
    expectSame(result.isError, true);
    const [first] = result.content;
    expect(first?.type === 'text' ? first.text : '').toMatch(/^Validation failed for tool "/u);
    return;
  }
  if (expected.kind === 'unknown_fields') {
    expectEqual(result, { content: [{ type: 'text', text: unknownFieldsText(tool, args, expected.fields) }], details: {}, isError: true });
    return;
  }
  const { outcome } = expected;
  const text = referenceOutcomeText(state, outcome, 'model');
  if (outcome.kind === 'rejected') {
    expectEqual(result, { content: [{ type: 'text', text }], details: {}, isError: true });
    return;
  }
  const after: ReferenceState = outcome.kind === 'changed' ? outcome.state : state;
  expectEqual(result, {
    content: [{ type: 'text', text }],
    details: expectedDetails(after),
    isError: false,
  });
  if (outcome.kind === 'changed') mirrorSavedState(model, real, outcome.state, 'model');
}

class SlashCommand extends AgentStateStep {
  constructor(private readonly args: string) {
    super();
  }

  protected act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    return runSlashCommand(model, real, this.args);
  }

  toString(): string {
    return `/agent-state ${shortDescription(this.args)}`;
  }
}

class ToolCall extends AgentStateStep {
  constructor(
    private readonly tool: ReferenceToolName,
    private readonly args: Readonly<Record<string, unknown>>,
  ) {
    super();
  }

  protected act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    return callTool(model, real, this.tool, this.args);
  }

  toString(): string {
    return `${this.tool}(${shortDescription(this.args)})`;
  }
}

/**
 * A status change (command or tool) or a removal aimed at a work item that exists when the step runs;
 * drawn ids alone would mostly miss, since states are often empty after new sessions and tree moves.
 */
class OnExistingWorkItem extends AgentStateStep {
  constructor(
    private readonly pick: number,
    private readonly request: 'remove' | { readonly status: string; readonly via: 'command' | 'tool' },
  ) {
    super();
  }

  override check(model: Readonly<AgentStateModel>): boolean {
    return currentState(model).workItems.length > 0;
  }

  protected async act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    const items = currentState(model).workItems;
    const id = items[this.pick % items.length]?.id ?? '';
    if (this.request === 'remove') {
      await runSlashCommand(model, real, `remove ${id}`);
    } else if (this.request.via === 'command') {
      await runSlashCommand(model, real, `set ${id} ${this.request.status}`);
    } else {
      await callTool(model, real, 'agent_state_set_work_item_status', { id, status: this.request.status });
    }
  }

  toString(): string {
    return `existing work item #${this.pick}: ${shortDescription(this.request)}`;
  }
}

/** The README's unreadable entries, each with the reason the warning must name. */
const UNREADABLE_SAVES: readonly (readonly [unknown, UnreadableProblem])[] = [
  [undefined, 'missing_payload'],
  [{ schemaVersion: 2, state: { schemaVersion: 1, workItems: [], decisions: [] } }, 'unsupported_version'],
  ['not a payload', 'malformed_payload'],
  [{ schemaVersion: 1, state: { schemaVersion: 1, workItems: 7, decisions: [] } }, 'rejected_snapshot'],
];

/** A saved-state entry the adapter cannot read (written by a broken or newer version), then a session start. */
class UnreadableSave extends AgentStateStep {
  constructor(private readonly pick: number) {
    super();
  }

  protected async act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    const [data, reason] = UNREADABLE_SAVES[this.pick % UNREADABLE_SAVES.length] ?? [undefined, 'missing_payload'];
    real.host.session.appendEntry(SAVED_STATE_TYPE, data);
    // The session file keeps the JSON round trip of the data: `undefined` is simply absent.
    const stored = real.host.session.customEntries(SAVED_STATE_TYPE).at(-1)?.data;
    mirrorAppendedEntry(model, real, 'state', { readable: false, data: stored, reason });
    await real.host.startSession('resume');
    expectLoadNotices(model, real);
  }

  toString(): string {
    return `unreadable save #${this.pick}`;
  }
}

/** A session file whose newest state is at or one below a count limit (restored as saved), then started. */
class RestoreCrowdedState extends AgentStateStep {
  constructor(
    private readonly list: 'workItems' | 'decisions',
    private readonly count: number,
  ) {
    super();
  }

  protected async act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    const entries = Array.from({ length: this.count }, (_, index) => ({ id: `seed-${index}`, content: 'Seeded' }));
    const state: ReferenceState = {
      objective: 'Crowded',
      workItems: this.list === 'workItems' ? entries.map((entry) => ({ ...entry, status: 'open' as const })) : [],
      decisions: this.list === 'decisions' ? entries : [],
    };
    real.host.session.appendEntry(SAVED_STATE_TYPE, expectedPayload(state));
    mirrorSavedState(model, real, state);
    await real.host.startSession('resume');
    expectLoadNotices(model, real);
  }

  toString(): string {
    return `restore ${this.count} ${this.list}`;
  }
}

const CHANNELS = ['command', 'tool'] as const;

const statusOrNull = fc.oneof({ weight: 5, arbitrary: statusArbitrary }, { weight: 1, arbitrary: fc.constant(null) });

function weighted(weight: number, arbitrary: fc.Arbitrary<Step>): fc.WeightedArbitrary<Step> {
  return { weight, arbitrary };
}

const toolCall: fc.Arbitrary<Step> = fc.oneof(
  weighted(
    4,
    fc
      .record(
        { id: toolIdArbitrary, content: textArbitrary, status: statusOrNull },
        { requiredKeys: ['id', 'content'] },
      )
      .map((args) => new ToolCall('agent_state_add_work_item', args)),
  ),
  weighted(
    4,
    fc
      .record({ id: toolIdArbitrary, status: statusArbitrary })
      .map((args) => new ToolCall('agent_state_set_work_item_status', args)),
  ),
  weighted(
    3,
    fc
      .record({ id: toolIdArbitrary, content: textArbitrary })
      .map((args) => new ToolCall('agent_state_add_decision', args)),
  ),
  // A field the tool does not take, as models send them (`priority`, a `note`): refused, nothing recorded.
  weighted(
    1,
    fc
      .tuple(
        fc.constantFrom<[ReferenceToolName, Record<string, unknown>]>(
          ['agent_state_add_work_item', { content: 'C' }],
          ['agent_state_set_work_item_status', { status: 'done' }],
          ['agent_state_add_decision', { content: 'D' }],
        ),
        toolIdArbitrary,
        fc.constantFrom('priority', 'note', 'completed'),
      )
      .map(([[tool, args], id, field]) => new ToolCall(tool, { id, ...args, [field]: 'high' })),
  ),
  // A required field left out: Pi's validation answers, the tool never runs.
  weighted(
    1,
    fc
      .constantFrom<[ReferenceToolName, Record<string, unknown>]>(
        ['agent_state_add_work_item', { id: 'a' }],
        ['agent_state_set_work_item_status', { id: 'a' }],
        ['agent_state_add_decision', { content: 'D' }],
      )
      .map(([tool, args]) => new ToolCall(tool, args)),
  ),
);

/**
 * Every kind of step the model-based suite draws from, weighted so that requests dominate, session moves
 * come several times a sequence, and a crowded state (which then rejects most additions) stays rare.
 */
export const agentStateStep: fc.Arbitrary<Step> = fc.oneof(
  weighted(38, commandArguments.map((text): Step => new SlashCommand(text))),
  weighted(14, toolCall),
  weighted(
    10,
    fc
      .tuple(
        fc.nat(),
        fc.oneof(
          { weight: 1, arbitrary: fc.constant('remove' as const) },
          { weight: 4, arbitrary: fc.record({ status: statusArbitrary, via: fc.constantFrom(...CHANNELS) }) },
        ),
      )
      .map(([pick, request]) => new OnExistingWorkItem(pick, request)),
  ),
  ...sessionSteps(AGENT_STATE_WORLD),
  weighted(1, fc.nat().map((pick) => new UnreadableSave(pick))),
  weighted(
    1,
    fc
      .tuple(fc.constantFrom('workItems' as const, 'decisions' as const), fc.constantFrom(199, 200))
      .map(([list, count]) => new RestoreCrowdedState(list, count)),
  ),
);
