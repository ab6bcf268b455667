import type { Caller } from '@j1nn0/pi-adapter-kit';
import type { FakePiHost, FakeSession } from '@j1nn0/pi-testkit';
import {
  ReferenceSession,
  currentReferenceSession,
  mirrorHostEntry,
  type ReferenceEntryKind,
  type SessionModel,
} from '@j1nn0/pi-testkit/checks';
import { expectEqual } from '@j1nn0/test-checks';
import { startAgentStateHost } from '../agent-state-host.js';
import { EMPTY_REFERENCE_STATE, type ReferenceState } from '@j1nn0/pi-testkit/reference-models';
import { formatUnreadableEntry } from '../../src/format.js';
import type { UnreadableProblem } from '../../src/persistence.js';

// The two sides of the model-based test: the fake Pi host running the adapter, and the reference sessions.
// Sessions are kept index for index on both sides so a switch back can name the same session.

/** The README's entry type, spelled out here rather than imported, so a renamed constant is caught. */
export const SAVED_STATE_TYPE = 'agent-state-state';

/** What a saved-state entry holds: a state the adapter restores, or data it must refuse with a reason. */
export type SavedEntry =
  /** `by`: who asked, for a state the adapter saved; a state the test writes into the session says nobody. */
  | { readonly readable: true; readonly state: ReferenceState; readonly by?: Caller }
  | { readonly readable: false; readonly data: unknown; readonly reason: UnreadableProblem };

export interface AgentStateSystem {
  readonly host: FakePiHost;
  readonly sessions: FakeSession[];
}

export interface AgentStateModel extends SessionModel<SavedEntry> {
  /** Unreadable entries the running extension instance has warned about; Pi's re-runs start a new instance. */
  reported: Set<string>;
}

/** What the adapter must hold: the readable saved state at the leaf of the current session, or an empty state. */
export function currentState(model: Readonly<AgentStateModel>): ReferenceState {
  const saved = currentReferenceSession(model).savedAtLeaf()?.saved;
  return saved?.readable === true ? saved.state : EMPTY_REFERENCE_STATE;
}

/** A host with the adapter loaded and a fresh session started, and the matching empty reference. */
export async function startWorld(): Promise<{ model: AgentStateModel; real: AgentStateSystem }> {
  const host = await startAgentStateHost();
  return {
    model: { sessions: [new ReferenceSession()], current: 0, reported: new Set() },
    real: { host, sessions: [host.session] },
  };
}

/** Pi re-ran the factory (restart, reload, new, resume, fork): a new extension instance has reported nothing. */
export function replaceInstance(model: AgentStateModel): void {
  model.reported = new Set();
}

/**
 * After the adapter (re)loaded from the branch, however many times: one warning if the newest saved entry is
 * unreadable and this instance has not reported that entry yet, otherwise silence.
 */
export function expectLoadNotices(model: AgentStateModel, real: AgentStateSystem): void {
  const atLeaf = currentReferenceSession(model).savedAtLeaf();
  const saved = atLeaf?.saved;
  const entryId = atLeaf?.entryId;
  const warns = saved?.readable === false && entryId !== undefined && !model.reported.has(entryId);
  if (warns) model.reported.add(entryId);
  expectEqual(real.host.takeNotifications(), warns ? [{ message: formatUnreadableEntry(saved.reason), type: 'warning' }] : []);
}

/**
 * Mirrors an entry the host has just appended: it must be a child of the reference leaf (and, for saved
 * states, a custom entry of the README's type); the reference then learns its id.
 */
export function mirrorAppendedEntry(
  model: AgentStateModel,
  real: AgentStateSystem,
  kind: ReferenceEntryKind,
  saved?: SavedEntry,
): void {
  mirrorHostEntry(real.host, currentReferenceSession(model), SAVED_STATE_TYPE, kind, saved);
}

/** A state the adapter saved for `by` (or, without `by`, a readable one written into the session file). */
export function mirrorSavedState(model: AgentStateModel, real: AgentStateSystem, state: ReferenceState, by?: Caller): void {
  mirrorAppendedEntry(model, real, 'state', by === undefined ? { readable: true, state } : { readable: true, state, by });
}
