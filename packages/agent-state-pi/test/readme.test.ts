import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  USAGE,
  formatChange,
  formatExport,
  formatNoChange,
  formatRejection,
  formatStatus,
  formatUnreadableEntry,
} from '../src/format.js';
import { AUTHORITY_BOUNDARY } from '../src/tools.js';
import { FIRST_SMOKE_RUN } from './agent-state-host.js';
import { EMPTY_SNAPSHOT, EXAMPLE_STATE, snapshotOf } from './snapshots.js';
import { NOW, README_HISTORY, at } from './history-example.js';

/** The README's status example, as the typed run of its "Try it" section leaves it: `format` in progress since this morning, `docs` open since yesterday. */
const README_SINCE = new Map([['format', at(9, 12)], ['docs', at(17, 40, 2)]]);
const README_DECLARED = new Map([['parse', 'person'], ['format', 'person'], ['docs', 'person']] as const);
const README_STATUS = formatStatus(snapshotOf(EXAMPLE_STATE), undefined, README_SINCE, NOW, README_DECLARED);
/** The same status had the model declared `parse` done: its row and the line that explains the mark. */
const [, , MODEL_ROW = '', , , MODEL_LEGEND = ''] = formatStatus(snapshotOf(EXAMPLE_STATE), undefined, README_SINCE, NOW, new Map([['parse', 'model']])).split('\n');
/** The README's export example: the same state. */
const README_EXPORT = formatExport(snapshotOf(EXAMPLE_STATE), README_SINCE, README_DECLARED) ?? '';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The page the README links for what sessions keep. */
const sessionsPage = readFileSync(new URL('../docs/sessions.md', import.meta.url), 'utf8');
const terminalUiPage = readFileSync(new URL('../docs/terminal-ui.md', import.meta.url), 'utf8');

/** The fenced code blocks of a page but its shell commands, in order, without their fences. */
function codeBlocks(page: string): string[] {
  const blocks = Array.from(page.matchAll(/^```([a-z]*)\n([\s\S]*?)\n```$/gmu));
  return blocks.filter((match) => match[1] !== 'sh').map((match) => match[2] ?? '');
}

describe('README', () => {
  it('shows the status format verbatim, and the mark of a status the model declared', () => {
    expect(readme).toContain(formatStatus(EMPTY_SNAPSHOT));
    expect(readme).toContain(README_STATUS);
    expect(readme).toContain(`\`${MODEL_ROW}\``);
    expect(readme).toContain(`\`${MODEL_LEGEND}\``);
  });

  it('shows the usage line, and the replies it quotes as the formatter writes them', () => {
    expect(readme).toContain(USAGE);
    const messages = readme.split('\n### Messages\n')[1]?.split('\n### ')[0] ?? '';
    const parse = snapshotOf({ workItems: [{ id: 'parse', content: 'P' }] });
    for (const quoted of [
      formatChange({ kind: 'changed', mutation: { kind: 'set_objective', objective: 'x' }, previous: snapshotOf(), snapshot: snapshotOf() }),
      formatChange({ kind: 'changed', mutation: { kind: 'add_work_item', id: 'parse', content: 'P' }, previous: snapshotOf(), snapshot: parse }),
      formatChange({ kind: 'changed', mutation: { kind: 'set_status', id: 'parse', status: 'done' }, previous: parse, snapshot: parse }),
      formatNoChange({ reason: 'same_status', id: 'parse', status: 'done' }),
      formatRejection({ code: 'unknown_work_item', id: 'pasre', recorded: ['parse', 'format', 'docs'] }, 'person'),
    ]) {
      expect(messages.replace(/\s+/gu, ' ')).toContain(quoted);
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
      README_EXPORT,
      // The rejection the Messages section quotes: the test above.
      formatRejection({ code: 'unknown_work_item', id: 'pasre', recorded: ['parse', 'format', 'docs'] }, 'person'),
      // Also typed into the real Pi by test/e2e/scenarios/first-run.ts and pnpm smoke.
      [...FIRST_SMOKE_RUN, 'status'].map((args) => `/agent-state ${args}`).join('\n'),
    ]);
    // The capture: test/e2e/terminal-ui.test.ts draws it again in the real Pi 1.6.0.
    expect(codeBlocks(terminalUiPage)).toEqual([expect.stringMatching(/^ Record the docs work\n/u)]);
    // docs/messages.md is written by test/messages-doc.test.ts, which holds its every line true.
    for (const page of readdirSync(new URL('../docs/', import.meta.url)).filter((name) => name !== 'terminal-ui.md' && name !== 'messages.md')) {
      expect(codeBlocks(readFileSync(new URL(`../docs/${page}`, import.meta.url), 'utf8')), page).toEqual([]);
    }
  });
});
