import type { AgentStateSnapshot } from '@j1nn0/agent-state';
import { customEntries, type ModelRequest, type PiDriver, type SessionFileEntry } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { readCheckPayload, type CompactionCheck } from '../../../agent-context-guard-pi/src/check-entry.js';
import { formatCheckNotice, formatList, formatListWithCheck } from '../../../agent-context-guard-pi/src/format.js';
import type { GuardState } from '../../../agent-context-guard-pi/src/guard-state.js';
import { readStatePayload as readGuardPayload } from '../../../agent-context-guard-pi/src/persistence.js';
import { DROPPED, GUARD, KEPT, PLAIN, SETUP, SUMMARY } from '../../../agent-context-guard-pi/test/e2e/support/guard-scenario.js';
import { formatHistory, formatStatus } from '../../../agent-state-pi/src/format.js';
import { stateHistory } from '../../../agent-state-pi/src/history.js';
import { readStatePayload as readAgentStatePayload } from '../../../agent-state-pi/src/persistence.js';
import { declaredOnBranch, sinceOnBranch } from '../../../agent-state-pi/src/since.js';
import { warningLines } from '../../src/startup-warnings.js';
import {
  AGENT_STATE_COMMAND,
  AGENT_STATE_ENTRY_TYPE,
  ALL_ADAPTER_TOOLS,
  CONTEXT_GUARD_CHECK_ENTRY_TYPE,
  CONTEXT_GUARD_COMMAND,
  CONTEXT_GUARD_ENTRY_TYPE,
  RECOVERY_MESSAGE_TYPE,
} from './adapter-names.js';
import { answerNewestWords, youSaid } from './newest-words-model.js';
import { occurrencesInRequest, readCommand, recordAll } from './real-pi-with-both-adapters.js';

// One run of both adapters together, on one host: what a person does with them in a day, read back as
// structure from the session file (what the adapters saved) and compared with what they showed. The
// rules behind each step are proven in the adapters' fast tiers; this shows the host carries them.

// Context Guard's scenario of its own e2e files (guard-scenario.ts): three protected items, two critical,
// whose contents are part of no Agent State text, so only the guard's items and the conversation can put
// them into a request; and a summary that keeps one critical item and drops the other and the plain fact.
const COMMANDS = [
  '/agent-state objective Ship CSV export on the report page',
  '/agent-state add export Write the CSV exporter',
  '/agent-state decide quoting Quote fields as RFC 4180 says',
  ...SETUP,
];

// Two Agent State changes the model makes with its tools, in one assistant message.
const MODEL_TOOL_CALLS = [
  { name: 'agent_state_set_work_item_status', arguments: { id: 'export', status: 'in_progress' } },
  { name: 'agent_state_add_work_item', arguments: { id: 'tests', content: 'Test the exporter' } },
];

const AFTER_MODEL: AgentStateSnapshot = {
  schemaVersion: 1,
  objective: 'Ship CSV export on the report page',
  workItems: [
    { id: 'export', content: 'Write the CSV exporter', status: 'in_progress' },
    { id: 'tests', content: 'Test the exporter', status: 'open' },
  ],
  decisions: [{ id: 'quoting', content: 'Quote fields as RFC 4180 says' }],
};

/** The protected set once the person has made the lost plain fact critical, to restate it. */
const GUARD_AFTER_RESTATE: GuardState = { ...GUARD, items: GUARD.items.map((item) => (item.id === 'location' ? { ...item, critical: true } : item)) };

function newestData(entries: readonly SessionFileEntry[], customType: string): unknown {
  return customEntries(entries, customType).at(-1)?.['data'];
}

/** The newest saved Agent State, as the adapter's own reader reads the file. */
function savedAgentState(entries: readonly SessionFileEntry[]): AgentStateSnapshot | undefined {
  const read = readAgentStatePayload(newestData(entries, AGENT_STATE_ENTRY_TYPE));
  return read.ok ? read.value : undefined;
}

