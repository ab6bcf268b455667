import { fileURLToPath } from 'node:url';
import {
  contentText,
  customEntries,
  describeEachPi,
  useSharedPi,
  type ChatMessage,
  type ModelRequest,
  type PiDriver,
} from '@j1nn0/pi-testkit/real';
import { expect, it } from 'vitest';
import { CHECK_ENTRY_TYPE } from '../../src/check-entry.js';
import { RECOVERY_MESSAGE_TYPE } from '../../src/recovery.js';

// The recovery's place in every request of a tool-calling turn after a compaction, the words a
// person gets at and after the compaction, and the saved check, in the real Pi (built extension).

const EXTENSION_PATH = fileURLToPath(new URL('../../dist/extension.js', import.meta.url));

/** Agent State's test-only extension: `/e2e-navigate <entryId>` moves the leaf with Pi's own tree navigation. */
const PI_PROBE_PATH = fileURLToPath(new URL('../../../agent-state-pi/test/e2e/fixtures/pi-probe.ts', import.meta.url));

const KEPT = 'Export uses comma separated values';
const DROPPED = 'Never change the public report URL';
const PLAIN = 'The report page lives in reports.ts';
const SUMMARY = `The user is shipping CSV export. ${KEPT}.`;
const RECOVERY_START = 'Context Guard recovery:';
const TURN_PROMPT = 'Continue with the exporter.';

const SETUP = [
  `/context-guard add csv goal --critical ${KEPT}`,
  `/context-guard add report-url constraint --critical ${DROPPED}`,
  `/context-guard add location fact ${PLAIN}`,
  '/context-guard recovery critical',
];

const CHECK_NOTICE =
  'Context Guard: after compaction 1 preserved, 2 lost, 0 unknown (1 critical lost). Restored 1 critical item for the model.\n' +
  'Lost: "report-url" (critical), "location".';

const PENDING_NOTICE = 'Context Guard: compacted; 3 protected items (2 critical) will be checked at the next model request.';

const LAST_CHECK =
  'Last check: after compaction 1 preserved, 2 lost, 0 unknown (1 critical lost). Restored 1 critical item for the model.\n' +
  'Lost: "report-url" (critical), "location".';

const isRecovery = (message: ChatMessage): boolean => contentText(message.content).startsWith(RECOVERY_START);

/** The roles of one request, the recovery shown as `recovery`: what the report and the asserts read. */
function rolesOf(request: ModelRequest): string[] {
  return request.messages.map((message) => (isRecovery(message) ? 'recovery' : message.role));
}

async function readCommand(pi: PiDriver, commandLine: string): Promise<string> {
  const { notifications } = await pi.prompt(commandLine);
  expect(notifications).toHaveLength(1);
  return notifications[0]?.message ?? '';
}

/** Protects three items, talks three turns, compacts with a summary that keeps one; returns the notices of the compaction. */
async function compactLosingTwo(pi: PiDriver): Promise<string[]> {
  for (const line of SETUP) {
    await readCommand(pi, line);
  }
  pi.model.enqueue({ text: 'Noted.' }, { text: 'Sure.' }, { text: 'Nothing else.' });
  await pi.prompt(`Keep in mind: ${KEPT}. ${DROPPED}. ${PLAIN}.`);
  await pi.prompt('Start on the exporter.');
  await pi.prompt('Anything else before we compact?');
  pi.model.setSummary(SUMMARY);
  const before = pi.notifications().length;
  await pi.compact();
  const notices = pi.notifications().slice(before).map((notification) => notification.message);
  pi.model.reset();
  return notices;
}

describeEachPi('agent-context-guard-pi recovery in the real Pi', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH, PI_PROBE_PATH]);

  it('puts the recovery once right after the compaction summary in every request of a tool-calling turn, never after its tool result', async () => {
    expect(await compactLosingTwo(pi())).toEqual([PENDING_NOTICE]);

    pi().model.enqueue({ toolCalls: [{ name: 'context_guard_list', arguments: {} }] }, { text: 'Continuing.' });
    const turn = await pi().prompt(TURN_PROMPT);

    expect(turn.notifications.map((notification) => notification.message)).toEqual([CHECK_NOTICE]);
    const requests = pi().model.chatRequests();
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      const roles = rolesOf(request);
      const summaryIndex = request.messages.findIndex((message) => contentText(message.content).includes(SUMMARY));
      expect(roles.filter((role) => role === 'recovery')).toHaveLength(1);
      expect(roles.indexOf('recovery')).toBe(summaryIndex + 1);
      // Pi sends a custom message as a user message; only the turn's own prompt and replies follow.
      expect(request.messages[summaryIndex + 1]?.role).toBe('user');
      expect(roles.indexOf('recovery')).toBeLessThan(request.messages.findIndex((message) => contentText(message.content) === TURN_PROMPT));
    }
    const [toolTurn, answerTurn] = requests.map(rolesOf);
    expect(toolTurn?.slice(-1)).toEqual(['user']);
    expect(answerTurn?.slice(-3)).toEqual(['user', 'assistant', 'tool']);
  });

  it('documents Pi: it stores the queued recovery right after the next prompt, and the guard adds no second copy', async () => {
    await compactLosingTwo(pi());
    pi().model.enqueue({ text: 'Continuing.' }, { text: 'Done.' });
    await pi().prompt(TURN_PROMPT);
    pi().model.reset();
    pi().model.enqueue({ text: 'Done.' });

    await pi().prompt('Next step.');

    const [request, ...extra] = pi().model.chatRequests();
    expect(extra).toEqual([]);
    expect(request?.messages.filter(isRecovery)).toHaveLength(1);
    expect(request === undefined ? [] : rolesOf(request).slice(-2)).toEqual(['user', 'recovery']);
    expect(contentText(request?.messages.at(-2)?.content)).toBe('Next step.');
    const entries = await pi().readSessionFile();
    expect(entries.filter((entry) => entry.type === 'custom_message' && entry['customType'] === RECOVERY_MESSAGE_TYPE)).toHaveLength(1);
  });

  it('keeps the last check, with the ids not found, across a restart', async () => {
    await compactLosingTwo(pi());
    pi().model.enqueue({ text: 'Continuing.' });
    await pi().prompt(TURN_PROMPT);

    await pi().restart();

    expect(await readCommand(pi(), '/context-guard status')).toBe(
      `Context Guard: 3 protected items (2 critical), recovery critical.\n${LAST_CHECK}`,
    );
    expect(customEntries(await pi().readSessionFile(), CHECK_ENTRY_TYPE)).toHaveLength(1);
  });

  it('follows the branch: /tree to before the compaction shows no check, back to the check shows it', async () => {
    await compactLosingTwo(pi());
    pi().model.enqueue({ text: 'Continuing.' });
    await pi().prompt(TURN_PROMPT);
    const entries = await pi().readSessionFile();
    const beforeCompaction = entries.find((entry) => entry.type === 'compaction')?.['parentId'];
    const check = customEntries(entries, CHECK_ENTRY_TYPE)[0]?.['id'];
    if (typeof beforeCompaction !== 'string' || typeof check !== 'string') throw new Error('no compaction or no check entry');

    expect(await readCommand(pi(), `/e2e-navigate ${beforeCompaction}`)).toBe('navigated');
    expect(await readCommand(pi(), '/context-guard status')).toBe(
      'Context Guard: 3 protected items (2 critical), recovery critical.\nLast check: none yet.',
    );
    expect(await readCommand(pi(), `/e2e-navigate ${check}`)).toBe('navigated');
    expect(await readCommand(pi(), '/context-guard status')).toContain(LAST_CHECK);
  });
});
