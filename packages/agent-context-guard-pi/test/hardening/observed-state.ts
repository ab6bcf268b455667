import type { FakePiHost } from '@j1nn0/pi-testkit';
import { expect } from 'vitest';
import { displayProblems } from './display-safety.js';
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
  currentSession,
  currentState,
  type ContextGuardModel,
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

/** The data of the newest saved-state entry on the host's current branch, walking back from the leaf. */
function newestSavedData(host: FakePiHost): { readonly found: boolean; readonly data?: unknown } {
  const branch = host.session.getBranch();
  for (let index = branch.length - 1; index >= 0; index--) {
    const entry = branch[index];
    if (entry?.type === 'custom' && entry.customType === SAVED_STATE_TYPE) return { found: true, data: entry.data };
  }
  return { found: false };
}

/** `/context-guard <list|status>` as a person sees it: exactly one safe info notification. */
export async function listingThroughCommand(host: FakePiHost, subcommand: 'list' | 'status'): Promise<string> {
  await host.runCommand('context-guard', subcommand);
  const notifications = host.takeNotifications();
  expect(notifications).toHaveLength(1);
  expect(notifications[0]?.type).toBe('info');
  const text = notifications[0]?.message ?? '';
  expect(displayProblems(text, { lines: true })).toEqual([]);
  return text;
}

/** The list tool's text: the list, then the `Last check:` line. */
export async function listThroughTool(host: FakePiHost, state: ReferenceState): Promise<string> {
  const result = await host.executeTool(LIST_TOOL, {});
  expect(result.isError).toBe(false);
  expect(result.details).toEqual(expectedDetails(state));
  const [first, ...rest] = result.content;
  expect(rest).toEqual([]);
  return first?.type === 'text' ? first.text : '';
}

/** Everything a person or the model can read equals the reference state (and the status expectation). */
export async function expectShownState(
  host: FakePiHost,
  state: ReferenceState,
  status: StatusExpectation,
): Promise<void> {
  const listed = await listingThroughCommand(host, 'list');
  expect(parseListText(listed)).toEqual(expectedListView(state));
  const statusText = await listingThroughCommand(host, 'status');
  expect(parseStatusText(statusText)).toEqual(expectedStatusView(state, status));
  const lastCheckLine = statusText.split('\n').at(-1);
  expect(await listThroughTool(host, state)).toBe(`${listed}\n${lastCheckLine ?? ''}`);
  expect(host.statuses.get(FOOTER_KEY)).toBe(expectedFooter(state));
}

export async function expectObservedStateMatches(model: ContextGuardModel, real: ContextGuardSystem): Promise<void> {
  const { host } = real;
  const reference = currentSession(model);
  expect(host.extensionErrors).toEqual([]);
  expect(host.forbiddenCalls).toEqual([]);
  expect(host.session.getEntries().map((entry) => entry.id), 'nothing else was appended').toEqual(
    reference.entries().map((entry) => entry.id),
  );
  expect(host.session.getLeafId()).toBe(reference.leaf);

  const saved = reference.savedAtLeaf()?.saved;
  expect(newestSavedData(host)).toStrictEqual(
    saved === undefined
      ? { found: false }
      : { found: true, data: saved.kind === 'readable' ? expectedPayload(saved.state) : saved.data },
  );
  await expectShownState(host, currentState(model), {
    discarded: model.instance.discarded,
    verificationPending: false,
    lastCheck: 'none yet',
  });
}