/** What `/agent-state status` and `agent_state_get` must show of the file: its newest state and times. */
function statusOfFile(entries: readonly SessionFileEntry[]): string {
  const state = savedAgentState(entries);
  if (state === undefined) throw new Error('no readable Agent State in the file');
  return formatStatus(state, undefined, sinceOnBranch(entries as never, state), new Date(), declaredOnBranch(entries as never, state));
}

function savedCheck(entries: readonly SessionFileEntry[]): CompactionCheck | undefined {
  const read = readCheckPayload(newestData(entries, CONTEXT_GUARD_CHECK_ENTRY_TYPE));
  return read.ok ? read.value : undefined;
}

/** The entries the adapters wrote: their custom entries and the recovery messages they sent. */
function ourEntries(entries: readonly SessionFileEntry[]): SessionFileEntry[] {
  const types: readonly unknown[] = [AGENT_STATE_ENTRY_TYPE, CONTEXT_GUARD_ENTRY_TYPE, CONTEXT_GUARD_CHECK_ENTRY_TYPE, RECOVERY_MESSAGE_TYPE];
  return entries.filter((entry) => types.includes(entry['customType']));
}

/** How often `text` is in what the person and the model said (tool results, such as the list the model read, left out). */
function inConversation(request: ModelRequest, text: string): number {
  return occurrencesInRequest({ ...request, messages: request.messages.filter((message) => message.role !== 'tool') }, text);
}

/** The offered tools of ours, each name as often as it was offered. */
function adapterToolsOffered(request: ModelRequest | undefined): string[] {
  return (request?.toolNames ?? []).filter((name) => ALL_ADAPTER_TOOLS.includes(name)).sort();
}

/**
 * Registers the run on `pi` (one host for the file): a start without a warning, the commands, the
 * model's tool calls, a compaction the guard checks once with its recovery, a restatement, and a restart that restores.
 */
