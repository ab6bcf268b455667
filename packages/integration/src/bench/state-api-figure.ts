import { deepStrictEqual } from 'node:assert/strict';
import {
  createAgentState,
  restoreAgentState,
  summarizeAgentState,
  type AgentState,
  type AgentStateSnapshot,
} from '@j1nn0/agent-state';
import { apiUseMatrix, type ApiUse } from './api-use-matrix.js';
import { AGENT_STATE_ADAPTER, branchOfSaved, newestLineDrawer, startAdapter } from './bench-adapters.js';
import type { PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import type { CapturingPi } from './capturing-pi.js';
import { stateCommands } from './command-cost-figure.js';
import type { BenchMatrix } from './report.js';
import { snapshotOf } from './session-line.js';

// Figure 7, Agent State: what agent-state-pi does with its core, one operation at a time, at 0, 50
// and 200 work items. The operations repeat the core calls the adapter makes (the file is named in
// each row); before any timing, the adapter's own handler makes each change once and must save
// exactly what the repetition computes, so the figure cannot drift from the adapter unnoticed.

const SIZES = [0, 50, 200] as const;
const COMMAND = AGENT_STATE_ADAPTER.command;
const OBJECTIVES = ['Move the export to the settings page', 'Ship the CSV export of the report page'] as const;
const NEW_ITEM = { id: 'bench-new', content: 'Write the benchmark of the core API' };
const TOO_LONG_CONTENT = 'x'.repeat(501);
// Passes the adapter's checks (1-500 characters, not blank) but not the core's: half of a surrogate pair.
const LONE_SURROGATE_OBJECTIVE = 'Ship the export \uD800';

interface PreparedState {
  readonly snapshot: AgentStateSnapshot;
  /** The saved payload `{ schemaVersion, state }` of the newest entry. */
  readonly payload: unknown;
  /** A core state with the same content, held across calls: the anchor of a state kept alive. */
  readonly live: AgentState;
  /** The adapter's reply when it refuses to add one more work item at this size. */
  readonly addRefusal: string | undefined;
  readonly firstItemId: string | undefined;
  /** The adapter's own command handler, holding this state. */
  readonly handler: (args: string) => unknown;
  /** Draws the chat line of the newest entry as if Pi met it for the first time. */
  readonly drawNewestLine: () => unknown;
}

// The core calls of agent-state-pi/src/mutations.ts, one function per kind of change.

/** `set_objective`: there is no setter, so a new objective is a new snapshot, validated as a whole. */
function rebuildWithObjective(previous: AgentStateSnapshot, objective: string): AgentStateSnapshot {
  return restoreAgentState({ ...previous, objective }).snapshot();
}

/** Every other change: restore (validate) the previous snapshot, make one core call, take a snapshot. */
function changeThroughRestore(previous: AgentStateSnapshot, change: (state: AgentState) => unknown): AgentStateSnapshot {
  const state = restoreAgentState(previous);
  change(state);
  return state.snapshot();
}

/** `isEmptySnapshot`: the adapter's own test, since the core offers none. */
function isEmpty(snapshot: AgentStateSnapshot): boolean {
  return snapshot.objective === undefined && snapshot.workItems.length === 0 && snapshot.decisions.length === 0;
}

function countByStatus(snapshot: AgentStateSnapshot): Record<string, number> {
  const counts: Record<string, number> = { open: 0, in_progress: 0, blocked: 0, done: 0 };
  for (const item of snapshot.workItems) counts[item.status] = (counts[item.status] ?? 0) + 1;
  return counts;
}

function alternate<T>(values: readonly [T, T]): () => T {
  let index = 0;
  return () => {
    index = 1 - index;
    return values[index] ?? values[0];
  };
}

function newestSnapshot(pi: CapturingPi): AgentStateSnapshot {
  const newest = pi.appended.at(-1);
  if (newest?.customType !== AGENT_STATE_ADAPTER.entryType) throw new Error('agent-state-pi saved no state entry');
  return snapshotOf(newest.data) as AgentStateSnapshot;
}

/**
 * Runs each change once through the adapter's handler and checks that it saved what the core calls
 * above compute from the same previous state. Returns the adapter's reply if it refused the add.
 */
async function checkAgainstAdapter(branch: readonly PiSessionEntryPort[], snapshot: AgentStateSnapshot): Promise<string | undefined> {
  const pi = await startAdapter(AGENT_STATE_ADAPTER, { branch: () => branch });
  const notices: string[] = [];
  const context = pi.context(notices);
  let previous = snapshot;
  /** False when the adapter saved nothing (refused); otherwise it must have saved `expected(previous)`. */
  const tryChange = async (args: string, expected: (before: AgentStateSnapshot) => AgentStateSnapshot): Promise<boolean> => {
    const saved = pi.appended.length;
    await pi.command(COMMAND)(args, context);
    if (pi.appended.length === saved) return false;
    deepStrictEqual(newestSnapshot(pi), expected(previous), `agent-state-pi saved something else for "${args}"`);
    previous = newestSnapshot(pi);
    return true;
  };
  const expectChange = async (args: string, expected: (before: AgentStateSnapshot) => AgentStateSnapshot): Promise<void> => {
    if (!(await tryChange(args, expected))) throw new Error(`agent-state-pi refused "${args}": ${notices.at(-1) ?? ''}`);
  };
  await expectChange(`objective ${OBJECTIVES[0]}`, (before) => rebuildWithObjective(before, OBJECTIVES[0]));
  const added = await tryChange(`add ${NEW_ITEM.id} ${NEW_ITEM.content}`, (before) =>
    changeThroughRestore(before, (state) => state.addWorkItem(NEW_ITEM)),
  );
  const refusal = added ? undefined : notices.at(-1);
  const [first] = snapshot.workItems;
  if (first !== undefined) {
    await expectChange(`set ${first.id} blocked`, (before) =>
      changeThroughRestore(before, (state) => state.setWorkItemStatus(first.id, 'blocked')),
    );
  }
  await expectChange('clear --yes', () => createAgentState().snapshot());
  // The two refusals the limits row times: one by the adapter's own limit, one left to the core.
  for (const [args, refusedBy] of [
    [`add too-long ${TOO_LONG_CONTENT}`, /^Rejected: content/u],
    [`objective ${LONE_SURROGATE_OBJECTIVE}`, /^Rejected: the Agent State core refused/u],
  ] as const) {
    if (await tryChange(args, () => previous)) throw new Error(`agent-state-pi saved "${args}"`);
    if (!refusedBy.test(notices.at(-1) ?? '')) throw new Error(`unexpected refusal: ${notices.at(-1) ?? ''}`);
  }
  return refusal;
}

async function prepare(size: number): Promise<PreparedState> {
  const builder = await startAdapter(AGENT_STATE_ADAPTER);
  const context = builder.context();
  for (const args of stateCommands(size)) await builder.command(COMMAND)(args, context);
  const branch = branchOfSaved(builder);
  const snapshot = newestSnapshot(builder);
  const addRefusal = await checkAgainstAdapter(branch, snapshot);

  const holder = await startAdapter(AGENT_STATE_ADAPTER, { branch: () => branch });
  const holderContext = holder.context();
  const handler = (args: string): unknown => {
    // The saved entries are not needed here; dropping them keeps the heap the same size.
    holder.appended.length = 0;
    return holder.command(COMMAND)(args, holderContext);
  };

  const drawNewestLine = await newestLineDrawer(AGENT_STATE_ADAPTER, branch, 'Agent State');

  return {
    snapshot,
    payload: builder.appended.at(-1)?.data,
    live: restoreAgentState(snapshot),
    addRefusal,
    firstItemId: snapshot.workItems[0]?.id,
    handler,
    drawNewestLine,
  };
}

// One alternation per use: each keeps changing its own state, whatever the others do in between.
const rebuiltObjective = alternate(OBJECTIVES);
const handlerObjective = alternate(OBJECTIVES);
const liveStatus = alternate(['in_progress', 'done'] as const);
const handlerStatus = alternate(['in_progress', 'done'] as const);

const USES: readonly ApiUse<PreparedState>[] = [
  {
    need: 'set the objective (the core has no setter)',
    adapterWay: 'mutations.ts: restoreAgentState({ ...previous, objective }).snapshot()',
    anchor: 'snapshot() of a live AgentState (the copy any change needs to save)',
    at: (state) => ({ subject: () => rebuildWithObjective(state.snapshot, rebuiltObjective()), anchor: () => state.live.snapshot() }),
  },
  {
    need: 'add a work item',
    adapterWay: 'mutations.ts: restoreAgentState(previous), addWorkItem, snapshot()',
    anchor: 'addWorkItem and snapshot() on a live AgentState (and removeWorkItem, to keep its size)',
    at: (state) =>
      state.addRefusal !== undefined
        ? { skipped: `the adapter refuses before the core: "${state.addRefusal}"` }
        : {
            subject: () => changeThroughRestore(state.snapshot, (core) => core.addWorkItem(NEW_ITEM)),
            anchor: () => {
              state.live.addWorkItem(NEW_ITEM);
              const saved = state.live.snapshot();
              state.live.removeWorkItem(NEW_ITEM.id);
              return saved;
            },
          },
  },
  {
    need: "change a work item's status",
    adapterWay: 'mutations.ts: restoreAgentState(previous), setWorkItemStatus, snapshot()',
    anchor: 'setWorkItemStatus and snapshot() on a live AgentState',
    at: ({ firstItemId: id, snapshot, live }) =>
      id === undefined
        ? { skipped: 'no work item to change' }
        : {
            subject: () => changeThroughRestore(snapshot, (core) => core.setWorkItemStatus(id, 'in_progress')),
            anchor: () => {
              live.setWorkItemStatus(id, liveStatus());
              return live.snapshot();
            },
          },
  },
  {
    need: 'count work items by status',
    adapterWay: 'controller.ts: summarizeAgentState(next) once per change; it validates the snapshot again',
    anchor: 'one loop counting the four statuses of the same snapshot',
    at: (state) => ({ subject: () => summarizeAgentState(state.snapshot), anchor: () => countByStatus(state.snapshot) }),
  },
  {
    need: 'tell whether the state is empty',
    adapterWay: "mutations.ts isEmptySnapshot: the adapter's own test (footer, panel, chat line, clear)",
    anchor: '—',
    at: (state) => ({ subject: () => isEmpty(state.snapshot) }),
  },
  {
    need: 'clear everything (the core has no clear)',
    adapterWay: 'mutations.ts: createAgentState().snapshot()',
    anchor: 'an empty snapshot written as a literal',
    at: () => ({
      subject: () => createAgentState().snapshot(),
      anchor: () => ({ schemaVersion: 1, workItems: [], decisions: [] }),
    }),
  },
  {
    need: 'read a saved entry (untrusted)',
    adapterWay: 'persistence.ts: restoreAgentState(payload.state).snapshot(), at every start and /tree move',
    anchor: 'snapshot() of a live AgentState',
    at: (state) => ({ subject: () => restoreAgentState(snapshotOf(state.payload)).snapshot(), anchor: () => state.live.snapshot() }),
  },
  {
    need: "refuse input over the adapter's own limits",
    adapterWay: 'limits.ts, through the real handler: /agent-state add with 501-character content, refused before the core',
    anchor: 'the real handler refusing an objective with a lone surrogate: the adapter lets it through, the core refuses it in the rebuild',
    at: (state) => ({
      subject: () => state.handler(`add too-long ${TOO_LONG_CONTENT}`),
      anchor: () => state.handler(`objective ${LONE_SURROGATE_OBJECTIVE}`),
    }),
  },
  {
    need: 'draw the chat line of a new change (Pi 0.84+)',
    adapterWay:
      "pi-adapter-kit entry-transcript.ts: walks the branch (here 2n+1 state entries), reads only the new entry through the core's restore (each older one was read once before) and compares it with the one before",
    anchor: 'reading the newest entry alone through the core',
    at: (state) => ({ subject: state.drawNewestLine, anchor: () => restoreAgentState(snapshotOf(state.payload)).snapshot() }),
  },
  {
    need: 'one saved change, end to end (in process)',
    adapterWay: 'the real /agent-state objective handler: parse, limits, rebuild, summary, save, footer and panel lines',
    anchor: '—',
    at: (state) => ({ subject: () => state.handler(`objective ${handlerObjective()}`) }),
  },
  {
    need: 'one saved status change, end to end (in process)',
    adapterWay: 'the real /agent-state set handler: parse, limits, restore, setWorkItemStatus, summary, save, footer and panel lines',
    anchor: '—',
    at: (state) =>
      state.firstItemId === undefined
        ? { skipped: 'no work item to change' }
        : { subject: () => state.handler(`set ${state.firstItemId ?? ''} ${handlerStatus()}`) },
  },
];

export function stateApiMatrix(): Promise<BenchMatrix> {
  return apiUseMatrix({
    title: '7 core API use: agent-state-pi and @j1nn0/agent-state',
    description: [
      "n work items, n decisions and an objective, built by the adapter's own /agent-state handler (2n+1 saved changes)",
      "before timing, the adapter's handler made the objective, add, set and clear changes once and saved exactly what the core calls in the second column compute",
    ],
    sizes: SIZES,
    prepare,
    uses: USES,
  });
}
