import type { FakePiHost, FakeSession } from '@j1nn0/pi-testkit';
import { expect } from 'vitest';
import { startAgentStateHost } from '../agent-state-host.js';
import { EMPTY_REFERENCE_STATE, type ReferenceState } from './reference-agent-state.js';
import { referenceUnreadableWarning } from './reference-payload.js';
import { ReferenceSession, type ReferenceEntryKind } from './reference-session.js';

// The two sides of the model-based test: the fake Pi host running the adapter, and the reference sessions.
// Sessions are kept index for index on both sides so a switch back can name the same session.

/** The README's entry type, spelled out here rather than imported, so a renamed constant is caught. */
export const SAVED_STATE_TYPE = 'agent-state-state';

/** What a saved-state entry holds: a state the adapter restores, or data it must refuse with a reason. */
export type SavedEntry =
  | { readonly readable: true; readonly state: ReferenceState }
  | { readonly readable: false; readonly data: unknown; readonly reason: string };

export interface AgentStateSystem {
  readonly host: FakePiHost;
  readonly sessions: FakeSession[];
}

export type AgentStateSession = ReferenceSession<SavedEntry>;

export interface AgentStateModel {
  readonly sessions: AgentStateSession[];
  current: number;
  /** Unreadable entries the running extension instance has warned about; Pi's re-runs start a new instance. */
  reported: Set<string>;
}

export function currentSession(model: Readonly<AgentStateModel>): AgentStateSession {
  const session = model.sessions[model.current];
  if (session === undefined) throw new Error('reference: no current session');
  return session;
}

/** What the adapter must hold: the readable saved state at the leaf of the current session, or an empty state. */
export function currentState(model: Readonly<AgentStateModel>): ReferenceState {
  const saved = currentSession(model).saved();
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

/** The session the host switched to becomes the current one on both sides, with a new extension instance. */
export function enterSession(model: AgentStateModel, real: AgentStateSystem, session: AgentStateSession): void {
  model.sessions.push(session);
  model.current = model.sessions.length - 1;
  replaceInstance(model);
  real.sessions.push(real.host.session);
}

/**
 * After the adapter (re)loaded from the branch, however many times: one warning if the newest saved entry is
 * unreadable and this instance has not reported that entry yet, otherwise silence.
 */
export function expectLoadNotices(model: AgentStateModel, real: AgentStateSystem): void {
  const reference = currentSession(model);
  const saved = reference.saved();
  const entryId = reference.savedBy();
  const warns = saved?.readable === false && entryId !== undefined && !model.reported.has(entryId);
  if (warns) model.reported.add(entryId);
  expect(real.host.takeNotifications()).toEqual(
    warns ? [{ message: referenceUnreadableWarning(saved.reason), type: 'warning' }] : [],
  );
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
  const reference = currentSession(model);
  const entry = real.host.session.getLeafEntry();
  expect(entry, 'the host appended an entry').toBeDefined();
  expect(entry?.parentId ?? null, 'a new entry hangs below the leaf').toBe(reference.leaf);
  if (kind === 'state') {
    expect(entry).toMatchObject({ type: 'custom', customType: SAVED_STATE_TYPE });
  }
  reference.append(entry?.id ?? '', kind, saved);
}

/** A state the adapter saved (or a readable one written into the session file). */
export function mirrorSavedState(model: AgentStateModel, real: AgentStateSystem, state: ReferenceState): void {
  mirrorAppendedEntry(model, real, 'state', { readable: true, state });
}