export function bothAdaptersRun(pi: () => PiDriver): void {
  it('starts with both adapters, no warning, notice or extension error, each command under its own name', async () => {
    expect(warningLines(pi().stderr())).toEqual([]);
    expect(pi().notifications()).toEqual([]);
    if (pi().version.host.rpc.getCommands) {
      const ours = (await pi().getCommands()).map((command) => command.name).filter((name) => /^(?:agent-state|context-guard)(?::\d+)?$/u.test(name));
      expect(ours.sort()).toEqual([AGENT_STATE_COMMAND, CONTEXT_GUARD_COMMAND]);
    }
  });

  it('records, lets the model change the state, checks a compaction once with its recovery, restates what the person asks, and restores after a restart', async () => {
    await recordAll(pi(), COMMANDS);
    pi().model.enqueue({ text: 'Noted.' }, { toolCalls: MODEL_TOOL_CALLS }, { text: 'Started the exporter.' }, { text: 'Nothing else.' });
    await pi().prompt(`Keep in mind: ${KEPT}. ${DROPPED}. ${PLAIN}.`);
    await pi().prompt('Start on the exporter.');
    await pi().prompt('Anything else before we compact?');
    expect(pi().model.pendingSteps()).toBe(0);
    expect(adapterToolsOffered(pi().model.chatRequests()[0])).toEqual([...ALL_ADAPTER_TOOLS].sort());

    const beforeCompaction = await pi().readSessionFile();
    expect(savedAgentState(beforeCompaction)).toEqual(AFTER_MODEL);
    expect(newestData(beforeCompaction, AGENT_STATE_ENTRY_TYPE)).toMatchObject({ by: 'model' });
    expect(readGuardPayload(newestData(beforeCompaction, CONTEXT_GUARD_ENTRY_TYPE))).toEqual({ ok: true, value: GUARD });

    pi().model.setSummary(SUMMARY);
    const compaction = await pi().compact();
    // The summarizer saw the dropped item; only its answer lost it.
    expect(pi().model.summaryRequests().some((request) => occurrencesInRequest(request, DROPPED) > 0)).toBe(true);
    expect(compaction.summary).not.toContain(DROPPED);

    pi().model.reset();
    pi().model.enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }, { name: 'context_guard_list', arguments: {} }] }, answerNewestWords);
    const afterCompaction = await pi().prompt('Continue with the exporter.');
    // The recovery reads as restored context: the person's words are the newest, and the model answers them.
    expect(afterCompaction.assistantText).toBe(youSaid('Continue with the exporter.'));

    const checked = await pi().readSessionFile();
    const check = savedCheck(checked);
    expect(check).toMatchObject({ kind: 'verified', lost: [{ id: 'report-url', critical: true }, { id: 'location', critical: false }], restoredIds: ['report-url'] });
    if (check === undefined) throw new Error('no check was saved');
    expect(afterCompaction.notifications).toEqual([{ message: formatCheckNotice(check), notifyType: 'warning' }]);
    const [toolTurn, answerTurn, ...extra] = pi().model.chatRequests();
    expect(extra).toEqual([]);
    for (const request of [toolTurn, answerTurn]) {
      if (request === undefined) throw new Error('the host sent fewer than two requests after the compaction');
      // The restated item once; the plain one never (but in the list the model asked for, a tool result).
      expect(inConversation(request, DROPPED)).toBe(1);
      expect(inConversation(request, PLAIN)).toBe(0);
      expect(adapterToolsOffered(request)).toEqual([...ALL_ADAPTER_TOOLS].sort());
    }
    // The model reads the saved state (and since when each item has its status), the protected set and its last check, as the file holds them.
    expect(answerTurn?.toolResults.map((result) => result.text)).toEqual([statusOfFile(checked), formatListWithCheck(GUARD, check)]);

    // The person restates the lost plain item. The next turn: the recovery and the restatement right after the
    // summary, once each, and the person's words still the newest.
    await recordAll(pi(), ['/context-guard critical location on', '/context-guard restate']);
    pi().model.reset();
    pi().model.enqueue(answerNewestWords);
    const nextTurn = await pi().prompt('And then what?');
    expect(nextTurn.assistantText).toBe(youSaid('And then what?'));
    expect(pi().model.chatRequests().map((request) => [inConversation(request, DROPPED), inConversation(request, PLAIN)])).toEqual([[1, 1]]);
    // Nothing of either is stored in the session: each is placed in every request instead.
    const beforeRestart = await pi().readSessionFile();
    expect(beforeRestart.filter((entry) => entry['customType'] === RECOVERY_MESSAGE_TYPE)).toEqual([]);

    await pi().restart();

    // Loading appends nothing of ours (oh-my-pi writes an entry of its own when it shuts down).
    const restored = await pi().readSessionFile();
    expect(ourEntries(restored)).toEqual(ourEntries(beforeRestart));
    expect(await readCommand(pi(), '/agent-state status')).toBe(statusOfFile(restored));
    // Who made each change and when, as the entries say: the person's three, then the model's two.
    expect(await readCommand(pi(), '/agent-state history')).toBe(formatHistory(stateHistory(restored as never), undefined, new Date()));
    expect(stateHistory(restored as never).lines.map((line) => line.by)).toEqual(['person', 'person', 'person', 'model', 'model']);
    expect(await readCommand(pi(), '/context-guard list')).toBe(formatList(GUARD_AFTER_RESTATE));
    pi().model.reset();
    const afterRestart = await pi().prompt('Resume the work.');
    // Checked once: no second notice, no second check entry, and the restored and restated items still reach the model once.
    expect(afterRestart.notifications).toEqual([]);
    expect(customEntries(await pi().readSessionFile(), CONTEXT_GUARD_CHECK_ENTRY_TYPE)).toHaveLength(1);
    expect(pi().model.chatRequests().map((request) => [inConversation(request, DROPPED), inConversation(request, PLAIN)])).toEqual([[1, 1]]);
  });
}
