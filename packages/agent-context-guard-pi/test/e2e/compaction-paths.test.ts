import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contentText, customEntries, describeEachPi, useSharedPi, type PiDriver, type SessionFileEntry } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { CHECK_ENTRY_TYPE } from '../../src/check-entry.js';
import { RECOVERY_MESSAGE_TYPE } from '../../src/recovery.js';
import { formatCompactionFailed, formatStatus } from '../../src/format.js';
import { FOOTER_CHECK_PENDING, FOOTER_STATUS_KEY, formatFooter } from '../../src/ui/footer.js';
import {
  CHECK_NOTICE,
  EXTENSION_PATH,
  GUARD,
  PENDING_NOTICE,
  SUMMARY,
  compactLosingTwo,
  expectRecoveryAfterSummary,
  protectAndTalk,
  readCommand,
  rolesOf,
  toolCallingTurn,
} from './support/guard-scenario.js';

// Every path that appends a compaction is checked once, in the real Pi: one another extension appends as a
// turn_end boundary draft (no compaction event; Pi 0.87+), Pi's own followed by a SIGKILL and a restart, and
// one whose summary request fails (Pi says so from 0.84.3). On the oldest line, the first with boundary drafts
// and the newest; every other line runs one compaction of Pi's own (integration's both-adapters-on-every-host)
// and the compaction events of the host contract. One Pi a line, a new session a test.

const COMPACTOR_PATH = fileURLToPath(new URL('fixtures/boundary-compactor.ts', import.meta.url));

/** What `status` says while a compaction waits for its check at the next request, as the formatter writes it. */
const PENDING_STATUS = formatStatus({ state: GUARD, discarded: false, verificationPending: true, lastCheck: undefined });

/**
 * The roles of the requests of a tool-calling turn and the turn after it as docs/compaction.md prints
 * them ("turn 1, request 1: system, user (summary), user (recovery), ..."), the recovery as `recovery`.
 */
function documentedRoles(): string[][] {
  const page = readFileSync(new URL('../../docs/compaction.md', import.meta.url), 'utf8');
  return Array.from(page.matchAll(/^turn \d+, request \d+: (.+)$/gmu), (match) =>
    (match[1] ?? '').split(', ').map((role) => (role === 'user (recovery)' ? 'recovery' : role.replace(/ \(.*\)$/u, ''))),
  );
}

function compactions(entries: readonly SessionFileEntry[]): SessionFileEntry[] {
  return entries.filter((entry) => entry.type === 'compaction');
}

function checksOf(entries: readonly SessionFileEntry[]): { compactionId?: unknown; kind?: unknown }[] {
  return customEntries(entries, CHECK_ENTRY_TYPE).map((entry) => (entry['data'] as { check: { compactionId?: unknown; kind?: unknown } }).check);
}

/** Notifications sent during a prompt (the compactor notifies nothing then). */
async function guardNotices(pi: PiDriver, text: string): Promise<string[]> {
  const { notifications } = await pi.prompt(text);
  return notifications.map((notification) => notification.message);
}

describeEachPi(
  'agent-context-guard-pi: every path that appends a compaction',
  (target) => {
    const pi = useSharedPi(target, [EXTENSION_PATH, COMPACTOR_PATH]);

    it.runIf(target.version.compaction.boundaryDrafts)(
      'checks a compaction another extension appends at a turn boundary once at the next request; its recovery sits right after its summary',
      async () => {
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
        expect(checksOf(await pi().readSessionFile())).toEqual([expect.objectContaining({ kind: 'verified', compactionId: appended[0]?.['id'] })]);
      },
    );

    it('appends nothing and saves no check when the summary request fails; where Pi says so (0.84.3+), one line tells the person', async () => {
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

    // Last: it restarts the shared Pi.
    it("checks Pi's own compaction once after a SIGKILL and a restart, the recovery once right after the summary in every request of the turn, as docs/compaction.md shows", async () => {
      expect(await compactLosingTwo(pi())).toEqual([PENDING_NOTICE]);

      await pi().kill();
      await pi().restart();

      expect(await readCommand(pi(), '/context-guard status')).toBe(PENDING_STATUS);
      // Read from the session, so the footer still says so after the crash.
      expect(pi().status(FOOTER_STATUS_KEY)).toBe(FOOTER_CHECK_PENDING);
      const { notices, requests: checkTurn } = await toolCallingTurn(pi());
      expect(notices).toEqual([CHECK_NOTICE]);
      expect(pi().status(FOOTER_STATUS_KEY)).toBe(formatFooter(GUARD));
      // The turn after the check: the recovery is still right after the summary, not after the person's prompt.
      pi().model.reset();
      pi().model.enqueue({ text: 'Then the tests.' });
      await pi().prompt('And then what?');
      const requests = [...checkTurn, ...pi().model.chatRequests()];
      expectRecoveryAfterSummary(requests);
      // Pi sends a custom message as a user message; only the turns' own prompts and replies follow.
      expect(requests.map((request) => request.messages[rolesOf(request).indexOf('recovery')]?.role)).toEqual(['user', 'user', 'user']);
      expect(requests.map(rolesOf)).toEqual(documentedRoles());
      // Nothing of the recovery is stored in the session: each request gets it in its place.
      expect((await pi().readSessionFile()).filter((entry) => entry['customType'] === RECOVERY_MESSAGE_TYPE)).toEqual([]);
      const [compaction] = compactions(await pi().readSessionFile());
      expect(checksOf(await pi().readSessionFile())).toEqual([expect.objectContaining({ compactionId: compaction?.['id'] })]);
    });
  },
  { lines: 'all', versions: ['0.73.1', '0.87.1', '1.6.0'] },
);
