import { createFakePiHost, type FakePiHost, type FakePiHostOptions, type Notification } from '@j1nn0/pi-testkit';
import { expect } from 'vitest';
import agentStateExtension, { STATE_ENTRY_TYPE } from '../src/extension.js';

// One place for the fake-host setup every host-level test shares.

/** A fake Pi host with the extension loaded and a session started, its startup notifications taken. */
export async function startAgentStateHost(options: FakePiHostOptions = {}): Promise<FakePiHost> {
  const host = createFakePiHost(options);
  await host.load(agentStateExtension);
  await host.startSession('startup');
  host.takeNotifications();
  return host;
}

/** Runs `/agent-state <args>` and returns what it notified. */
export async function runAgentState(host: FakePiHost, args: string): Promise<Notification[]> {
  await host.runCommand(`/agent-state ${args}`);
  return host.takeNotifications();
}

/** Runs several commands that must each succeed with one info notification. */
export async function recordAll(host: FakePiHost, commands: readonly string[]): Promise<void> {
  for (const args of commands) {
    const notifications = await runAgentState(host, args);
    expect(notifications, args).toHaveLength(1);
    expect(notifications[0]?.type, `${args}: ${notifications[0]?.message ?? ''}`).toBe('info');
  }
}

/** The status text, read through the tool so it also works without a UI. */
export async function readState(host: FakePiHost): Promise<string> {
  const result = await host.executeTool('agent_state_get', {});
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

/** Payloads of every saved state entry of the current session file, all branches, in append order. */
export function savedPayloads(host: FakePiHost): unknown[] {
  return host.session.customEntries(STATE_ENTRY_TYPE).map((entry) => entry.data);
}

/** The id of the newest entry of the session, to navigate or fork to. */
export function leafId(host: FakePiHost): string {
  const leaf = host.session.getLeafId();
  if (leaf === null) {
    throw new Error('the session has no entries');
  }
  return leaf;
}

/** Nothing failed inside the extension and no API outside the adapter's port was used. */
export function expectCleanRun(host: FakePiHost): void {
  expect(host.extensionErrors).toEqual([]);
  expect(host.forbiddenCalls).toEqual([]);
}

export const FIRST_SMOKE_RUN = [
  'objective Ship the parser',
  'add parse Parse the arguments',
  'add format Format the status',
  'add docs Write the README',
  'decide pure-core Keep the core free of Pi imports',
  'set parse done',
  'set format in_progress',
];
