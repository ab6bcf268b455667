import agentStateExtension from '@j1nn0/agent-state-pi';
import contextGuardExtension from '@j1nn0/agent-context-guard-pi';
import { createFakePiHost, type FakePiHost } from '@j1nn0/pi-testkit';
import { AGENT_STATE_ENTRY_TYPE, CONTEXT_GUARD_ENTRY_TYPE } from './adapter-names.js';

// Both adapters in one fake host, for the tests of what they do beside each other.

export type Adapter = 'agentState' | 'contextGuard';

export const ENTRY_TYPE_OF: Readonly<Record<Adapter, string>> = {
  agentState: AGENT_STATE_ENTRY_TYPE,
  contextGuard: CONTEXT_GUARD_ENTRY_TYPE,
};

const EXTENSION_OF = { agentState: agentStateExtension, contextGuard: contextGuardExtension } as const;

/** A fake Pi host with both adapters loaded in `order` and a session started, its notifications taken. */
export async function startHostWithBothAdapters(
  order: readonly Adapter[] = ['agentState', 'contextGuard'],
  // By default every answer is a notification, as an RPC client reads them; in mode `tui` a saved change is a chat line instead.
  mode: 'rpc' | 'tui' = 'rpc',
): Promise<FakePiHost> {
  const host = createFakePiHost({ mode });
  for (const adapter of order) await host.load(EXTENSION_OF[adapter]);
  await host.startSession('startup');
  host.takeNotifications();
  return host;
}
