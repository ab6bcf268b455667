import type { FakePiHost, FakeSession } from '@j1nn0/pi-testkit';
import {
  ReferenceSession,
  currentReferenceSession,
  mirrorHostEntry,
  type ReferenceEntryKind,
  type SessionModel,
} from '@j1nn0/pi-testkit/checks';
import { startGuardHost } from '../context-guard-host.js';
import type { ExpectedNotice } from './reference-command.js';
import { EMPTY_REFERENCE_STATE, type ReferenceState } from './reference-context-guard.js';
import { formatUnreadableEntry } from '../../src/format.js';
import type { UnreadableProblem } from '../../src/persistence.js';

// The two sides of the model-based test: the fake Pi host running the adapter, and the reference sessions.
// Sessions are kept index for index on both sides so a switch back can name the same session.

/** The README's entry type, spelled out here rather than imported, so a renamed constant is caught. */
export const SAVED_STATE_TYPE = 'agent-context-guard-state';
export const FOOTER_KEY = 'context-guard';

/** What a state entry holds for the reference: a state it restores, or data it must refuse, and why. */
export type SavedState =
  | { readonly kind: 'readable'; readonly state: ReferenceState }
  | { readonly kind: 'unreadable'; readonly reason: UnreadableProblem; readonly data: unknown };


/** What one extension instance remembers across loads; a restart or a session change starts a new one. */
export interface ReferenceInstance {
  discarded: boolean;
  /** README: the same bad entry is reported only once. */
  readonly reportedUnreadable: Set<string>;
}

export interface ContextGuardSystem {
  readonly host: FakePiHost;
  readonly sessions: FakeSession[];
}

export interface ContextGuardModel extends SessionModel<SavedState> {
  instance: ReferenceInstance;
}

/** What the adapter must hold: the readable state saved at the leaf of the current session, or an empty state. */
export function currentState(model: Readonly<ContextGuardModel>): ReferenceState {
  const saved = currentReferenceSession(model).savedAtLeaf()?.saved;
  return saved?.kind === 'readable' ? saved.state : EMPTY_REFERENCE_STATE;
}

function freshInstance(): ReferenceInstance {
  return { discarded: false, reportedUnreadable: new Set() };
}

/** A host with the adapter loaded and a fresh session started, and the matching empty reference. */
export async function startWorld(): Promise<{ model: ContextGuardModel; real: ContextGuardSystem }> {
  const host = await startGuardHost();
  return {
    model: { sessions: [new ReferenceSession()], current: 0, instance: freshInstance() },
    real: { host, sessions: [host.session] },
  };
}

/**
 * The adapter restores from the branch `times` times (session_start, /tree), in the same extension instance or,
 * after a restart or a session change, in a new one; returns the warnings the README promises.
 */
export function expectedLoadNotices(
  model: ContextGuardModel,
  times: number,
  instance: 'same' | 'new',
): ExpectedNotice[] {
  if (instance === 'new') model.instance = freshInstance();
  const notices: ExpectedNotice[] = [];
  for (let load = 0; load < times; load++) {
    const atLeaf = currentReferenceSession(model).savedAtLeaf();
    model.instance.discarded = atLeaf?.saved.kind === 'unreadable';
    if (atLeaf?.saved.kind === 'unreadable' && !model.instance.reportedUnreadable.has(atLeaf.entryId)) {
      model.instance.reportedUnreadable.add(atLeaf.entryId);
      notices.push({ message: formatUnreadableEntry(atLeaf.saved.reason), type: 'warning' });
    }
  }
  return notices;
}

/**
 * Mirrors an entry the host has just appended: it must be a child of the reference leaf (and, for a saved
 * state, a custom entry of the README's type); the reference then learns its id.
 */
export function mirrorAppendedEntry(
  model: ContextGuardModel,
  real: ContextGuardSystem,
  kind: ReferenceEntryKind,
  saved?: SavedState,
): void {
  mirrorHostEntry(real.host, currentReferenceSession(model), SAVED_STATE_TYPE, kind, saved);
}
