import { customEntries, type ModelRequest, type PiDriver, type PiTarget } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import {
  AGENT_STATE_COMMAND,
  AGENT_STATE_ENTRY_TYPE,
  ALL_ADAPTER_TOOLS,
  CONTEXT_GUARD_CHECK_ENTRY_TYPE,
  CONTEXT_GUARD_COMMAND,
  CONTEXT_GUARD_ENTRY_TYPE,
  RECOVERY_MESSAGE_TYPE,
} from './adapter-names.js';
import {
  customMessages,
  occurrencesInRequest,
  readCommand,
  recordAll,
  useBothAdaptersPi,
} from './real-pi-with-both-adapters.js';
import { withoutTimes } from '../../../agent-state-pi/test/snapshots.js';
import type { CheckedItem } from '../../../agent-context-guard-pi/src/check-entry.js';
import { formatCheckNotice, formatLastCheck } from '../../../agent-context-guard-pi/src/format.js';
import { verifiedCheck } from '../../../agent-context-guard-pi/test/expected-messages.js';

// Protected item contents; none of them is part of any Agent State text, so only the guard's
// items and the conversation can put them into a request.
const KEPT = 'Export uses comma separated values';
const DROPPED = 'Never change the public report URL';
const PLAIN = 'The report page lives in reports.ts';

const AGENT_STATE_COMMANDS = [
  '/agent-state objective Ship CSV export on the report page',
  '/agent-state add export Write the CSV exporter',
  '/agent-state decide quoting Quote fields as RFC 4180 says',
];

const GUARD_COMMANDS = [
  `/context-guard add csv goal --critical ${KEPT}`,
  `/context-guard add report-url constraint --critical ${DROPPED}`,
  `/context-guard add location fact ${PLAIN}`,
];

// Two Agent State changes the model makes with its tools, in one assistant message.
const MODEL_TOOL_CALLS = [
  { name: 'agent_state_set_work_item_status', arguments: { id: 'export', status: 'in_progress' } },
  { name: 'agent_state_add_work_item', arguments: { id: 'tests', content: 'Test the exporter' } },
];

const AGENT_STATUS = [
  'Agent State: objective "Ship CSV export on the report page", 2 work items (1 open, 1 in_progress, 0 blocked, 0 done), 1 decision.',
  'Work items:',
  '- [in_progress] export: Write the CSV exporter',
  '- [open] tests: Test the exporter',
  'Decisions:',
  '- quoting: Quote fields as RFC 4180 says',
].join('\n');

const GUARD_LIST = [
  'Context Guard: 3 protected items (2 critical).',
  `- [goal, critical] csv: ${KEPT}`,
  `- [constraint, critical] report-url: ${DROPPED}`,
  `- [fact] location: ${PLAIN}`,
].join('\n');

// The summary keeps one critical item and drops the other one and the plain fact.
const SUMMARY = `The user is shipping CSV export. ${KEPT}.`;

const LOST: readonly CheckedItem[] = [
  { id: 'report-url', critical: true },
  { id: 'location', critical: false },
];
const PENDING_CHECK = 'Context Guard: compacted; 3 protected items (2 critical) will be checked at the next model request.';

const RECOVERY_CASES = [
  {
    mode: 'critical',
    check: verifiedCheck({ preserved: 1, lost: LOST, restored: 1, restoredIds: ['report-url'] }),
    restoredCopies: 1,
    // Three items and the recovery change.
    guardEntries: 4,
  },
  {
    mode: 'off',
    check: verifiedCheck({ preserved: 1, lost: LOST }),
    restoredCopies: 0,
    // `recovery off` is the default: an unchanged request saves nothing.
    guardEntries: 3,
  },
] as const;

/** The offered tools of ours, each name as often as it was offered. */
function adapterToolsOffered(request: ModelRequest | undefined): string[] {
  return (request?.toolNames ?? []).filter((name) => ALL_ADAPTER_TOOLS.includes(name)).sort();
}

/**
 * Both adapters in one real host (default: one shared per file), registered per Pi line and on
 * oh-my-pi; what a host lacks (RPC `get_commands` on omp) is skipped by its facts.
 */
