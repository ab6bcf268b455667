import fc from 'fast-check';
import {
  MAX_ID_LENGTH,
  MAX_TEXT_LENGTH,
  WORK_ITEM_STATUSES,
  type AgentState,
  type AgentStateSnapshot,
  type Decision,
  type WorkItem,
  type WorkItemInput,
} from '../src/index.js';

/** At least 1,000 runs a property; FC_NUM_RUNS may raise it, never lower it. */
export const NUM_RUNS = Math.max(1000, Number(process.env.FC_NUM_RUNS) || 0);

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
// A small shared pool makes repeated ids, and ids shared by items and decisions, common.
const POOLED_IDS = ['a', 'b', 'c'];
const WHITESPACE = [' ', '\t', '\n', '\u00a0', '\u2028', '\u3000', '\ufeff'];
const STRING_TRAPS = ['', ' ', '\n\t', '\uD800', 'x\uDC00', 'Open', 'closed', 'in-progress', '1'];

/** Well-formed, non-blank text with `marker` inside, sometimes padded with whitespace that must be kept. */
export function textArbitrary(marker = ''): fc.Arbitrary<string> {
  const padding = fc.string({ unit: fc.constantFrom(...WHITESPACE), maxLength: 2 });
  const core = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((text) => text.trim() !== '');
  return fc.tuple(padding, core, padding).map(([before, text, after]) => `${before}${marker}${text}${after}`);
}

function idArbitrary(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: text },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom(...POOLED_IDS) },
  );
}

function workItemArbitrary(text: fc.Arbitrary<string>): fc.Arbitrary<WorkItem> {
  return fc
    .record({ id: idArbitrary(text), content: text, status: fc.constantFrom(...WORK_ITEM_STATUSES) })
    .map(({ id, content, status }) => ({ id, content, status }));
}

function decisionArbitrary(text: fc.Arbitrary<string>): fc.Arbitrary<Decision> {
  return fc.record({ id: idArbitrary(text), content: text }).map(({ id, content }) => ({ id, content }));
}

/** Any valid snapshot, keys in schema order; `objective` is absent, never undefined, when unset. */
export function snapshotArbitrary(text = textArbitrary()): fc.Arbitrary<AgentStateSnapshot> {
  return fc
    .record({
      objective: fc.option(text, { nil: undefined }),
      workItems: fc.uniqueArray(workItemArbitrary(text), { selector: (item) => item.id, maxLength: 6 }),
      decisions: fc.uniqueArray(decisionArbitrary(text), { selector: (decision) => decision.id, maxLength: 4 }),
    })
    .map(({ objective, workItems, decisions }) =>
      objective === undefined
        ? { schemaVersion: 1 as const, workItems, decisions }
        : { schemaVersion: 1 as const, objective, workItems, decisions },
    );
}

export type Operation =
  | { readonly kind: 'add'; readonly item: WorkItemInput }
  | { readonly kind: 'setStatus'; readonly index: number; readonly status: WorkItem['status'] }
  | { readonly kind: 'remove'; readonly index: number }
  | { readonly kind: 'decide'; readonly decision: Decision };

export function operationsArbitrary(text = textArbitrary()): fc.Arbitrary<Operation[]> {
  const item = fc.record(
    { id: idArbitrary(text), content: text, status: fc.constantFrom(...WORK_ITEM_STATUSES) },
    { requiredKeys: ['id', 'content'] },
  );
  return fc.array(
    fc.oneof(
      item.map((input): Operation => ({ kind: 'add', item: input })),
      fc.record({ index: fc.nat(), status: fc.constantFrom(...WORK_ITEM_STATUSES) }).map((op): Operation => ({ kind: 'setStatus', ...op })),
      fc.nat().map((index): Operation => ({ kind: 'remove', index })),
      decisionArbitrary(text).map((decision): Operation => ({ kind: 'decide', decision })),
    ),
    { maxLength: 10 },
  );
}

/** Applies only operations that are valid for the current state, so the result is always a valid state. */
export function applyOperation(state: AgentState, operation: Operation): void {
  const items = state.listWorkItems();
  const target = items.length === 0 || operation.kind === 'add' || operation.kind === 'decide'
    ? undefined
    : items[operation.index % items.length];
  switch (operation.kind) {
    case 'add':
      if (state.getWorkItem(operation.item.id) === undefined) state.addWorkItem(operation.item);
      return;
    case 'setStatus':
      if (target !== undefined) state.setWorkItemStatus(target.id, operation.status);
      return;
    case 'remove':
      if (target !== undefined) state.removeWorkItem(target.id);
      return;
    case 'decide':
      if (!state.listDecisions().some((decision) => decision.id === operation.decision.id)) {
        state.addDecision(operation.decision);
      }
      return;
  }
}

