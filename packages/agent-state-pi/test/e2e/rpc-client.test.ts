import { describeEachPi, useSharedRpcClient } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { formatClearPreview, formatPanelVisibility } from '../../src/format.js';
import { addedText, changeText } from '../expected-messages.js';
import { snapshotOf, linesWithoutTimes } from '../snapshots.js';
import { EXTENSION_PATH } from './support/real-pi.js';
import { WORK_IN_HAND_FOOTER, WORK_IN_HAND_PANEL, WORK_IN_HAND_STEPS } from './support/work-in-hand.js';

// Agent State as an editor integration meets it: Pi's own RpcClient, imported from the Pi package
// under test. 0.73.1 and 0.76.0 have no ctx.mode (the surface is read from their RPC ui), 0.78.1
// is the first line with it.

const PANEL = 'agent-state';
const FOOTER = 'agent-state';
const WAIT_MS = 20_000;
const PARSE_ONLY = snapshotOf({ workItems: [{ id: 'parse', content: 'Parse the arguments' }] });
const BEFORE_CLEAR = snapshotOf({ objective: 'Ship it', workItems: [{ id: 'parse', content: 'Parse the arguments' }] });

describeEachPi(
  'agent-state-pi in an RPC client',
  (target) => {
    const client = useSharedRpcClient(target, [EXTENSION_PATH]);

    /** Runs `/agent-state <args>` and returns the replies it notified. */
    async function run(args: string): Promise<string[]> {
      return (await client().notifiedBy(`/agent-state ${args}`)).map((notification) => notification.message);
    }

    it('receives the panel as plain lines after every change, and the footer without a terminal separator', async () => {
      const pi = client();
      expect(pi.widget(PANEL)).toBeUndefined();
      expect(await run('objective Ship the CSV export')).toEqual([changeText({ kind: 'set_objective', objective: 'Ship the CSV export' })]);
      expect(linesWithoutTimes(pi.widget(PANEL))).toEqual(['Agent State · Ship the CSV export']);
      expect(pi.status(FOOTER)).toBe('Agent State: no work items');

      expect(await run('add parse Parse the arguments')).toEqual([addedText('parse')]);
      expect(await run('add fmt Format the rows')).toEqual([addedText('fmt')]);
      expect(linesWithoutTimes(pi.widget(PANEL))).toEqual([
        'Agent State · Ship the CSV export · 0/2 done',
        '  [open] parse: Parse the arguments',
        '  [open] fmt: Format the rows',
      ]);
      expect(await run('set parse done')).toEqual(['Work item "parse": open -> done.']);
      expect(await run('set fmt blocked')).toEqual(['Work item "fmt": open -> blocked.']);
      expect(linesWithoutTimes(pi.widget(PANEL))).toEqual(['Agent State · Ship the CSV export · 1/2 done', '  [blocked] fmt: Format the rows']);
      expect(pi.status(FOOTER)).toBe('Agent State 1/2 done, 1 blocked');

      const sent = pi.widgetUpdates(PANEL).flatMap((update) => update.lines ?? []);
      expect(sent.filter((line) => line.includes('\u001b'))).toEqual([]);
      expect(pi.statusUpdates(FOOTER).filter((update) => update.text?.includes('│') === true)).toEqual([]);
    });

    it('follows a change the model made through a tool', async () => {
      const pi = client();
      await run('add parse Parse the arguments');
      pi.model.enqueue(
        { toolCalls: [{ name: 'agent_state_set_work_item_status', arguments: { id: 'parse', status: 'in_progress' } }] },
        { text: 'Started.' },
      );
      const settled = pi.client.waitForIdle(WAIT_MS);
      await pi.client.prompt('Start on the parser.');
      await settled;
      expect(pi.model.pendingSteps()).toBe(0);
      expect(linesWithoutTimes(pi.widget(PANEL))).toEqual(['Agent State · no objective · 0/1 done', '  [in_progress] parse: Parse the arguments']);
      expect(pi.status(FOOTER)).toBe('Agent State 0/1 done');
    });

    it('is cleared by panel off and sent again by panel on, each reply saying what the client gets', async () => {
      const pi = client();
      expect(await run('panel on')).toEqual([formatPanelVisibility(true, 'client', snapshotOf())]);
      await run('add parse Parse the arguments');
      const beforeOff = pi.mark();
      expect(await run('panel off')).toEqual([formatPanelVisibility(false, 'client', PARSE_ONLY)]);
      expect(pi.widgetUpdates(PANEL, beforeOff)).toEqual([{ key: PANEL, lines: undefined }]);
      await run('add docs Write the README');
      expect(pi.widget(PANEL)).toBeUndefined();
      expect(pi.status(FOOTER)).toBe('Agent State 0/2 done');

      expect(await run('panel on')).toEqual([formatPanelVisibility(true, 'client', PARSE_ONLY)]);
      expect(linesWithoutTimes(pi.widget(PANEL))).toEqual([
        'Agent State · no objective · 0/2 done',
        '  [open] parse: Parse the arguments',
        '  [open] docs: Write the README',
      ]);
    });

    it('is cleared with the footer by clear --yes, and by a new session', async () => {
      const pi = client();
      await run('objective Ship it');
      await run('add parse Parse the arguments');
      expect(await run('clear')).toEqual([formatClearPreview(BEFORE_CLEAR)]);
      expect(pi.widget(PANEL)).toHaveLength(2);
      expect(await run('clear --yes')).toEqual([changeText({ kind: 'clear' }, BEFORE_CLEAR)]);
      expect(pi.widget(PANEL)).toBeUndefined();
      expect(pi.status(FOOTER)).toBeUndefined();

      await run('add parse Parse the arguments');
      expect(pi.widget(PANEL)).toHaveLength(2);
      await pi.client.newSession();
      expect(pi.widget(PANEL)).toBeUndefined();
      expect(pi.status(FOOTER)).toBeUndefined();
    });

    it('keeps to the panel row budget of the terminal', async () => {
      const pi = client();
      for (let index = 1; index <= 8; index++) {
        await run(`add w${index} Item ${index}`);
      }
      expect(linesWithoutTimes(pi.widget(PANEL))).toEqual([
        'Agent State · no objective · 0/8 done',
        '  [open] w1: Item 1',
        '  [open] w2: Item 2',
        '  [open] w3: Item 3',
        '  [open] w4: Item 4',
        '  +4 more: 4 open',
      ]);
    });

    it('receives the lines of the scene of issue 22: in_progress and blocked first, what was left out counted', async () => {
      const pi = client();
      for (const { command } of WORK_IN_HAND_STEPS) {
        await pi.notifiedBy(command);
      }
      expect(linesWithoutTimes(pi.widget(PANEL))).toEqual(WORK_IN_HAND_PANEL);
      expect(pi.status(FOOTER)).toBe(WORK_IN_HAND_FOOTER);
    });
  },
  { lines: 'all', versions: ['0.73.1', '0.76.0', '0.78.1', '0.84.2', '1.6.0'] },
);
