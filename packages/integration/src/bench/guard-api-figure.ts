import { deepStrictEqual } from 'node:assert/strict';
import {
  createContextGuard,
  createLiteralVerifier,
  restoreContextGuard,
  type ContextGuard,
  type ContextItem,
} from '@j1nn0/agent-context-guard';
import { apiUseMatrix, type ApiUse } from './api-use-matrix.js';
import { CONTEXT_GUARD_ADAPTER, branchOfSaved, newestLineDrawer, startAdapter } from './bench-adapters.js';
import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import type { CapturingPi } from './capturing-pi.js';
import type { BenchMatrix } from './report.js';

// Figure 7, Context Guard: what agent-context-guard-pi does with its core, at 0, 50 and 100 protected
// items (100 is the adapter's limit). As for Agent State, the operations repeat the adapter's core
// calls, and the adapter's handler must first save exactly what they compute.

const SIZES = [0, 50, 100] as const;
const COMMAND = CONTEXT_GUARD_ADAPTER.command;
const CRITICAL_EVERY = 5;
const NEW_ITEM: ContextItem = { id: 'bench-new', kind: 'constraint', content: 'Add no new runtime dependency', critical: false };
// A compacted context of about 20 KB: a summary that keeps most requirements word for word.
const CONTEXT_LINES = 400;

interface GuardPayload {
  readonly items: readonly ContextItem[];
}

interface PreparedGuard {
  readonly items: readonly ContextItem[];
  /** The newest saved payload, when anything was saved. */
  readonly payload: GuardPayload | undefined;
  readonly live: ContextGuard;
  readonly addRefusal: string | undefined;
  readonly context: string;
  readonly drawNewestLine: (() => unknown) | undefined;
}

// The core calls of agent-context-guard-pi/src/mutations.ts and persistence.ts.

/** `add`: a new guard over the previous items (all validated again), one add, the list back. */
function addThroughRebuild(items: readonly ContextItem[], item: ContextItem): ContextItem[] {
  const guard = createContextGuard(items);
  guard.add(item);
  return guard.list();
}

/** `remove`: the adapter filters its own list; the core is not called. */
function removeWithoutCore(items: readonly ContextItem[], id: string): ContextItem[] {
  return items.filter((item) => item.id !== id);
}

/** `critical <id> on|off`: the same items with one flag changed, rebuilt through the core's restore, as there is no setter. */
function flipCriticalThroughRestore(items: readonly ContextItem[], id: string): ContextItem[] {
  const flipped = items.map((item) => (item.id === id ? { ...item, critical: !item.critical } : item));
  return restoreContextGuard({ schemaVersion: 1, items: flipped }).list();
}

/** Reading a saved payload: the adapter stores items, so it wraps them in a core snapshot to restore them. */
function readSavedItems(payload: GuardPayload): ContextItem[] {
  return restoreContextGuard({ schemaVersion: 1, items: payload.items }).list();
}

function addArgs(index: number): string {
  const args = CONTEXT_GUARD_ADAPTER.addItemArgs(index);
  // Every fifth item is critical: `add <id> <kind> --critical <content>`.
  return index % CRITICAL_EVERY === 0 ? args.replace(/^(add \S+ \S+) /u, '$1 --critical ') : args;
}

function newestPayload(pi: CapturingPi): GuardPayload | undefined {
  const newest = pi.appended.filter((entry) => entry.customType === CONTEXT_GUARD_ADAPTER.entryType).at(-1);
  return newest?.data as GuardPayload | undefined;
}

/**
 * The adapter's handler switches the first item's criticality there and back, adds and removes once;
 * it must save what the calls above compute. Returns its refusal of the add, if any.
 */
async function checkAgainstAdapter(branch: readonly PiSessionEntryPort[], items: readonly ContextItem[]): Promise<string | undefined> {
  const pi = await startAdapter(CONTEXT_GUARD_ADAPTER, { branch: () => branch });
  const notices: string[] = [];
  const context = pi.context(notices);
  const [first] = items;
  if (first !== undefined) {
    await pi.command(COMMAND)(`critical ${first.id} ${first.critical ? 'off' : 'on'}`, context);
    deepStrictEqual(newestPayload(pi)?.items, flipCriticalThroughRestore(items, first.id), 'agent-context-guard-pi saved something else for critical');
    await pi.command(COMMAND)(`critical ${first.id} ${first.critical ? 'on' : 'off'}`, context);
    deepStrictEqual(newestPayload(pi)?.items, items, 'agent-context-guard-pi did not switch criticality back');
  }
  const saved = pi.appended.length;
  await pi.command(COMMAND)(`add ${NEW_ITEM.id} ${NEW_ITEM.kind} ${NEW_ITEM.content}`, context);
  if (pi.appended.length === saved) return notices.at(-1) ?? 'refused';
  deepStrictEqual(newestPayload(pi)?.items, addThroughRebuild(items, NEW_ITEM), 'agent-context-guard-pi saved something else for add');
  if (first !== undefined) {
    const afterAdd = newestPayload(pi)?.items ?? [];
    await pi.command(COMMAND)(`remove ${first.id}`, context);
    deepStrictEqual(newestPayload(pi)?.items, removeWithoutCore(afterAdd, first.id), 'agent-context-guard-pi saved something else for remove');
  }
  return undefined;
}