type Collection = 'workItems' | 'decisions';

type Mutation =
  | { readonly kind: 'none' }
  | { readonly kind: 'setTop'; readonly key: string; readonly value: unknown }
  | { readonly kind: 'deleteTop'; readonly key: string }
  | {
      readonly kind: 'setField';
      readonly collection: Collection;
      readonly index: number;
      readonly key: string;
      readonly value: unknown;
    }
  | { readonly kind: 'deleteField'; readonly collection: Collection; readonly index: number; readonly key: string }
  | { readonly kind: 'replaceEntry'; readonly collection: Collection; readonly index: number; readonly value: unknown }
  | { readonly kind: 'repeatEntry'; readonly collection: Collection; readonly index: number };

function mutationArbitrary(text: fc.Arbitrary<string>): fc.Arbitrary<Mutation> {
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    text,
    { weight: 3, arbitrary: fc.constantFrom<unknown>(...WORK_ITEM_STATUSES, ...STRING_TRAPS, 0, 1, 2, null, true, [], {}) },
    fc.constantFrom('x'.repeat(MAX_ID_LENGTH + 1), 'x'.repeat(MAX_TEXT_LENGTH + 1)),
  );
  // Fields mostly get near-miss strings, so each string rule is hit often, not by luck.
  const fieldValue = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...STRING_TRAPS) }, value);
  const topKey = fc.constantFrom('schemaVersion', 'objective', 'workItems', 'decisions', 'extra', '__proto__');
  const fieldKey = fc.constantFrom('id', 'content', 'status', 'extra', '__proto__');
  const collection = fc.constantFrom<Collection>('workItems', 'decisions');
  const index = fc.nat();
  return fc.oneof(
    fc.constant<Mutation>({ kind: 'none' }),
    fc.record({ kind: fc.constant('setTop' as const), key: topKey, value }),
    fc.record({ kind: fc.constant('deleteTop' as const), key: topKey }),
    fc.record({ kind: fc.constant('setField' as const), collection, index, key: fieldKey, value: fieldValue }),
    fc.record({ kind: fc.constant('deleteField' as const), collection, index, key: fieldKey }),
    fc.record({ kind: fc.constant('replaceEntry' as const), collection, index, value }),
    fc.record({ kind: fc.constant('repeatEntry' as const), collection, index }),
  );
}

// Defined, not assigned, so that a `__proto__` key becomes an own key as JSON.parse would make it.
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Breaks (or keeps) one part of a JSON copy of `snapshot`, which may already be broken. */
function applyMutation(snapshot: unknown, mutation: Mutation): unknown {
  const copy = JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown>;
  switch (mutation.kind) {
    case 'none':
      break;
    case 'setTop':
      setOwn(copy, mutation.key, mutation.value);
      break;
    case 'deleteTop':
      Reflect.deleteProperty(copy, mutation.key);
      break;
    default:
      mutateEntry(copy[mutation.collection], mutation);
  }
  return copy;
}

function mutateEntry(entries: unknown, mutation: Extract<Mutation, { collection: Collection }>): void {
  if (!Array.isArray(entries) || entries.length === 0) return;
  const position = mutation.index % entries.length;
  const entry: unknown = entries[position];
  if (mutation.kind === 'replaceEntry') {
    entries[position] = mutation.value;
  } else if (typeof entry !== 'object' || entry === null) {
    return;
  } else if (mutation.kind === 'repeatEntry') {
    entries.push(JSON.parse(JSON.stringify(entry)));
  } else if (mutation.kind === 'setField') {
    setOwn(entry, mutation.key, mutation.value);
  } else {
    Reflect.deleteProperty(entry, mutation.key);
  }
}

/** Valid snapshots as JSON with one thing possibly broken: mostly invalid, sometimes still valid. */
export function nearValidSnapshotArbitrary(text = textArbitrary()): fc.Arbitrary<unknown> {
  return fc
    .tuple(snapshotArbitrary(text), fc.array(mutationArbitrary(text), { minLength: 1, maxLength: 2 }))
    .map(([snapshot, mutations]) => mutations.reduce<unknown>(applyMutation, snapshot));
}
