import { readFileSync } from 'node:fs';
import { contentText, customEntries, describeEachPi, useSharedPi } from '@j1nn0/pi-real-hosts';
import { CONTRACT_PROBE_PATH } from '@j1nn0/pi-testkit/host-contract';
import { expect, it } from 'vitest';
import { CHECK_ENTRY_TYPE } from '../../src/check-entry.js';
import { RECOVERY_MESSAGE_TYPE } from '../../src/recovery.js';
import { formatLastCheck, formatRestateReply, formatRestatementContent, formatStatus } from '../../src/format.js';
import { FOOTER_CHECK_PENDING, formatFooter } from '../../src/ui/footer.js';
import {
  CHECK_NOTICE,
  EXTENSION_PATH,
  GUARD,
  LOSING_TWO_CHECK,
  PLAIN,
  PENDING_NOTICE,
  TURN_PROMPT,
  compactLosingTwo,
  expectRecoveryAfterSummary,
  isRecovery,
  readCommand,
  rolesOf,
  toolCallingTurn,
} from './support/guard-scenario.js';

// The recovery's place in every request of a tool-calling turn after a compaction, the words a
// person gets at and after the compaction, and the saved check, in the real Pi (built extension).


/**
 * The roles of the two requests of a tool-calling turn as docs/compaction.md prints them
 * ("request 1: system, user (summary), user (recovery), ..."), the recovery as `recovery`.
 */
function documentedRoles(): string[][] {
  const page = readFileSync(new URL('../../docs/compaction.md', import.meta.url), 'utf8');
  return Array.from(page.matchAll(/^request \d+: (.+)$/gmu), (match) =>
    (match[1] ?? '').split(', ').map((role) => (role === 'user (recovery)' ? 'recovery' : role.replace(/ \(.*\)$/u, ''))),
  );
}

const LAST_CHECK = formatLastCheck(LOSING_TWO_CHECK);

describeEachPi('agent-context-guard-pi recovery in the real Pi', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH, CONTRACT_PROBE_PATH]);

  it('puts the recovery once right after the compaction summary in every request of a tool-calling turn, never after its tool result', async () => {
    expect(await compactLosingTwo(pi())).toEqual([PENDING_NOTICE]);

    const { notices, requests } = await toolCallingTurn(pi());

    expect(notices).toEqual([CHECK_NOTICE]);
    expect(requests).toHaveLength(2);
    expectRecoveryAfterSummary(requests);
    for (const request of requests) {
      // Pi sends a custom message as a user message; only the turn's own prompt and replies follow.
      expect(request.messages[rolesOf(request).indexOf('recovery')]?.role).toBe('user');
    }
    expect(requests.map(rolesOf)).toEqual(documentedRoles());
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

  it('says in the footer that a check is pending until it runs, and restate gives the lost item back to the model once', async () => {
    await compactLosingTwo(pi());
    expect(pi().status('context-guard')).toBe(FOOTER_CHECK_PENDING);
    expect(await readCommand(pi(), '/context-guard restate')).toBe(formatRestateReply({ kind: 'pending' }));

    const { notices } = await toolCallingTurn(pi());
    expect(notices).toEqual([CHECK_NOTICE]);
    expect(pi().status('context-guard')).toBe(formatFooter(GUARD));

    // location (not critical) was lost and not recovered: restated only once the person makes it critical.
    expect(await readCommand(pi(), '/context-guard restate')).toBe(formatRestateReply({ kind: 'not_critical', ids: ['location'] }));
    await readCommand(pi(), '/context-guard critical location on');
    expect(await readCommand(pi(), '/context-guard restate')).toBe(formatRestateReply({ kind: 'restated', ids: ['location'] }));
    const restatement = formatRestatementContent([{ id: 'location', kind: 'fact', content: PLAIN, critical: false }]);
    await pi().restart();
    pi().model.reset();
    pi().model.enqueue({ text: 'Noted.' }, { text: 'Done.' });
    await pi().prompt('Next step.');
    await pi().prompt('And the one after.');

    const [first, second] = pi().model.chatRequests();
    const restated = (request: typeof first): number =>
      (request?.messages ?? []).filter((message) => contentText(message.content) === restatement).length;
    // Placed once in the first request after the restart; Pi then stores it, and it is not added again.
    expect([restated(first), restated(second)]).toEqual([1, 1]);
    const stored = (await pi().readSessionFile()).filter((entry) => entry.type === 'custom_message' && entry['content'] === restatement);
    expect(stored).toHaveLength(1);
    expect(await readCommand(pi(), '/context-guard restate')).toBe(formatRestateReply({ kind: 'already', ids: ['location'] }));
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

    expect(await readCommand(pi(), `/contract-probe navigate ${beforeCompaction}`)).toBe('navigated');
    expect(await readCommand(pi(), '/context-guard status')).toBe(
      formatStatus({ state: GUARD, discarded: false, verificationPending: false, lastCheck: undefined }),
    );
    expect(await readCommand(pi(), `/contract-probe navigate ${check}`)).toBe('navigated');
    expect(await readCommand(pi(), '/context-guard status')).toContain(LAST_CHECK);
  });
});