/** The compacted context the check reads: four of every five items word for word, the rest gone. */
function compactedContext(items: readonly ContextItem[]): string {
  const kept = items.filter((_item, index) => index % 5 !== 4).map((item) => item.content);
  const filler = Array.from({ length: CONTEXT_LINES }, (_unused, index) => `Turn ${index.toString()}: the model edited the CSV writer.`);
  return [...filler, ...kept].join('\n');
}

async function prepare(size: number): Promise<PreparedGuard> {
  const builder = await startAdapter(CONTEXT_GUARD_ADAPTER);
  const context = builder.context();
  for (let index = 1; index <= size; index += 1) await builder.command(COMMAND)(addArgs(index), context);
  const branch = branchOfSaved(builder);
  const payload = newestPayload(builder);
  const items = payload?.items ?? [];
  if (items.length !== size) throw new Error(`agent-context-guard-pi holds ${items.length.toString()} items, not ${size.toString()}`);
  const addRefusal = await checkAgainstAdapter(branch, items);

  const drawNewestLine = branch.length === 0 ? undefined : await newestLineDrawer(CONTEXT_GUARD_ADAPTER, branch, 'Context Guard');

  return {
    items,
    payload,
    live: restoreContextGuard({ schemaVersion: 1, items }),
    addRefusal,
    context: compactedContext(items),
    drawNewestLine,
  };
}

const NOTHING_PROTECTED = 'nothing protected';
const verifier = createLiteralVerifier();

const USES: readonly ApiUse<PreparedGuard>[] = [
  {
    need: 'protect one more item',
    adapterWay: 'mutations.ts: createContextGuard(previous.items), add, list()',
    anchor: 'add and list() on a live ContextGuard (and remove, to keep its size)',
    at: (state) =>
      state.addRefusal !== undefined
        ? { skipped: `the adapter refuses before the core: "${state.addRefusal}"` }
        : {
            subject: () => addThroughRebuild(state.items, NEW_ITEM),
            anchor: () => {
              state.live.add(NEW_ITEM);
              const listed = state.live.list();
              state.live.remove(NEW_ITEM.id);
              return listed;
            },
          },
  },
  {
    need: 'make an item critical or not (a person only)',
    adapterWay: 'mutations.ts: restoreContextGuard({ schemaVersion: 1, items: items with one flag changed }).list(): the core has no setter',
    anchor: 'list() of a live ContextGuard (the copy any change needs to save)',
    at: ({ items, live }) => {
      const [first] = items;
      return first === undefined
        ? { skipped: NOTHING_PROTECTED }
        : { subject: () => flipCriticalThroughRestore(items, first.id), anchor: () => live.list() };
    },
  },
  {
    need: 'remove an item',
    adapterWay: 'mutations.ts: filters its own list; no core call',
    anchor: 'list() of a live ContextGuard',
    at: ({ items, live }) => {
      const [first] = items;
      return first === undefined ? { skipped: NOTHING_PROTECTED } : { subject: () => removeWithoutCore(items, first.id), anchor: () => live.list() };
    },
  },
  {
    need: 'read a saved entry (untrusted)',
    adapterWay: 'persistence.ts: restoreContextGuard({ schemaVersion: 1, items: payload.items }).list()',
    anchor: 'list() of a live ContextGuard',
    at: ({ payload, live }) =>
      payload === undefined ? { skipped: 'nothing saved' } : { subject: () => readSavedItems(payload), anchor: () => live.list() },
  },
  {
    need: 'check after a compaction',
    adapterWay:
      'compaction.ts: verifyContext validates again the snapshot the adapter built from validated items; timed as restoreContextGuard of that snapshot (the same validation, plus a Map)',
    anchor: 'the literal verifier on the same items and a 20 KB compacted context',
    at: ({ items, context }) =>
      items.length === 0
        ? { skipped: `${NOTHING_PROTECTED}: no check` }
        : {
            subject: () => restoreContextGuard({ schemaVersion: 1, items }),
            anchor: () => verifier({ items, context }),
          },
  },
  {
    need: 'draw the chat line of a new change (Pi 0.84+)',
    adapterWay:
      "pi-adapter-kit entry-transcript.ts: walks the branch (here n state entries), reads only the new entry through the core's restore (each older one was read once before) and compares it with the one before",
    anchor: 'reading the newest entry alone through the core',
    at: ({ drawNewestLine, payload }) =>
      drawNewestLine === undefined || payload === undefined
        ? { skipped: 'nothing saved' }
        : { subject: drawNewestLine, anchor: () => readSavedItems(payload) },
  },
];

export function guardApiMatrix(): Promise<BenchMatrix> {
  return apiUseMatrix({
    title: '7 core API use: agent-context-guard-pi and @j1nn0/agent-context-guard',
    description: [
      `n protected items (every ${CRITICAL_EVERY.toString()}th critical), added by the adapter's own /context-guard handler (n saved changes); 100 is the adapter's limit`,
      "before timing, the adapter's handler made the critical switch (there and back), add and remove changes once and saved exactly what the core calls in the second column compute",
    ],
    sizes: SIZES,
    prepare,
    uses: USES,
  });
}
