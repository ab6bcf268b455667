import { appendFile, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { describeEachPi, type PiDriver, type PiEvent } from '@j1nn0/pi-real-hosts';
import { startPiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { expect, it } from 'vitest';
import { INTERNAL_FAILURE } from '../../src/format.js';
import { FOOTER_STATUS_KEY } from '../../src/ui/footer.js';
import { PANEL_WIDGET_KEY } from '../../src/ui/panel.js';
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
  stateEntries,
  statusOf,
  statusReply,
  useAgentStatePi,
  type SavedView,
} from './support/real-pi.js';

// What a crash, a torn write and a full disk leave behind, and what the next start shows. Each Pi start
// costs a second or more, so each test shows one fault whole: the adapter's part and what Pi does.

/** A last line cut off in the middle of an entry, as a crash during a write leaves it. */
const TORN_LINE = '{"type":"custom","customType":"agent-state-state","data":{"schemaVersion":1,"sta';

type ChangeKind = 'command' | 'tool call' | 'tool call start';

function isChangeOf(kind: ChangeKind, event: PiEvent): boolean {
  // A command's saved change is told in an info notice (the burst's commands all add).
  if (kind === 'command') return event.type === 'extension_ui_request' && event['method'] === 'notify' && (event['notifyType'] ?? 'info') === 'info';
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
function viewOfFile(text: string): SavedView {
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

  /**
   * Sends a burst of four commands and one assistant message with four tool calls, SIGKILLs Pi at the
   * `killAfter`-th change of `kind`, and returns the session file and what the adapter must show of it.
   */
  async function killDuringBurst(kind: ChangeKind, killAfter: number): Promise<{ file: string; expected: SavedView }> {
    const file = await savedSession();
    pi().model.enqueue(
      { toolCalls: [1, 2, 3, 4].map((n) => ({ name: 'agent_state_add_work_item', arguments: { id: `tool${n}`, content: `Tool ${n}` } })) },
      { text: 'Recorded four.' },
    );
    const mark = pi().events().length;
    const sent = ['/agent-state add cmd1 Command 1', '/agent-state add cmd2 Command 2', 'Record four items.', '/agent-state add cmd3 Command 3', '/agent-state add cmd4 Command 4'].map(
      (message) => pi().send({ type: 'prompt', message }),
    );
    await waitForChanges(pi(), mark, kind, killAfter);
    await pi().kill();
    await Promise.allSettled(sent);
    const text = await readFile(file, 'utf8');
    // Each entry is one append of one whole line: a kill leaves no partial line behind.
    expect(text.endsWith('\n')).toBe(true);
    return { file, expected: viewOfFile(text) };
  }

  /** Restarts Pi and checks it shows `expected` silently: the footer it draws and the status it answers. */
  async function expectShownAfterRestart(expected: SavedView): Promise<void> {
    const mark = pi().events().length;
    const notificationMark = pi().notifications().length;
    await pi().restart();
    expect(notificationsAfter(pi(), notificationMark)).toEqual([]);
    expect(pi().statusUpdates(FOOTER_STATUS_KEY, mark).map((update) => update.text)).toEqual([screenOf(expected).footer]);
    expect(await statusReply(pi())).toBe(statusOf(expected));
  }

  // Kill points inside the burst; tool call 1 is the torn line's test, command 1 the terminal's (the last).
  it.each<[ChangeKind, number]>([
    ['tool call start', 1],
    ['tool call start', 3],
  ])('shows exactly the newest complete saved state after a SIGKILL at %s %i of a burst', async (kind, killAfter) => {
    const { expected } = await killDuringBurst(kind, killAfter);
    await expectShownAfterRestart(expected);
  });

  it(`after a SIGKILL at tool call 1 of a burst and a torn last line, shows the newest complete entry; documents Pi: the entry appended after the torn line is ${faults.appendsOntoTornLine ? 'lost' : 'kept'} on the next load`, async () => {
    const { file, expected } = await killDuringBurst('tool call', 1);
    await appendFile(file, TORN_LINE);
    await expectShownAfterRestart(expected);

    await recordAll(pi(), ['add after After the torn line']);
    await pi().kill();
    await pi().restart();

    const text = await readFile(file, 'utf8');
    // Appended onto the torn line, the new entry shares a line that is not JSON, and Pi skips both.
    expect(text.split('\n').some((line) => line.startsWith(`${TORN_LINE}{`))).toBe(faults.appendsOntoTornLine);
    const shown = viewOfFile(text);
    expect(shown.state.workItems.some((item) => item.id === 'after')).toBe(!faults.appendsOntoTornLine);
    expect(await statusReply(pi())).toBe(statusOf(shown));
  });

  const cutsBranch = faults.keepsUnwrittenEntry;
  it(`refuses a change it cannot save on a full disk, keeps the state shown and records the next change; documents Pi: after the failed write a restart ${cutsBranch ? 'loses everything before the failure' : 'keeps the whole branch'}`, async () => {
    const file = await savedSession();
    const statusBefore = await statusReply(pi());
    const saved = await fillDisk(file);
    const mark = pi().events().length;

    expect(await runAgentState(pi(), 'add lost Never saved')).toEqual([{ message: INTERNAL_FAILURE, notifyType: 'error' }]);
    // Neither the footer nor the panel is redrawn (RPC forwards both).
    expect([...pi().statusUpdates(FOOTER_STATUS_KEY, mark), ...pi().widgetUpdates(PANEL_WIDGET_KEY, mark)]).toEqual([]);
    expect(await statusReply(pi())).toBe(statusBefore);

    await freeDisk(file, saved);
    await recordAll(pi(), ['add kept Saved after the disk has room']);
    expect(viewOfFile(await readFile(file, 'utf8')).state.workItems.map((item) => item.id)).toEqual(['base', 'kept']);
    await completeModelTurn(pi(), 'A turn after the disk has room again.');
    const messagesBefore = (await pi().getState()).messageCount;

    await pi().restart();

    // Where Pi keeps the unwritten entry as the leaf, what follows hangs off an entry the file lacks: the
    // branch it loads starts after the failure, without the earlier turn and the two earlier states.
    const text = await readFile(file, 'utf8');
    expect((await pi().getState()).messageCount < messagesBefore).toBe(cutsBranch);
    expect(stateEntries(branchOfFile(text))).toHaveLength(cutsBranch ? 1 : 3);
    expect(await statusReply(pi())).toBe(statusOf(viewOfFile(text)));
  });

  // Last: the RPC Pi is not started again after this kill.
  it('shows the newest complete saved state in the footer and the panel of the terminal UI after a SIGKILL at command 1 of a burst', async () => {
    const { file, expected } = await killDuringBurst('command', 1);
    const { footer = '', panel } = screenOf(expected);

    const terminal = await startPiTerminal({ ...target, sandbox: pi().sandbox, model: pi().model, extensions: [EXTENSION_PATH], sessionFile: file, cols: 100, rows: 30 });
    try {
      await terminal.waitUntil((screen) => screen.includes(footer) && panel.every((line) => screen.includes(line)), 'the footer and the panel');
      const unsaved = ['cmd1', 'cmd2', 'cmd3', 'cmd4', 'tool1', 'tool2', 'tool3', 'tool4'].filter((id) => !expected.state.workItems.some((item) => item.id === id));
      expect(unsaved.filter((id) => terminal.screenText().includes(` ${id}: `))).toEqual([]);
    } finally {
      await terminal.dispose();
    }
  });
});
