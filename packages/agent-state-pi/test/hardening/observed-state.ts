import type { Caller } from '@j1nn0/pi-adapter-kit';
import type { FakePiHost } from '@j1nn0/pi-testkit';
import {
  currentReferenceSession,
  expectHostMatchesReferenceSession,
  type SavedStateEntries,
} from '@j1nn0/pi-testkit/checks';
import { displayProblems, expectEqual, expectSame } from '@j1nn0/test-checks';
import { expect } from 'vitest';
import { isEmptyReferenceState, type ReferenceState } from '@j1nn0/pi-testkit/reference-models';
import {
  SAVED_STATE_TYPE,
  currentState,
  type AgentStateModel,
  type SavedEntry,
  type AgentStateSystem,
} from './model-world.js';
import { expectedFooterView, expectedStatusView, parseFooterText, parseStatusText } from './status-view.js';

// The check after every step: what a person sees (`/agent-state status`, the footer), what the model sees
// (`agent_state_get`) and what is saved (the newest state entry on the branch) all equal the reference.

/**
 * The payload docs/sessions.md describes: `{ schemaVersion: 1, by, state: <core snapshot> }`, objective only
 * when set; `by` (who asked) only for a state the adapter saved.
 */
export function expectedPayload(state: ReferenceState, by?: Caller): unknown {
  const objective = state.objective === undefined ? {} : { objective: state.objective };
  return {
    schemaVersion: 1,
    ...(by === undefined ? {} : { by }),
    state: { schemaVersion: 1, ...objective, workItems: state.workItems, decisions: state.decisions },
  };
}

export function expectedDetails(state: ReferenceState): unknown {
  const count = (status: string): number => state.workItems.filter((item) => item.status === status).length;
  return {
    objective: state.objective !== undefined,
    workItems: {
      open: count('open'),
      in_progress: count('in_progress'),
      blocked: count('blocked'),
      done: count('done'),
      total: state.workItems.length,
    },
    decisions: state.decisions.length,
  };
}

/** `/agent-state status` as a person sees it: exactly one safe info notification. */
export async function statusThroughCommand(host: FakePiHost): Promise<string> {
  await host.runCommand('agent-state', 'status');
  const notifications = host.takeNotifications();
  expect(notifications).toHaveLength(1);
  expectSame(notifications[0]?.type, 'info');
  return notifications[0]?.message ?? '';
}

const SAVED_STATE_ENTRIES: SavedStateEntries<SavedEntry> = {
  type: SAVED_STATE_TYPE,
  expectedData: (saved) => (saved.readable ? expectedPayload(saved.state, saved.by) : saved.data),
};

export async function expectObservedStateMatches(model: AgentStateModel, real: AgentStateSystem): Promise<void> {
  const { host } = real;
  const state = currentState(model);
  expectHostMatchesReferenceSession(host, currentReferenceSession(model), SAVED_STATE_ENTRIES);

  const shown = await statusThroughCommand(host);
  const toolResult = await host.executeTool('agent_state_get', {});
  expectSame(toolResult.isError, false);
  expectEqual(toolResult.content, [{ type: 'text', text: shown }]);
  expectEqual(toolResult.details, expectedDetails(state));
  expectEqual(displayProblems(shown, { lines: true }), []);
  expectEqual(parseStatusText(shown), expectedStatusView(state));

  const footer = host.statuses.get('agent-state');
  if (isEmptyReferenceState(state)) {
    expect(footer).toBeUndefined();
  } else {
    expectEqual(parseFooterText(footer ?? ''), expectedFooterView(state));
  }
}
