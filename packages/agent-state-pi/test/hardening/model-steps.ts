import type { SessionStartReason } from '@j1nn0/pi-testkit';
import fc from 'fast-check';
import { expect } from 'vitest';
import { displayProblems } from './display-safety.js';
import {
  commandArguments,
  statusArbitrary,
  textArbitrary,
  toolIdArbitrary,
} from './model-inputs.js';
import {
  SAVED_STATE_TYPE,
  currentSession,
  currentState,
  enterSession,
  expectLoadNotices,
  mirrorAppendedEntry,
  mirrorSavedState,
  replaceInstance,
  type SavedEntry,
  type AgentStateModel,
  type AgentStateSystem,
} from './model-world.js';
import { expectedDetails, expectObservedStateMatches, expectedPayload } from './observed-state.js';
import type { ReferenceState } from './reference-agent-state.js';
import { runReferenceCommand } from './reference-command.js';
import { ReferenceSession } from './reference-session.js';
import { runReferenceTool, type ReferenceToolName } from './reference-tools.js';
import { expectedStatusView, parseStatusText } from './status-view.js';

// One class per kind of step. Each acts on the host and the reference alike, checks what the step itself
// showed, then compares everything observable with the reference (expectObservedStateMatches).

type Step = fc.AsyncCommand<AgentStateModel, AgentStateSystem>;

/** JSON, with long inputs cut so a shrunk counterexample stays readable. */
function shortDescription(value: unknown): string {
  const json = JSON.stringify(value);
  return json.length <= 80 ? json : `${json.slice(0, 60)}…(${json.length} chars)`;
}

abstract class AgentStateStep implements Step {
  check(_model: Readonly<AgentStateModel>): boolean {
    return true;
  }

  async run(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    await this.act(model, real);
    await expectObservedStateMatches(model, real);
  }

  protected abstract act(model: AgentStateModel, real: AgentStateSystem): Promise<void>;
  abstract toString(): string;
}

/** `/agent-state <args>`: the one notification equals the reference's; a change is saved as one entry. */
async function runSlashCommand(model: AgentStateModel, real: AgentStateSystem, args: string): Promise<void> {
  const state = currentState(model);
  const expected = runReferenceCommand(state, args);
  await real.host.runCommand('agent-state', args);
  const notifications = real.host.takeNotifications();
  if (expected.kind === 'status') {
    expect(notifications.map((notification) => notification.type)).toEqual(['info']);
    expect(parseStatusText(notifications[0]?.message ?? '')).toEqual(expectedStatusView(state));
    return;
  }
  expect(notifications).toEqual([expected.notice]);
  expect(displayProblems(expected.notice.message)).toEqual([]);
  if (expected.state !== undefined) mirrorSavedState(model, real, expected.state);
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
    expect(result.isError).toBe(true);
    const [first] = result.content;
    expect(first?.type === 'text' ? first.text : '').toMatch(/^Validation failed for tool "/u);
    return;
  }
  const { outcome } = expected;
  if (outcome.kind === 'rejected') {
    expect(result).toEqual({ content: [{ type: 'text', text: outcome.message }], details: {}, isError: true });
    return;
  }
  const after: ReferenceState = outcome.kind === 'changed' ? outcome.state : state;
  expect(result).toEqual({
    content: [{ type: 'text', text: outcome.message }],
    details: expectedDetails(after),
    isError: false,
  });
  if (outcome.kind === 'changed') mirrorSavedState(model, real, outcome.state);
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

/** A model turn: a user message and the assistant's answer, so `/tree` has message entries to land on. */
class ChatTurn extends AgentStateStep {
  protected act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
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
class ForeignEntry extends AgentStateStep {
  protected act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    real.host.session.appendEntry('other-extension-state', { schemaVersion: 1, state: { objective: 'not ours' } });
    mirrorAppendedEntry(model, real, 'foreign');
    return Promise.resolve();
  }

  toString(): string {
    return 'foreign custom entry';
  }
}

/** A message another extension sent into the conversation (a `custom_message` entry). */
class ExtensionMessage extends AgentStateStep {
  protected act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    real.host.session.appendRaw({ type: 'custom_message', customType: 'other-extension', content: 'hint', display: true });
    mirrorAppendedEntry(model, real, 'custom_message');
    return Promise.resolve();
  }

  toString(): string {
    return 'custom message from another extension';
  }
}

/** A process restart (leaf back on the last entry of the file) or `/reload` (same session, leaf kept). */
class Restart extends AgentStateStep {
  constructor(private readonly how: 'restart' | 'reload') {
    super();
  }

