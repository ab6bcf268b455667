import { WORK_ITEM_STATUSES, type AgentStateSnapshot } from '@j1nn0/agent-state';
import type { ScriptedToolCall } from '@j1nn0/pi-real-hosts';

/**
 * A deterministic, seeded script of Agent State changes for a real Pi session: commands and model
 * runs whose assistant messages carry several tool calls, with invalid attempts mixed in.
 */

/**
 * One attempted change, before it is written as a command or a tool call. A status is any text here,
 * as a person may type one; `clear` without confirmation only previews.
 */
export type ScriptChange =
  | { readonly kind: 'objective'; readonly text: string }
  | { readonly kind: 'add'; readonly id: string; readonly content: string; readonly status?: string }
  | { readonly kind: 'set'; readonly id: string; readonly status: string }
  | { readonly kind: 'remove'; readonly id: string }
  | { readonly kind: 'decide'; readonly id: string; readonly content: string }
  | { readonly kind: 'clear'; readonly confirmed: boolean };

/** An attempt as Pi gets it: the text after `/agent-state ` that a person types, or a tool call of the model. */
export type ScriptAttempt = { readonly via: 'command'; readonly text: string } | { readonly via: 'tool'; readonly call: ScriptedToolCall };

/**
 * The state after an attempt, by the rules of Agent State. The script has no rules of its own: its
 * user passes agent-state-pi's (the command parser and the pure mutation functions, which this build
 * cannot import); the script only needs the state to choose plausible next attempts.
 */
export type ApplyAttempt = (state: AgentStateSnapshot, attempt: ScriptAttempt) => AgentStateSnapshot;

export interface ToolCallStep {
  readonly change: ScriptChange;
  readonly call: ScriptedToolCall;
}

export type ScriptStep =
  | { readonly kind: 'command'; readonly change: ScriptChange; readonly text: string }
  /** One prompt; each turn is one assistant message holding all of its tool calls. */
  | { readonly kind: 'model_run'; readonly turns: readonly (readonly ToolCallStep[])[] };

export interface MutationScript {
  readonly steps: readonly ScriptStep[];
  /** Every attempt in the order Pi applies it: the commands, and the tool calls of each turn in call order. */
  readonly attempts: readonly ScriptAttempt[];
}

export interface MutationScriptOptions {
  readonly operations: number;
  readonly seed: number;
  /** Whether `clear --yes` may occur (it resets the size a benchmark is after). */
  readonly allowClear: boolean;
  /** The rules the planner follows the state by (see ApplyAttempt). */
  readonly apply: ApplyAttempt;
}

const EMPTY_STATE: AgentStateSnapshot = { schemaVersion: 1, workItems: [], decisions: [] };

const MAX_CALLS_PER_MESSAGE = 5;
const PHRASES = [
  'parse the command arguments into typed requests',
  'write the README section about sessions',
  'keep the core free of Pi imports',
  'handle the naïve café case and the ☕ emoji',
  'check the restore after a fork',
  'measure the payload of every tool definition',
  'reject unknown statuses without guessing',
  'escape terminal control characters in the status',
];