export function coexistenceScenarios(target: PiTarget, pi: () => PiDriver = useBothAdaptersPi(target)): void {

  // oh-my-pi answers get_commands as an unknown command (its own listing is get_available_commands).
  it.skipIf(!target.version.host.rpc.getCommands)('lists both commands once under their own names', async () => {
    const ours = (await pi().getCommands())
      .map((command) => command.name)
      .filter((name) => /^(?:agent-state|context-guard)(?::\d+)?$/u.test(name));
    expect(ours.sort()).toEqual([AGENT_STATE_COMMAND, CONTEXT_GUARD_COMMAND]);
  });

  it('offers all six tools to the model', async () => {
    await pi().prompt('Hello.');

    const requests = pi().model.chatRequests();
    expect(requests).toHaveLength(1);
    expect(adapterToolsOffered(requests[0])).toEqual([...ALL_ADAPTER_TOOLS].sort());
  });

  it.each(RECOVERY_CASES)(
    'with recovery $mode keeps Agent State through compaction and restart while Context Guard reports the lost item',
    async ({ mode, check, restoredCopies, guardEntries }) => {
      const notice = formatCheckNotice(check);
      await recordAll(pi(), [...AGENT_STATE_COMMANDS, ...GUARD_COMMANDS, `/context-guard recovery ${mode}`]);
      pi().model.enqueue(
        { text: 'Noted.' },
        { toolCalls: MODEL_TOOL_CALLS },
        { text: 'Started the exporter.' },
        { text: 'Nothing else.' },
      );
      await pi().prompt(`Keep in mind: ${KEPT}. ${DROPPED}. ${PLAIN}.`);
      await pi().prompt('Start on the exporter.');
      await pi().prompt('Anything else before we compact?');
      expect(withoutTimes(await readCommand(pi(), '/agent-state status'))).toBe(AGENT_STATUS);
      expect(pi().model.pendingSteps()).toBe(0);

      pi().model.setSummary(SUMMARY);
      const noticesBefore = pi().notifications().length;
      const compaction = await pi().compact();
      expect(pi().notifications().slice(noticesBefore)).toEqual([{ message: PENDING_CHECK, notifyType: 'info' }]);

      // The summarizer saw the dropped item; only its answer lost it.
      expect(pi().model.summaryRequests().some((request) => occurrencesInRequest(request, DROPPED) > 0)).toBe(true);
      expect(compaction.summary).toContain(KEPT);
      expect(compaction.summary).not.toContain(DROPPED);
      expect(withoutTimes(await readCommand(pi(), '/agent-state status'))).toBe(AGENT_STATUS);

      pi().model.reset();
      pi().model.enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: 'Continuing.' });
      const afterCompaction = await pi().prompt('Continue with the exporter.');

      expect(afterCompaction.notifications).toEqual([{ message: notice, notifyType: 'warning' }]);
      const [toolTurn, answerTurn, ...extra] = pi().model.chatRequests();
      expect(extra).toEqual([]);
      for (const request of [toolTurn, answerTurn]) {
        if (request === undefined) throw new Error('Pi sent fewer than two requests after the compaction');
        expect(occurrencesInRequest(request, DROPPED)).toBe(restoredCopies);
        expect(occurrencesInRequest(request, PLAIN)).toBe(0);
        expect(occurrencesInRequest(request, KEPT)).toBeGreaterThan(0);
        expect(adapterToolsOffered(request)).toEqual([...ALL_ADAPTER_TOOLS].sort());
      }
      expect(answerTurn?.messages.filter((message) => message.role === 'tool').map((message) => withoutTimes(String(message.content)))).toEqual([
        AGENT_STATUS,
      ]);

      // Pi stores the queued recovery with this prompt; the request carries that copy only.
      pi().model.reset();
      await pi().prompt('Next step.');
      expect(pi().model.chatRequests().map((request) => occurrencesInRequest(request, DROPPED))).toEqual([restoredCopies]);

      await pi().restart();

      expect(withoutTimes(await readCommand(pi(), '/agent-state status'))).toBe(AGENT_STATUS);
      expect(await readCommand(pi(), '/context-guard list')).toBe(GUARD_LIST);
      expect(await readCommand(pi(), '/context-guard status')).toBe(
        `Context Guard: 3 protected items (2 critical), recovery ${mode}.\n${formatLastCheck(check)}`,
      );
      pi().model.reset();
      const afterRestart = await pi().prompt('Resume the work.');
      expect(afterRestart.notifications).toEqual([]);
      expect(pi().model.chatRequests().map((request) => occurrencesInRequest(request, DROPPED))).toEqual([restoredCopies]);

      const entries = await pi().readSessionFile();
      expect(customEntries(entries, AGENT_STATE_ENTRY_TYPE)).toHaveLength(AGENT_STATE_COMMANDS.length + MODEL_TOOL_CALLS.length);
      expect(customEntries(entries, CONTEXT_GUARD_ENTRY_TYPE)).toHaveLength(guardEntries);
      expect(customEntries(entries, CONTEXT_GUARD_CHECK_ENTRY_TYPE)).toHaveLength(1);
      expect(customMessages(entries, RECOVERY_MESSAGE_TYPE)).toHaveLength(restoredCopies);
    },
  );
}