  protected async act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    if (this.how === 'restart') {
      await real.host.restart();
      currentSession(model).reopen();
    } else {
      await real.host.reload();
    }
    replaceInstance(model);
    expectLoadNotices(model, real);
  }

  toString(): string {
    return this.how;
  }
}

/** `session_start` again on the same session, with any reason, once or twice in a row. */
class SessionStartAgain extends AgentStateStep {
  constructor(
    private readonly reason: SessionStartReason,
    private readonly times: number,
  ) {
    super();
  }

  protected async act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    await real.host.startSession(this.reason, { times: this.times });
    expectLoadNotices(model, real);
  }

  toString(): string {
    return `session_start ${this.reason} x${this.times}`;
  }
}

/** `/tree` to an entry picked on the current branch, or anywhere in the session. */
class NavigateTree extends AgentStateStep {
  constructor(
    private readonly scope: 'branch' | 'session',
    private readonly pick: number,
  ) {
    super();
  }

  override check(model: Readonly<AgentStateModel>): boolean {
    return currentSession(model).entries().length > 0;
  }

  protected async act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    const reference = currentSession(model);
    const candidates = this.scope === 'branch' ? reference.branch() : reference.entries();
    const target = candidates[this.pick % candidates.length];
    if (target === undefined) return;
    await real.host.navigateTree(target.id);
    if (target.id !== reference.leaf) reference.navigate(target.id);
    expectLoadNotices(model, real);
  }

  toString(): string {
    return `navigate to ${this.scope} entry #${this.pick}`;
  }
}

class Fork extends AgentStateStep {
  constructor(private readonly pick: number) {
    super();
  }

  override check(model: Readonly<AgentStateModel>): boolean {
    return currentSession(model).branch().length > 0;
  }

  protected async act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    const branch = currentSession(model).branch();
    const target = branch[this.pick % branch.length];
    if (target === undefined) return;
    await real.host.fork(target.id);
    enterSession(model, real, currentSession(model).fork(target.id));
    expectLoadNotices(model, real);
  }

  toString(): string {
    return `fork at branch entry #${this.pick}`;
  }
}

class NewSession extends AgentStateStep {
  protected async act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    await real.host.newSession();
    enterSession(model, real, new ReferenceSession<SavedEntry>());
    expectLoadNotices(model, real);
  }

  toString(): string {
    return 'new session';
  }
}

class SwitchSession extends AgentStateStep {
  constructor(private readonly pick: number) {
    super();
  }

  override check(model: Readonly<AgentStateModel>): boolean {
    return model.sessions.length > 1;
  }

  protected async act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    const index = this.pick % model.sessions.length;
    const session = real.sessions[index];
    if (session === undefined) return;
    await real.host.switchSession(session);
    model.current = index;
    replaceInstance(model);
    currentSession(model).reopen();
    expectLoadNotices(model, real);
  }

  toString(): string {
    return `switch to session #${this.pick}`;
  }
}

/** The README's unreadable entries, each with the reason the warning must name. */
const UNREADABLE_SAVES: readonly (readonly [unknown, string])[] = [
  [undefined, 'no payload'],
  [{ schemaVersion: 2, state: { schemaVersion: 1, workItems: [], decisions: [] } }, 'unsupported schema version'],
  ['not a payload', 'malformed payload'],
  [{ schemaVersion: 1, state: { schemaVersion: 1, workItems: 7, decisions: [] } }, 'invalid snapshot'],
];

/** A saved-state entry the adapter cannot read (written by a broken or newer version), then a session start. */
class UnreadableSave extends AgentStateStep {
  constructor(private readonly pick: number) {
    super();
  }

  protected async act(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
    const [data, reason] = UNREADABLE_SAVES[this.pick % UNREADABLE_SAVES.length] ?? [undefined, 'no payload'];
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

const SESSION_START_REASONS: readonly SessionStartReason[] = ['startup', 'reload', 'new', 'resume', 'fork'];

const sessionStartAgain = fc
  .tuple(fc.constantFrom(...SESSION_START_REASONS), fc.constantFrom(1, 2))
  .map(([reason, times]) => new SessionStartAgain(reason, times));

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
  weighted(1, fc.nat().map((pick) => new UnreadableSave(pick))),
  weighted(
    1,
    fc
      .tuple(fc.constantFrom('workItems' as const, 'decisions' as const), fc.constantFrom(199, 200))
      .map(([list, count]) => new RestoreCrowdedState(list, count)),
  ),
);
