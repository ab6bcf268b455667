import type { FakePiHost } from '@j1nn0/pi-testkit';
import { expect } from 'vitest';
import {
  currentReferenceSession,
  expectHostMatchesReferenceSession,
  type SavedStateEntries,
} from '@j1nn0/pi-testkit/checks';
import { displayProblems, expectEqual, expectSame } from '@j1nn0/test-checks';
import {
  expectedFooter,
  expectedListView,
  expectedStatusView,
  parseListText,
  parseStatusText,
  type StatusExpectation,
} from './list-view.js';
import {
  FOOTER_KEY,
  SAVED_STATE_TYPE,
  currentState,
  type ContextGuardModel,
  type SavedState,
  type ContextGuardSystem,
} from './model-world.js';
import { criticalCount, type ReferenceState } from './reference-context-guard.js';
import { expectedPayload } from './reference-payload.js';
import { LIST_TOOL } from './reference-tools.js';

// The check after every step: what a person sees (`/context-guard list`, `status`, the footer), what the model
// sees (`context_guard_list`) and what is saved (the newest state entry on the branch) all equal the reference.

export function expectedDetails(state: ReferenceState): unknown {
  return { items: state.items.length, critical: criticalCount(state.items) };
}

/** `/context-guard <list|status>` as a person sees it: exactly one safe info notification. */
export async function listingThroughCommand(host: FakePiHost, subcommand: 'list' | 'status'): Promise<string> {
  await host.runCommand('context-guard', subcommand);
  const notifications = host.takeNotifications();
  expect(notifications).toHaveLength(1);
  expectSame(notifications[0]?.type, 'info');
  const text = notifications[0]?.message ?? '';
  expectEqual(displayProblems(text, { lines: true }), []);
  return text;
}

/** The list tool's text: the list, then the `Last check:` line. */
export async function listThroughTool(host: FakePiHost, state: ReferenceState): Promise<string> {
  const result = await host.executeTool(LIST_TOOL, {});
  expectSame(result.isError, false);
  expectEqual(result.details, expectedDetails(state));
  const [first, ...rest] = result.content;
  expectEqual(rest, []);
  return first?.type === 'text' ? first.text : '';
}

/** Everything a person or the model can read equals the reference state (and the status expectation). */
export async function expectShownState(
  host: FakePiHost,
  state: ReferenceState,
  status: StatusExpectation,
): Promise<void> {
  const listed = await listingThroughCommand(host, 'list');
  expectEqual(parseListText(listed), expectedListView(state));
  const statusText = await listingThroughCommand(host, 'status');
  expectEqual(parseStatusText(statusText), expectedStatusView(state, status));
  const lastCheck = statusText.slice(statusText.indexOf('Last check:'));
  expectSame(await listThroughTool(host, state), `${listed}\n${lastCheck}`);
  expectSame(host.statuses.get(FOOTER_KEY), expectedFooter(state));
}

const SAVED_STATE_ENTRIES: SavedStateEntries<SavedState> = {
  type: SAVED_STATE_TYPE,
  expectedData: (saved) => (saved.kind === 'readable' ? expectedPayload(saved.state) : saved.data),
};

export async function expectObservedStateMatches(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
  const { host } = real;
  expectHostMatchesReferenceSession(host, currentReferenceSession(model), SAVED_STATE_ENTRIES);
  await expectShownState(host, currentState(model), {
    discarded: model.instance.discarded,
    verificationPending: false,
    lastCheck: 'none yet',
  });
}
