import type { ContextItem } from '@j1nn0/agent-context-guard';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CompactionCheck } from '../src/check-entry.js';
import {
  UNVERIFIABLE_COMPACTION,
  USAGE,
  formatChange,
  formatCheckNotice,
  formatPendingCheck,
  formatCompactionFailed,
  formatList,
  formatNoChange,
  formatRecoveryContent,
  formatRejection,
  formatStatus,
  formatUnreadableEntry,
} from '../src/format.js';
import type { GuardState } from '../src/guard-state.js';
import { AUTHORITY_BOUNDARY } from '../src/tools.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The pages the README links for the compaction check and for what sessions keep. */
const compactionPage = readFileSync(new URL('../docs/compaction.md', import.meta.url), 'utf8');
const sessionsPage = readFileSync(new URL('../docs/sessions.md', import.meta.url), 'utf8');

/** The fenced code blocks of a page but its shell commands, in order, without their fences. */
function codeBlocks(page: string): string[] {
  const blocks = Array.from(page.matchAll(/^```([a-z]*)\n([\s\S]*?)\n```$/gmu));
  return blocks.filter((match) => match[1] !== 'sh').map((match) => match[2] ?? '');
}

const SHIP: ContextItem = { id: 'ship', kind: 'goal', content: 'Add CSV export to the report page', critical: true };

const EXAMPLE: GuardState = {
  recovery: 'critical',
  items: [
    SHIP,
    { id: 'no-deps', kind: 'constraint', content: 'Add no new runtime dependencies', critical: false },
  ],
};

const RESTORED_ONE: CompactionCheck = {
  kind: 'verified',
  compactionId: 'c1',
  ok: false,
  preserved: 1,
  changed: [],
  lost: [{ id: 'ship', critical: true }],
  unknown: [],
  restored: 1,
  restoredIds: ['ship'],
};

/** The notice the real Pi shows in test/e2e/compaction-paths.test.ts. */
const DOCUMENTED_NOTICE = formatCheckNotice({
  ...RESTORED_ONE,
  lost: [
    { id: 'report-url', critical: true },
    { id: 'location', critical: false },
  ],
  restoredIds: ['report-url'],
});

describe('README', () => {
  it('shows the usage line, list and status verbatim', () => {
    expect(readme).toContain(USAGE);
    expect(readme).toContain(formatList(EXAMPLE));
    expect(readme).toContain(formatStatus({ state: EXAMPLE, discarded: false, verificationPending: false, lastCheck: RESTORED_ONE }));
  });

  it('quotes the replies of its Messages section as the formatter writes them', () => {
    const messages = (readme.split('\n### Messages\n')[1]?.split('\n### ')[0] ?? '').replace(/\s+/gu, ' ');
    const none = { recovery: 'off' as const, items: [] };
    for (const quoted of [
      formatChange({ kind: 'changed', mutation: { kind: 'add', id: 'ship', itemKind: 'goal', content: 'C', critical: true }, previous: none, state: none }),
      formatChange({ kind: 'changed', mutation: { kind: 'set_critical', id: 'ship', critical: true }, previous: EXAMPLE, state: EXAMPLE }),
      formatChange({ kind: 'changed', mutation: { kind: 'set_recovery', recovery: 'critical' }, previous: none, state: none }),
      formatNoChange({ reason: 'same_recovery', recovery: 'critical' }),
      formatRejection({ code: 'critical_by_model' }, 'model'),
    ]) {
      expect(messages).toContain(quoted);
    }
    expect(compactionPage).toContain(UNVERIFIABLE_COMPACTION);
    expect(compactionPage).toContain(formatCompactionFailed(false));
    expect(compactionPage).toContain(formatCompactionFailed(true));
  });

  it('quotes the check notice, the recovery message, the authority boundary and the unreadable-state warning', () => {
    expect(compactionPage).toContain(DOCUMENTED_NOTICE);
    expect(compactionPage).toContain(formatPendingCheck(EXAMPLE.items));
    expect(compactionPage).toContain(formatRecoveryContent([SHIP]));
    expect(readme.replace(/\s+/gu, ' ')).toContain(AUTHORITY_BOUNDARY);
    expect(sessionsPage).toContain(formatUnreadableEntry('missing_payload').replace('no payload', '<reason>'));
  });

  // A block nobody checks goes stale unseen: each block of the README and its docs pages is one
  // of these, in this order, and the comment names the test that holds it true.
  it('holds only code blocks that a test checks', () => {
    expect(codeBlocks(readme)).toEqual([
      // The synopsis, against the usage line, and the shell commands left out above (each one the
      // tests run): ../integration/test/readme-blocks.test.ts.
      expect.stringMatching(/^\/context-guard add /u),
      USAGE,
      formatList(EXAMPLE),
      formatStatus({ state: EXAMPLE, discarded: false, verificationPending: false, lastCheck: RESTORED_ONE }),
      // The rejection the Messages section quotes: the test above.
      formatRejection({ code: 'critical_by_model' }, 'model'),
    ]);
    expect(codeBlocks(compactionPage)).toEqual([
      DOCUMENTED_NOTICE,
      formatRecoveryContent([SHIP]),
      // The roles of a turn's requests: test/e2e/compaction-paths.test.ts compares them with the real Pi's.
      expect.stringMatching(/^turn 1, request 1: system, /u),
    ]);
    // docs/messages.md is written by test/messages-doc.test.ts, which holds its every line true.
    for (const page of readdirSync(new URL('../docs/', import.meta.url)).filter((name) => name !== 'compaction.md' && name !== 'messages.md')) {
      expect(codeBlocks(readFileSync(new URL(`../docs/${page}`, import.meta.url), 'utf8')), page).toEqual([]);
    }
  });
});
