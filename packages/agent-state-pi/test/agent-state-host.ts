import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import type { FakePiHost } from '@j1nn0/pi-testkit';
import { createCommandHarness, expectCleanRun, leafId, type PersistedAdapter } from '@j1nn0/pi-testkit/adapter-suites';
import agentStateExtension, { STATE_ENTRY_TYPE } from '../src/extension.js';
import { plainText } from '@j1nn0/pi-adapter-kit';
import { formatStatus } from '../src/format.js';
import { readStatePayload } from '../src/persistence.js';
import type { DeclaredBy, SinceTimes } from '../src/since.js';
import { describeChange } from '../src/ui/change-line.js';
import { formatFooter } from '../src/ui/footer.js';
import { panelLines, type PanelOptions } from '../src/ui/panel.js';
import type { AgentStateOutput } from '../src/structured-output.js';
import type { AgentStateTool } from '../src/tools.js';
import { snapshotOf } from './snapshots.js';

// One place for the fake-host setup every host-level test shares.

// Host-level tests read every answer as a notification, as an RPC client does. In the terminal UI
// (mode `tui`) a saved change is shown as a chat line instead; test/ui/ covers that split.
const harness = createCommandHarness({
  extension: agentStateExtension,
  command: 'agent-state',
  entryType: STATE_ENTRY_TYPE,
  hostDefaults: { mode: 'rpc' },
});

export const { start: startAgentStateHost, run: runAgentState, recordAll, savedPayloads } = harness;
export { expectCleanRun, leafId };

/**
 * What `agent_state_get` gives a program, as Pi 1.6 runs it (the fake host mirrors 0.84.2, which drops
 * `structuredContent`, so the registered tool's execute is called with a context on the host's session).
 */
export async function readOutput(host: FakePiHost): Promise<AgentStateOutput> {
  const tool = host.tools.get('agent_state_get') as unknown as AgentStateTool | undefined;
  if (tool === undefined) throw new Error('agent_state_get is not registered');
  const ignore = (): undefined => undefined;
  const ctx = { hasUI: false, ui: { notify: ignore, setStatus: ignore, setWidget: ignore }, sessionManager: host.session };
  const result = await tool.execute('read-state', {}, undefined, undefined, ctx);
  return result.structuredContent as AgentStateOutput;
}

/** The recorded state as a core snapshot, read as a program reads it (times and history left out). */
export async function readState(host: FakePiHost): Promise<AgentStateSnapshot> {
  const { objective, workItems, decisions } = await readOutput(host);
  return snapshotOf({
    ...(objective === undefined ? {} : { objective }),
    workItems: workItems.map(({ id, content, status }) => ({ id, content, status })),
    decisions,
  });
}

/**
 * The status text the formatter draws for the recorded state and its times, read as structure: what
 * `/agent-state status` must answer, whatever its wording.
 */
export async function expectedStatus(host: FakePiHost): Promise<string> {
  return formatStatus(await readState(host), undefined, await readSince(host), new Date(), await readDeclared(host));
}

/** Who declared each item's current status, as a program reads it. */
export async function readDeclared(host: FakePiHost): Promise<DeclaredBy> {
  const { workItems } = await readOutput(host);
  return new Map(workItems.flatMap((item) => (item.declaredBy === undefined ? [] : [[item.id, item.declaredBy] as const])));
}

/** Since when each unfinished item has had its status, as a program reads it. */
export async function readSince(host: FakePiHost): Promise<SinceTimes> {
  const { workItems } = await readOutput(host);
  return new Map(workItems.flatMap((item) => (item.since === undefined ? [] : [[item.id, item.since] as const])));
}

/** The panel's lines as plain text, drawn by the panel's own function from the state read as structure. */
export async function expectedPanel(host: FakePiHost, options: Pick<PanelOptions, 'collapsed'> = {}): Promise<string[]> {
  return panelLines(await readState(host), { ...options, since: await readSince(host), declared: await readDeclared(host) }).map(plainText);
}

/** The footer's words for the recorded state, as footer.ts draws them (a client gets them bare). */
export async function expectedFooter(host: FakePiHost): Promise<string | undefined> {
  const state = await readState(host);
  return formatFooter(state);
}

/** What each saved change on the branch says, oldest first: the words its chat line and history line carry. */
export function savedChangeWords(host: FakePiHost): string[] {
  const saved = host.session.getBranch().filter((entry) => entry.type === 'custom' && entry.customType === STATE_ENTRY_TYPE);
  let previous: AgentStateSnapshot | undefined;
  return saved.map((entry) => {
    const read = readStatePayload((entry as { data?: unknown }).data);
    if (!read.ok) return 'unreadable saved state';
    const words = describeChange(previous, read.value);
    previous = read.value;
    return words;
  });
}

/** The adapter as the shared session suites drive it. */
export const persistedAgentState: PersistedAdapter = { ...harness, readState, expectCleanRun };

export const FIRST_SMOKE_RUN = [
  'objective Ship the parser',
  'add parse Parse the arguments',
  'add format Format the status',
  'add docs Write the README',
  'decide pure-core Keep the core free of Pi imports',
  'set parse done',
  'set format in_progress',
];
