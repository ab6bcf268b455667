import { appendFile, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { describeEachPi, type PiDriver, type PiEvent } from '@j1nn0/pi-real-hosts';
import { startPiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { expect, it } from 'vitest';
import { INTERNAL_FAILURE } from '../../src/format.js';
import { FOOTER_STATUS_KEY } from '../../src/ui/footer.js';
import { PANEL_WIDGET_KEY } from '../../src/ui/panel.js';
import { EMPTY_SNAPSHOT } from '../snapshots.js';
import {
  EXTENSION_PATH,
  branchOfFile,
  completeModelTurn,
  notificationsAfter,
  recordAll,
  runAgentState,
  savedView,
  screenOf,
  sessionFileOf,
  statusOf,
  statusReply,
  useAgentStatePi,
} from './support/real-pi.js';

// What a crash, a torn write and a full disk leave behind, and what the next start shows.

function isFooterRecord(event: PiEvent): boolean {
  return event.type === 'extension_ui_request' && event['method'] === 'setStatus' && event['statusKey'] === FOOTER_STATUS_KEY;
}

/** Footer texts Pi was asked to show from record `mark` on (undefined clears it). */
function footersSince(pi: PiDriver, mark: number): (string | undefined)[] {
  return pi
    .events()
    .slice(mark)
    .filter(isFooterRecord)
    .map((event) => (typeof event['statusText'] === 'string' ? event['statusText'] : undefined));
}

/** Footer and panel updates Pi was asked to draw from record `mark` on (RPC forwards both). */
function screenUpdatesSince(pi: PiDriver, mark: number): PiEvent[] {
  return pi
    .events()
    .slice(mark)
    .filter(
      (event) =>
        isFooterRecord(event) ||
        (event.type === 'extension_ui_request' && event['method'] === 'setWidget' && event['widgetKey'] === PANEL_WIDGET_KEY),
    );
}

type ChangeKind = 'command' | 'tool call' | 'tool call start';

function isChangeOf(kind: ChangeKind, event: PiEvent): boolean {
  if (kind === 'command') {
    return event.type === 'extension_ui_request' && event['method'] === 'notify' && String(event['message']).startsWith('Added');
  }
  const type = kind === 'tool call' ? 'tool_execution_end' : 'tool_execution_start';
  return event.type === type && String(event['toolName']).startsWith('agent_state_add');
}

/** Waits until Pi has reported the `count`-th recorded change of `kind` since record `mark`. */
async function waitForChanges(pi: PiDriver, mark: number, kind: ChangeKind, count: number): Promise<void> {
  let seen = 0;
  await pi.waitFor((event) => isChangeOf(kind, event) && ++seen >= count, 20_000, mark);
}

/** Replaces the session file with a link to /dev/full: writes fail with ENOSPC, even for root. */
async function fillDisk(file: string): Promise<string> {
  const saved = await readFile(file, 'utf8');
  await rm(file);
  await symlink('/dev/full', file);
  return saved;
}

async function freeDisk(file: string, saved: string): Promise<void> {
  await rm(file);
  await writeFile(file, saved);
}

/** What the adapter must show after Pi opens `text`: its newest complete saved state on the branch of its last entry. */
function viewOfFile(text: string): ReturnType<typeof savedView> {
  return savedView(branchOfFile(text));
}

describeEachPi('agent-state-pi under faults in the real Pi', (target) => {
  const pi = useAgentStatePi(target);
  const { faults } = target.version;
  if (faults === undefined) throw new Error(`the faults of Pi ${target.version.label} are not in its line facts`);

  /** A session whose file exists (Pi writes none before the first assistant message). */
  async function savedSession(): Promise<string> {
    await recordAll(pi(), ['objective Survive faults', 'add base Base item']);
    await completeModelTurn(pi());
    return sessionFileOf(pi());
  }

  // Kill points inside a burst of four commands and one assistant message with four tool calls.
  it.each<[ChangeKind, number]>([
    ['command', 1],
    ['tool call start', 1],
    ['tool call start', 3],
    ['tool call', 1],
  ])(
    'shows exactly the newest complete saved state after a SIGKILL at %s %i of a burst',
    async (kind, killAfter) => {
      const file = await savedSession();
      pi().model.enqueue(
        {
          toolCalls: [1, 2, 3, 4].map((n) => ({ name: 'agent_state_add_work_item', arguments: { id: `tool${n}`, content: `Tool ${n}` } })),
        },
        { text: 'Recorded four.' },
      );
      const mark = pi().events().length;
      const sent = [
        pi().send({ type: 'prompt', message: '/agent-state add cmd1 Command 1' }),
        pi().send({ type: 'prompt', message: '/agent-state add cmd2 Command 2' }),
        pi().send({ type: 'prompt', message: 'Record four items.' }),
        pi().send({ type: 'prompt', message: '/agent-state add cmd3 Command 3' }),
        pi().send({ type: 'prompt', message: '/agent-state add cmd4 Command 4' }),
      ];

      await waitForChanges(pi(), mark, kind, killAfter);
      await pi().kill();
      await Promise.allSettled(sent);
      const text = await readFile(file, 'utf8');
      // Each entry is one append of one whole line: a kill leaves no partial line behind.
      expect(text.endsWith('\n')).toBe(true);
      const expected = viewOfFile(text);
      const restartMark = pi().events().length;
      const notificationMark = pi().notifications().length;

      await pi().restart();

      expect(notificationsAfter(pi(), notificationMark)).toEqual([]);
      expect(footersSince(pi(), restartMark)).toEqual([screenOf(expected).footer]);
      expect(await statusReply(pi())).toBe(statusOf(expected));
    },
  );

  it('shows the newest complete saved state in the footer and the panel of the interactive UI after a SIGKILL', async () => {
    const file = await savedSession();
    const mark = pi().events().length;
    const sent = ['add cmd1 Command 1', 'add cmd2 Command 2', 'add cmd3 Command 3'].map((args) =>
      pi().send({ type: 'prompt', message: `/agent-state ${args}` }),
    );
    await waitForChanges(pi(), mark, 'command', 1);
    await pi().kill();
    await Promise.allSettled(sent);
    const newest = viewOfFile(await readFile(file, 'utf8'));
    const { footer = '', panel } = screenOf(newest);

    const terminal = await startPiTerminal({ ...target, sandbox: pi().sandbox, model: pi().model, extensions: [EXTENSION_PATH], sessionFile: file, cols: 100, rows: 30 });
    try {
      await terminal.waitUntil((screen) => screen.includes(footer) && panel.every((line) => screen.includes(line)), 'the footer and the panel');
      const unsaved = ['cmd1', 'cmd2', 'cmd3'].filter((id) => !newest.state.workItems.some((item) => item.id === id));
      expect(unsaved.filter((id) => terminal.screenText().includes(` ${id}: `))).toEqual([]);
    } finally {
      await terminal.dispose();
    }
    // The next test drives the RPC Pi again.
    await pi().restart();
  });

  it('skips a torn last line on load and shows the newest complete entry', async () => {
    const file = await savedSession();
    await recordAll(pi(), ['add next Next item']);
    await pi().kill();
    const before = await readFile(file, 'utf8');
    await appendFile(file, '{"type":"custom","customType":"agent-state-state","data":{"schemaVersion":1,"sta');
    const expected = viewOfFile(before);
    const mark = pi().events().length;
    const notificationMark = pi().notifications().length;

    await pi().restart();

    expect(notificationsAfter(pi(), notificationMark)).toEqual([]);
    expect(footersSince(pi(), mark)).toEqual([screenOf(expected).footer]);
    expect(await statusReply(pi())).toBe(statusOf(expected));
  });

  it(`documents Pi: the entry appended after a torn last line is ${faults.appendsOntoTornLine ? 'lost' : 'kept'} on the next load`, async () => {
    const file = await savedSession();
    await pi().kill();
    await appendFile(file, '{"type":"custom","customType":"agent-state-state","data":{"schemaVersion":1,"sta');
    await pi().restart();
    await recordAll(pi(), ['add after After the torn line']);
    await pi().kill();

    await pi().restart();

    const text = await readFile(file, 'utf8');
    // Appended onto the torn line, the new entry shares a line that is not JSON, and Pi skips both.
    expect(text.split('\n').some((line) => line.startsWith('{"type":"custom","customType":"agent-state-state","data":{"schemaVersion":1,"sta{'))).toBe(
      faults.appendsOntoTornLine,
    );
    const shown = viewOfFile(text);
    expect(shown.state.workItems.some((item) => item.id === 'after')).toBe(!faults.appendsOntoTornLine);
    expect(await statusReply(pi())).toBe(statusOf(shown));
  });

  it('refuses a change it cannot save on a full disk, keeps the state shown, and records the next change', async () => {
    const file = await savedSession();
    const statusBefore = await statusReply(pi());
    const saved = await fillDisk(file);
    const mark = pi().events().length;

    const refused = await runAgentState(pi(), 'add lost Never saved');

    expect(refused).toEqual([{ message: INTERNAL_FAILURE, notifyType: 'error' }]);
    expect(screenUpdatesSince(pi(), mark)).toEqual([]);
    expect(await statusReply(pi())).toBe(statusBefore);

    await freeDisk(file, saved);
    await recordAll(pi(), ['add kept Saved after the disk has room']);
    const after = viewOfFile(await readFile(file, 'utf8'));
    expect(after.state.workItems.map((item) => item.id)).toEqual(['base', 'kept']);
    expect(await statusReply(pi())).toBe(statusOf(after));

    await pi().restart();
    expect(await statusReply(pi())).toBe(statusOf(after));
  });

  const cutsBranch = faults.keepsUnwrittenEntry;
  it(`documents Pi: after a write failed on a full disk, a restart ${cutsBranch ? 'loses everything before the failure' : 'keeps the whole branch'}`, async () => {
    const file = await savedSession();
    const statusBefore = await statusReply(pi());
    const saved = await fillDisk(file);
    expect(await runAgentState(pi(), 'add lost Never saved')).toEqual([{ message: INTERNAL_FAILURE, notifyType: 'error' }]);
    await freeDisk(file, saved);
    await completeModelTurn(pi(), 'A turn after the disk has room again.');
    const messagesBefore = (await pi().getState()).messageCount;

    await pi().restart();

    const messagesAfter = (await pi().getState()).messageCount;
    if (cutsBranch) {
      // The turn after the failure names the unwritten entry as its parent, so the loaded branch starts there.
      expect(messagesAfter).toBeLessThan(messagesBefore);
      expect(await statusReply(pi())).toBe(statusOf({ state: EMPTY_SNAPSHOT, since: new Map() }));
    } else {
      expect(messagesAfter).toBe(messagesBefore);
      expect(await statusReply(pi())).toBe(statusBefore);
    }
  });
});
