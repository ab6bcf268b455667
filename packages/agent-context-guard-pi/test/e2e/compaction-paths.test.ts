import { fileURLToPath } from 'node:url';
import { contentText, customEntries, describeEachPi, useSharedPi, type PiDriver, type SessionFileEntry } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { CHECK_ENTRY_TYPE } from '../../src/check-entry.js';
import { formatCompactionFailed, formatRejection, formatStatus } from '../../src/format.js';
import { STATE_ENTRY_TYPE } from '../../src/persistence.js';
import { changeText, guardState, protectedText } from '../expected-messages.js';
import { FOOTER_CHECK_PENDING, FOOTER_STATUS_KEY, formatFooter } from '../../src/ui/footer.js';
import {
  CHECK_NOTICE,
  EXTENSION_PATH,
  GUARD,
  PENDING_NOTICE,
  SUMMARY,
  compactLosingTwo,
  expectRecoveryAfterSummary,
  isRecovery,
  protectAndTalk,
  readCommand,
  toolCallingTurn,
  KEPT,
  DROPPED,
  PLAIN,
} from './support/guard-scenario.js';

// Every path that appends a compaction is checked once, in the real Pi: one another extension appends as a
// turn_end boundary draft (no compaction event; Pi 0.87+), Pi's own followed by a SIGKILL and a restart, and
// one whose summary request fails. The model can never make an item critical. The closing numbers of the
// issue (compactions appended per path, checks each produced) are counted by these tests.

const COMPACTOR_PATH = fileURLToPath(new URL('fixtures/boundary-compactor.ts', import.meta.url));

/** What `status` says while a compaction waits for its check at the next request, as the formatter writes it. */
const PENDING_STATUS = formatStatus({ state: GUARD, discarded: false, verificationPending: true, lastCheck: undefined });

const CRITICAL_BY_PERSON_ONLY = formatRejection({ code: 'critical_by_model' }, 'model');

function compactions(entries: readonly SessionFileEntry[]): SessionFileEntry[] {
  return entries.filter((entry) => entry.type === 'compaction');
}

function checksOf(entries: readonly SessionFileEntry[]): { compactionId?: unknown; kind?: unknown }[] {
  return customEntries(entries, CHECK_ENTRY_TYPE).map((entry) => (entry['data'] as { check: { compactionId?: unknown; kind?: unknown } }).check);
}

/** Notifications sent during a prompt (only Context Guard is loaded beside the compactor, which notifies nothing then). */
async function guardNotices(pi: PiDriver, text: string): Promise<string[]> {
  const { notifications } = await pi.prompt(text);
  return notifications.map((notification) => notification.message);
}

describeEachPi(
  'agent-context-guard-pi: a compaction another extension appends at a turn boundary',
  (target) => {
    const pi = useSharedPi(target, [EXTENSION_PATH, COMPACTOR_PATH]);

    it('is checked once at the next request: the notice names the lost ids and the recovery sits right after its summary', async () => {
      await protectAndTalk(pi());
      expect(await readCommand(pi(), `/e2e-compact-at-turn-end ${SUMMARY}`)).toBe('armed');
      pi().model.enqueue({ text: 'Working on the exporter.' });

      // The compaction is appended at the end of this turn, with no compaction event: the guard says nothing yet.
      expect(await guardNotices(pi(), 'Go on.')).toEqual([]);
      const appended = compactions(await pi().readSessionFile());
      expect(appended).toHaveLength(1);
      expect(appended[0]).toMatchObject({ summary: SUMMARY, fromHook: true });
      expect(await readCommand(pi(), '/context-guard status')).toBe(PENDING_STATUS);
      pi().model.reset();

      const { notices, requests } = await toolCallingTurn(pi());

      expect(notices).toEqual([CHECK_NOTICE]);
      expect(requests).toHaveLength(2);
      expect(contentText(requests[0]?.messages[0]?.content)).not.toContain('Keep in mind');
      expectRecoveryAfterSummary(requests);
      pi().model.reset();
      pi().model.enqueue({ text: 'Done.' });
      expect(await guardNotices(pi(), 'Next step.')).toEqual([]);
      const entries = await pi().readSessionFile();
      expect(checksOf(entries)).toEqual([expect.objectContaining({ kind: 'verified', compactionId: appended[0]?.['id'] })]);
    });
  },
  { lines: 'all', versions: ['0.87.1', '1.6.0'], since: '0.87.1' },
);

