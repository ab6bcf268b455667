import { fileURLToPath } from 'node:url';
import { contentText, type ChatMessage, type ModelRequest, type PiDriver } from '@j1nn0/pi-real-hosts';
import { expect } from 'vitest';
import { formatCheckNotice, formatPendingCheck, formatRecoveryContent } from '../../../src/format.js';
import { guardState, verifiedCheck } from '../../expected-messages.js';

// The scenario the Context Guard e2e files share: three protected items (two critical), recovery on,
// three turns that mention them, and a summary that keeps only one.

export const EXTENSION_PATH = fileURLToPath(new URL('../../../dist/extension.js', import.meta.url));

export const KEPT = 'Export uses comma separated values';
export const DROPPED = 'Never change the public report URL';
export const PLAIN = 'The report page lives in reports.ts';
export const SUMMARY = `The user is shipping CSV export. ${KEPT}.`;
export const TURN_PROMPT = 'Continue with the exporter.';

export const SETUP = [
  `/context-guard add csv goal --critical ${KEPT}`,
  `/context-guard add report-url constraint --critical ${DROPPED}`,
  `/context-guard add location fact ${PLAIN}`,
  '/context-guard recovery critical',
];

/** The check of a compaction with SUMMARY, as the formatter writes it: the critical item restored, the other left to restate. */
const LOSING_TWO_CHECK = verifiedCheck({
  preserved: 1,
  lost: [
    { id: 'report-url', critical: true },
    { id: 'location', critical: false },
  ],
  restored: 1,
  restoredIds: ['report-url'],
});
export const CHECK_NOTICE = formatCheckNotice(LOSING_TWO_CHECK);

/** The protected set SETUP leaves. */
export const GUARD = guardState(
  [
    ['csv', 'goal', KEPT, true],
    ['report-url', 'constraint', DROPPED, true],
    ['location', 'fact', PLAIN],
  ],
  'critical',
);

export const PENDING_NOTICE = formatPendingCheck(GUARD.items);

/** The recovery LOSING_TWO_CHECK restates: the lost critical item, as the formatter writes it. */
const RECOVERY_CONTENT = formatRecoveryContent(GUARD.items.filter((item) => item.id === 'report-url'));

const isRecovery = (message: ChatMessage): boolean => contentText(message.content) === RECOVERY_CONTENT;

/** The roles of one request, the recovery shown as `recovery`: what the report and the asserts read. */
export function rolesOf(request: ModelRequest): string[] {
  return request.messages.map((message) => (isRecovery(message) ? 'recovery' : message.role));
}

/** Runs a command that answers with exactly one notification; returns its text. */
export async function readCommand(pi: PiDriver, commandLine: string): Promise<string> {
  const { notifications } = await pi.prompt(commandLine);
  expect(notifications).toHaveLength(1);
  return notifications[0]?.message ?? '';
}

/** Protects the three items and talks three turns that mention them; nothing is compacted yet. */
export async function protectAndTalk(pi: PiDriver): Promise<void> {
  for (const line of SETUP) {
    await readCommand(pi, line);
  }
  pi.model.enqueue({ text: 'Noted.' }, { text: 'Sure.' }, { text: 'Nothing else.' });
  await pi.prompt(`Keep in mind: ${KEPT}. ${DROPPED}. ${PLAIN}.`);
  await pi.prompt('Start on the exporter.');
  await pi.prompt('Anything else before we compact?');
}

/** Pi's own compaction after `protectAndTalk`, with SUMMARY; returns the notices of the compaction. */
export async function compactLosingTwo(pi: PiDriver): Promise<string[]> {
  await protectAndTalk(pi);
  pi.model.setSummary(SUMMARY);
  const before = pi.notifications().length;
  await pi.compact();
  const notices = pi.notifications().slice(before).map((notification) => notification.message);
  pi.model.reset();
  return notices;
}

/**
 * Every request of a turn carries the recovery exactly once, right after the compaction summary and
 * before the turn's prompt; never after the turn's assistant message or tool result.
 */
export function expectRecoveryAfterSummary(requests: readonly ModelRequest[]): void {
  for (const request of requests) {
    const roles = rolesOf(request);
    const summaryIndex = request.messages.findIndex((message) => contentText(message.content).includes(SUMMARY));
    expect(summaryIndex).toBeGreaterThanOrEqual(0);
    expect(roles.filter((role) => role === 'recovery')).toHaveLength(1);
    expect(roles.indexOf('recovery')).toBe(summaryIndex + 1);
    expect(roles.indexOf('recovery')).toBeLessThan(request.messages.findIndex((message) => contentText(message.content) === TURN_PROMPT));
  }
}

/** A turn in which the model lists the protected items, then answers: two requests. */
export async function toolCallingTurn(pi: PiDriver): Promise<{ notices: string[]; requests: ModelRequest[] }> {
  pi.model.enqueue({ toolCalls: [{ name: 'context_guard_list', arguments: {} }] }, { text: 'Continuing.' });
  const turn = await pi.prompt(TURN_PROMPT);
  return { notices: turn.notifications.map((notification) => notification.message), requests: pi.model.chatRequests() };
}
