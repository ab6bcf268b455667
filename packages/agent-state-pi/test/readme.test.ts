import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  INTERNAL_FAILURE,
  USAGE,
  formatChange,
  formatClearPreview,
  formatNoChange,
  formatPanelVisibility,
  formatRejection,
  formatStatus,
  formatUnreadableEntry,
} from '../src/format.js';
import type { Rejection } from '../src/mutations.js';
import { AUTHORITY_BOUNDARY } from '../src/tools.js';
import { FIRST_SMOKE_RUN } from './agent-state-host.js';
import { EMPTY_STATUS, EXAMPLE_STATE, snapshotOf } from './snapshots.js';
import { NOW, README_HISTORY, at } from './history-example.js';

/** The README's status example: `format` in progress since this morning, `docs` open since yesterday. */
const README_STATUS = formatStatus(snapshotOf(EXAMPLE_STATE), undefined, new Map([['format', at(9, 12)], ['docs', at(17, 40, 2)]]), NOW);

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The page the README links for what sessions keep. */
const sessionsPage = readFileSync(new URL('../docs/sessions.md', import.meta.url), 'utf8');
const terminalUiPage = readFileSync(new URL('../docs/terminal-ui.md', import.meta.url), 'utf8');

/** The fenced code blocks of a page but its shell commands, in order, without their fences. */
function codeBlocks(page: string): string[] {
  const blocks = Array.from(page.matchAll(/^```([a-z]*)\n([\s\S]*?)\n```$/gmu));
  return blocks.filter((match) => match[1] !== 'sh').map((match) => match[2] ?? '');
}

const rejections: Rejection[] = [
  { code: 'invalid_id' },
  { code: 'invalid_content' },
  { code: 'invalid_objective' },
  { code: 'invalid_status' },
  { code: 'work_item_limit' },
  { code: 'decision_limit' },
  { code: 'invalid_input' },
];

describe('README', () => {
  it('shows the status format verbatim', () => {
    expect(readme).toContain(EMPTY_STATUS);
    expect(readme).toContain(README_STATUS);
  });

  it('shows the usage line, the clear preview and the fixed messages verbatim', () => {
    expect(readme).toContain(USAGE);
    expect(readme).toContain(formatClearPreview(snapshotOf(EXAMPLE_STATE)));
    expect(readme).toContain(formatNoChange({ reason: 'already_empty' }));
    expect(readme).toContain(formatNoChange({ reason: 'same_objective' }));
    expect(readme).toContain(INTERNAL_FAILURE);
    const earlier = { objective: 'Old', workItems: [{ id: 'api', content: 'A', status: 'blocked' as const }, { id: 'docs', content: 'D' }] };
    expect(readme).toContain(
      formatChange({ kind: 'changed', mutation: { kind: 'set_objective', objective: 'New' }, previous: snapshotOf(earlier), snapshot: snapshotOf({ ...earlier, objective: 'New' }) }),
    );
    for (const rejection of rejections) {
      expect(readme).toContain(formatRejection(rejection, 'person'));
    }
  });

  it('shows every answer to panel on|off, on each surface', () => {
    for (const surface of ['terminal', 'client', 'none'] as const) {
      for (const visible of [true, false]) {
        for (const snapshot of [snapshotOf(), snapshotOf(EXAMPLE_STATE)]) {
          expect(readme).toContain(formatPanelVisibility(visible, surface, snapshot));
        }
      }
    }
  });

  it('quotes the authority boundary and the unreadable-state warning', () => {
    expect(readme.replace(/\s+/gu, ' ')).toContain(AUTHORITY_BOUNDARY);
    expect(sessionsPage).toContain(formatUnreadableEntry('missing_payload').replace('no payload', '<reason>'));
  });

  // A block nobody checks goes stale unseen: each block of the README and its docs pages is one
  // of these, in this order, and the comment names the test that holds it true.
  it('holds only code blocks that a test checks', () => {
    expect(codeBlocks(readme)).toEqual([
      // The synopsis, against the usage line, and the shell commands left out above (each one the
      // tests run): ../integration/test/readme-blocks.test.ts.
      expect.stringMatching(/^\/agent-state status\n/u),
      USAGE,
      README_STATUS,
      README_HISTORY,
      // Also typed into the real Pi by test/e2e/scenarios/first-run.ts and pnpm smoke.
      [...FIRST_SMOKE_RUN, 'status'].map((args) => `/agent-state ${args}`).join('\n'),
    ]);
    // The capture: test/e2e/terminal-ui.test.ts draws it again in the real Pi 1.6.0.
    expect(codeBlocks(terminalUiPage)).toEqual([expect.stringMatching(/^ Record the docs work\n/u)]);
    for (const page of readdirSync(new URL('../docs/', import.meta.url)).filter((name) => name !== 'terminal-ui.md')) {
      expect(codeBlocks(readFileSync(new URL(`../docs/${page}`, import.meta.url), 'utf8')), page).toEqual([]);
    }
  });
});