describeEachPi('agent-context-guard-pi: a restart between a compaction and the next request', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH]);

  it('checks the compaction once after a SIGKILL and a restart, recovers, and a second restart checks nothing new', async () => {
    expect(await compactLosingTwo(pi())).toEqual([PENDING_NOTICE]);

    await pi().kill();
    await pi().restart();

    expect(await readCommand(pi(), '/context-guard status')).toBe(PENDING_STATUS);
    // Read from the session, so the footer still says so after the crash.
    expect(pi().status(FOOTER_STATUS_KEY)).toBe(FOOTER_CHECK_PENDING);
    const { notices, requests } = await toolCallingTurn(pi());
    expect(notices).toEqual([CHECK_NOTICE]);
    expectRecoveryAfterSummary(requests);
    const [compaction] = compactions(await pi().readSessionFile());
    expect(checksOf(await pi().readSessionFile())).toEqual([expect.objectContaining({ compactionId: compaction?.['id'] })]);

    // Pi had not stored the recovery yet (it does with the next prompt): after this restart the guard
    // restates it again, and checks nothing.
    await pi().restart();
    pi().model.reset();
    pi().model.enqueue({ text: 'Done.' });
    expect(await guardNotices(pi(), 'Next step.')).toEqual([]);
    const [request] = pi().model.chatRequests();
    expect(request?.messages.filter(isRecovery)).toHaveLength(1);
    expect(checksOf(await pi().readSessionFile())).toHaveLength(1);
  });
});

describeEachPi('agent-context-guard-pi: a compaction whose summary request fails', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH]);

  it('appends nothing and saves no check; where Pi says so (0.84.3+), one line tells the person', async () => {
    await protectAndTalk(pi());
    pi().model.setSummary(() => {
      throw new Error('the summary request fails');
    });
    const before = pi().notifications().length;

    const response = await pi().send({ type: 'compact' });

    expect(response.success).toBe(false);
    const notices = pi().notifications().slice(before).map((notification) => notification.message);
    expect(notices).toEqual(target.version.compaction.failedEvent ? [formatCompactionFailed(false)] : []);
    pi().model.reset();
    pi().model.enqueue({ text: 'Continuing.' });
    expect(await guardNotices(pi(), 'Continue.')).toEqual([]);
    const entries = await pi().readSessionFile();
    expect(compactions(entries)).toEqual([]);
    expect(checksOf(entries)).toEqual([]);
  });
});

describeEachPi(
  'agent-context-guard-pi: criticality is a person\'s decision',
  (target) => {
    const pi = useSharedPi(target, [EXTENSION_PATH]);

    it('refuses the model\'s critical: true with the short message and saves nothing; a person can still mark the item', async () => {
      pi().model.enqueue(
        { toolCalls: [{ name: 'context_guard_protect', arguments: { id: 'rule', kind: 'constraint', content: 'Obey this file', critical: true } }] },
        { toolCalls: [{ name: 'context_guard_protect', arguments: { id: 'rule', kind: 'constraint', content: 'Obey this file' } }] },
        { text: 'Protected.' },
      );
      await pi().prompt('Protect the rule from the file.');

      const [, afterRefusal, afterProtect] = pi().model.chatRequests();
      expect(contentText(afterRefusal?.messages.at(-1)?.content)).toBe(CRITICAL_BY_PERSON_ONLY);
      expect(contentText(afterProtect?.messages.at(-1)?.content)).toBe(protectedText('rule', 'constraint'));
      const protect = pi().model.chatRequests()[0]?.tools.find((tool) => tool.name === 'context_guard_protect');
      expect(Object.keys((protect?.parameters as { properties?: object } | undefined)?.properties ?? {})).toEqual(['id', 'kind', 'content']);
      const saved = customEntries(await pi().readSessionFile(), STATE_ENTRY_TYPE).map((entry) => entry['data']);
      expect(saved).toEqual([{ schemaVersion: 1, recovery: 'off', items: [{ id: 'rule', kind: 'constraint', content: 'Obey this file', critical: false }] }]);
      expect(await readCommand(pi(), '/context-guard critical rule on')).toBe(changeText({ kind: 'set_critical', id: 'rule', critical: true }));
    });

    it('says in the footer that a check is pending from a compaction until its check, then shows the counts again', async () => {
      await compactLosingTwo(pi());
      expect(pi().status(FOOTER_STATUS_KEY)).toBe(FOOTER_CHECK_PENDING);

      const { notices } = await toolCallingTurn(pi());

      expect(notices).toEqual([CHECK_NOTICE]);
      expect(pi().status(FOOTER_STATUS_KEY)).toBe(formatFooter(guardState([['csv', 'goal', KEPT, true], ['report-url', 'constraint', DROPPED, true], ['location', 'fact', PLAIN]], 'critical')));
    });
  },
  { lines: 'all' },
);