/** mulberry32: a tiny seeded generator, so a failing script can be replayed exactly. */
function seededRandom(seed: number): () => number {
  let value = seed >>> 0;
  return () => {
    value = (value + 0x6d2b79f5) >>> 0;
    let mixed = value;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Channel = 'command' | 'tool' | 'either';

interface PlannedOperation {
  readonly operation: ScriptChange;
  readonly channel: Channel;
}

interface WeightedChoice {
  readonly weight: number;
  /** Commands cannot pass a status to `add` or an id with a space; the tools cannot remove, clear or set the objective. */
  readonly channel: Channel;
  readonly operation: () => ScriptChange;
}

function pick<T>(random: () => number, values: readonly T[]): T {
  const value = values[Math.floor(random() * values.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

/** The attempts possible in the current state, weighted so the state grows, churns and stays under its limits. */
function choicesFor(random: () => number, state: AgentStateSnapshot, counter: number, allowClear: boolean): WeightedChoice[] {
  const items = state.workItems;
  const count = counter.toString();
  const phrase = PHRASES[counter % PHRASES.length] ?? 'do the work';
  const existing = items.length > 0 ? pick(random, items) : undefined;
  const otherStatus = (): string => pick(random, WORK_ITEM_STATUSES.filter((status) => status !== existing?.status));
  const changes: WeightedChoice[] = [
    { weight: items.length < 150 ? 28 : 6, channel: 'either', operation: () => ({ kind: 'add', id: `w${count}`, content: `Step ${count}: ${phrase}` }) },
    { weight: 4, channel: 'tool', operation: () => ({ kind: 'add', id: `w${count}`, content: `Started ${phrase}`, status: pick(random, WORK_ITEM_STATUSES) }) },
    { weight: existing === undefined ? 0 : 24, channel: 'either', operation: () => ({ kind: 'set', id: existing?.id ?? '', status: otherStatus() }) },
    { weight: items.length > 150 ? 14 : 5, channel: 'command', operation: () => ({ kind: 'remove', id: existing?.id ?? 'w-none' }) },
    { weight: state.decisions.length < 200 ? 18 : 3, channel: 'either', operation: () => ({ kind: 'decide', id: `d${count}`, content: `Decided to ${phrase}` }) },
    { weight: 4, channel: 'command', operation: () => ({ kind: 'objective', text: `Ship release ${(counter % 7).toString()}: ${phrase}` }) },
    { weight: allowClear ? 0.3 : 0, channel: 'command', operation: () => ({ kind: 'clear', confirmed: true }) },
  ];
  // Attempts that must leave the state and the session file as they are.
  const noChanges: WeightedChoice[] = [
    { weight: existing === undefined ? 0 : 3, channel: 'either', operation: () => ({ kind: 'set', id: existing?.id ?? '', status: existing?.status ?? 'open' }) },
    { weight: 2, channel: 'either', operation: () => ({ kind: 'set', id: `w-missing-${count}`, status: 'done' }) },
    { weight: 1, channel: 'command', operation: () => ({ kind: 'set', id: existing?.id ?? 'w-none', status: 'Done' }) },
    { weight: 1, channel: 'tool', operation: () => ({ kind: 'set', id: existing?.id ?? 'w-none', status: 'finished' }) },
    { weight: existing === undefined ? 0 : 2, channel: 'either', operation: () => ({ kind: 'add', id: existing?.id ?? '', content: 'A second item under a taken id' }) },
    { weight: 1, channel: 'tool', operation: () => ({ kind: 'add', id: 'has space', content: 'An id the rules refuse' }) },
    { weight: 1, channel: 'tool', operation: () => ({ kind: 'decide', id: `d${count}`, content: '   ' }) },
    { weight: 1, channel: 'command', operation: () => ({ kind: 'remove', id: `w-missing-${count}` }) },
    { weight: 1, channel: 'command', operation: () => ({ kind: 'objective', text: state.objective ?? 'First objective' }) },
    { weight: 1, channel: 'command', operation: () => ({ kind: 'clear', confirmed: false }) },
  ];
  return [...changes, ...noChanges].filter((choice) => choice.weight > 0);
}

/** Draws the next attempt from the weighted choices. */
function planOperation(random: () => number, state: AgentStateSnapshot, counter: number, allowClear: boolean): PlannedOperation {
  const choices = choicesFor(random, state, counter, allowClear);
  let draw = random() * choices.reduce((sum, choice) => sum + choice.weight, 0);
  // A draw left over by floating-point rounding falls to the last choice.
  const chosen = choices.find((choice) => (draw -= choice.weight) < 0) ?? choices.at(-1);
  if (chosen === undefined) throw new Error('no attempt is possible');
  return { operation: chosen.operation(), channel: chosen.channel };
}

/** `/agent-state` arguments for an operation a command can express. */
export function commandText(operation: ScriptChange): string {
  switch (operation.kind) {
    case 'objective':
      return `objective ${operation.text}`;
    case 'add':
      return `add ${operation.id} ${operation.content}`;
    case 'set':
      return `set ${operation.id} ${operation.status}`;
    case 'remove':
      return `remove ${operation.id}`;
    case 'decide':
      return `decide ${operation.id} ${operation.content}`;
    case 'clear':
      return operation.confirmed ? 'clear --yes' : 'clear';
  }
}

/** The tool call for an operation one of the four tools can express. */
export function toolCall(operation: ScriptChange): ScriptedToolCall {
  switch (operation.kind) {
    case 'add':
      return {
        name: 'agent_state_add_work_item',
        arguments: operation.status === undefined
          ? { id: operation.id, content: operation.content }
          : { id: operation.id, content: operation.content, status: operation.status },
      };
    case 'set':
      return { name: 'agent_state_set_work_item_status', arguments: { id: operation.id, status: operation.status } };
    case 'decide':
      return { name: 'agent_state_add_decision', arguments: { id: operation.id, content: operation.content } };
    default:
      throw new Error(`no tool expresses ${operation.kind}`);
  }
}

/** Splits consecutive tool operations into assistant messages of 1-5 calls. */
function toTurns(random: () => number, operations: readonly ScriptChange[]): ToolCallStep[][] {
  const turns: ToolCallStep[][] = [];
  let index = 0;
  while (index < operations.length) {
    const size = 1 + Math.floor(random() * MAX_CALLS_PER_MESSAGE);
    turns.push(operations.slice(index, index + size).map((change) => ({ change, call: toolCall(change) })));
    index += size;
  }
  return turns;
}

export function createMutationScript(options: MutationScriptOptions): MutationScript {
  const random = seededRandom(options.seed);
  let state = EMPTY_STATE;
  const steps: ScriptStep[] = [];
  let pendingTools: ScriptChange[] = [];
  const flushTools = (): void => {
    if (pendingTools.length > 0) steps.push({ kind: 'model_run', turns: toTurns(random, pendingTools) });
    pendingTools = [];
  };
  for (let counter = 0; counter < options.operations; counter += 1) {
    const planned = planOperation(random, state, counter, options.allowClear);
    const viaTool = planned.channel === 'tool' || (planned.channel === 'either' && random() < 0.5);
    const attempt: ScriptAttempt = viaTool
      ? { via: 'tool', call: toolCall(planned.operation) }
      : { via: 'command', text: commandText(planned.operation) };
    state = options.apply(state, attempt);
    if (viaTool) {
      pendingTools.push(planned.operation);
    } else {
      flushTools();
      steps.push({ kind: 'command', change: planned.operation, text: commandText(planned.operation) });
    }
  }
  flushTools();
  return { steps, attempts: attemptsOf(steps) };
}

/** The attempts of `steps` in the order Pi applies them (the calls of one message run one at a time, in call order). */
function attemptsOf(steps: readonly ScriptStep[]): ScriptAttempt[] {
  return steps.flatMap((step): ScriptAttempt[] =>
    step.kind === 'command' ? [{ via: 'command', text: step.text }] : step.turns.flat().map(({ call }) => ({ via: 'tool', call })),
  );
}
