import { readFile } from 'node:fs/promises';
import { describeEachPi, useSharedRpcClient, type PiRpcClient } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { USAGE as GUARD_USAGE, formatList, formatRejection as formatGuardRejection } from '../../agent-context-guard-pi/src/format.js';
import { formatFooter as formatGuardFooter } from '../../agent-context-guard-pi/src/ui/footer.js';
import { changeText as guardChangeText, guardState, protectedText } from '../../agent-context-guard-pi/test/expected-messages.js';
import { NOT_SAVED_YET, formatClearPreview, formatPanelVisibility } from '../../agent-state-pi/src/format.js';
import { FOOTER_NOT_SAVED } from '../../agent-state-pi/src/ui/footer.js';
import { PANEL_MAX_LINES } from '../../agent-state-pi/src/ui/panel.js';
import { addedText, changeText, statusChangeText } from '../../agent-state-pi/test/expected-messages.js';
import { snapshotOf } from '../../agent-state-pi/test/snapshots.js';
import { branchOfFile, savedView, screenOf, type SavedView } from '../../agent-state-pi/test/e2e/support/real-pi.js';
import { BOTH_EXTENSIONS } from './support/real-pi-with-both-adapters.js';

// Both adapters as an editor integration meets them: Pi's own RpcClient, imported from the Pi package
// under test. 0.73.1 and 0.76.0 have no ctx.mode (the surface is read from their RPC ui), 0.78.1
// is the first line with it.

const PANEL = 'agent-state';
const FOOTER = 'agent-state';
const GUARD_FOOTER = 'context-guard';
const LOC_ONLY = guardState([['loc', 'fact', 'The exporter lives in export.ts']]);
const SHIP_AND_LOC = guardState([['ship', 'goal', 'Ship the CSV export', true], ['loc', 'fact', 'The exporter lives in export.ts']]);
const WAIT_MS = 20_000;
/** The scene issue 22 found the panel hiding the work in hand in: 24 items, w1 done, w20 in_progress, w22 blocked. */
const WORK_IN_HAND_COMMANDS = [
  '/agent-state objective Ship the CSV export',
  ...Array.from({ length: 24 }, (_, index) => `/agent-state add w${String(index + 1)} Item ${String(index + 1)}`),
  '/agent-state set w1 done',
  '/agent-state set w20 in_progress',
  '/agent-state set w22 blocked',
];
const BEFORE_CLEAR = snapshotOf({ objective: 'Ship it', workItems: [{ id: 'parse', content: 'Parse the arguments' }] });

/**
 * What the client must show now: the footer and panel drawn from the saved state. A model turn first makes
 * Pi write the session file (it writes none before the first reply); the turn changes nothing recorded.
 */
async function savedScreen(pi: PiRpcClient): Promise<ReturnType<typeof screenOf> & { readonly view: SavedView }> {
  pi.model.enqueue({ text: 'Noted.' });
  const settled = pi.client.waitForIdle(WAIT_MS);
  await pi.client.prompt('Go on.');
  await settled;
  const { sessionFile } = await pi.client.getState();
  if (sessionFile === undefined) throw new Error('Pi reports no session file');
  const view = savedView(branchOfFile(await readFile(sessionFile, 'utf8')));
  return { ...screenOf(view), view };
}

describeEachPi(
  'both adapters in an RPC client',
  (target) => {
    const client = useSharedRpcClient(target, BOTH_EXTENSIONS);

    /** Runs `/agent-state <args>` and returns the replies it notified. */
    async function run(args: string): Promise<string[]> {
      return (await client().notifiedBy(`/agent-state ${args}`)).map((notification) => notification.message);
    }

    /** Runs `/context-guard <args>` and returns the replies it notified. */
    async function guard(args: string): Promise<string[]> {
      return (await client().notifiedBy(`/context-guard ${args}`)).map((notification) => notification.message);
    }

    it("receives the panel as plain lines and the footer without a terminal separator, after a person's change and the model's, each saying the session is not saved until the model answers", async () => {
      const pi = client();
      const unsaved = (reply: string): string => `${reply} ${NOT_SAVED_YET}`;
      expect(pi.widget(PANEL)).toBeUndefined();
      expect(await run('objective Ship the CSV export')).toEqual([unsaved(changeText({ kind: 'set_objective', objective: 'Ship the CSV export' }))]);
      expect(await run('add parse Parse the arguments')).toEqual([unsaved(addedText('parse'))]);
      expect(pi.status(FOOTER)?.endsWith(` · ${FOOTER_NOT_SAVED}`)).toBe(true);
      // The model's first answer makes Pi write the session: the footer and later replies no longer say it.
      let saved = await savedScreen(pi);
      expect(pi.widget(PANEL)).toEqual(saved.panel);
      expect(pi.status(FOOTER)).toBe(saved.footer);

      expect(await run('add fmt Format the rows')).toEqual([addedText('fmt')]);
      expect(await run('set fmt blocked')).toEqual([statusChangeText('fmt', 'open', 'blocked')]);
      pi.model.enqueue({ toolCalls: [{ name: 'agent_state_set_work_item_status', arguments: { id: 'parse', status: 'done' } }] }, { text: 'Done.' });
      const settled = pi.client.waitForIdle(WAIT_MS);
      await pi.client.prompt('Finish the parser.');
      await settled;
      saved = await savedScreen(pi);
      expect(saved.view.state.workItems.map((item) => item.status)).toEqual(['done', 'blocked']);
      expect(pi.widget(PANEL)).toEqual(saved.panel);
      expect(pi.widget(PANEL)).toHaveLength(2);
      expect(pi.status(FOOTER)).toBe(saved.footer);

      const sent = pi.widgetUpdates(PANEL).flatMap((update) => update.lines ?? []);
      expect(sent.filter((line) => line.includes('\u001b'))).toEqual([]);
      expect(pi.statusUpdates(FOOTER).filter((update) => update.text?.includes('│') === true)).toEqual([]);
    });

    it('is cleared by panel off, by clear --yes and by a new session, and sent again by panel on, each reply saying what the client gets', async () => {
      const pi = client();
      expect(await run('panel on')).toEqual([formatPanelVisibility(true, 'client', snapshotOf())]);
      await run('objective Ship it');
      await run('add parse Parse the arguments');
      const beforeOff = pi.mark();
      expect(await run('panel off')).toEqual([formatPanelVisibility(false, 'client', BEFORE_CLEAR)]);
      expect(pi.widgetUpdates(PANEL, beforeOff)).toEqual([{ key: PANEL, lines: undefined }]);
      await run('add docs Write the README');
      expect(pi.widget(PANEL)).toBeUndefined();
      const saved = await savedScreen(pi);
      expect(pi.status(FOOTER)).toBe(saved.footer);
      expect(await run('panel on')).toEqual([formatPanelVisibility(true, 'client', saved.view.state)]);
      expect(pi.widget(PANEL)).toEqual(saved.panel);

      await run('remove docs');
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

    it("receives the lines of the scene of issue 22 within the terminal's row budget: in_progress and blocked first, what was left out counted", async () => {
      const pi = client();
      for (const command of WORK_IN_HAND_COMMANDS) {
        await pi.notifiedBy(command);
      }
      const saved = await savedScreen(pi);
      expect(pi.widget(PANEL)).toEqual(saved.panel);
      expect(pi.widget(PANEL)).toHaveLength(PANEL_MAX_LINES);
      expect(pi.status(FOOTER)).toBe(saved.footer);
    });

    it("receives Context Guard's every reply as a notification and its footer without a terminal separator, following every change until a new session", async () => {
      const pi = client();
      expect(pi.status(GUARD_FOOTER)).toBeUndefined();
      expect(await guard('add ship goal --critical Ship the CSV export')).toEqual([protectedText('ship', 'goal', true)]);
      expect(await guard('add loc fact The exporter lives in export.ts')).toEqual([protectedText('loc', 'fact')]);
      expect(pi.status(GUARD_FOOTER)).toBe(formatGuardFooter(SHIP_AND_LOC));
      expect(await guard('remove ship')).toEqual([guardChangeText({ kind: 'remove', id: 'ship' })]);
      expect(pi.status(GUARD_FOOTER)).toBe(formatGuardFooter(LOC_ONLY));
      expect(await guard('list')).toEqual([formatList(LOC_ONLY)]);
      expect(await guard('remove nope')).toEqual([formatGuardRejection({ code: 'unknown_item', id: 'nope', recorded: ['loc'] }, 'person')]);
      expect(await guard('frobnicate')).toEqual([GUARD_USAGE]);
      expect(await guard('clear --yes')).toEqual([guardChangeText({ kind: 'clear' }, LOC_ONLY)]);
      expect(pi.status(GUARD_FOOTER)).toBeUndefined();
      await guard('add loc fact The exporter lives in export.ts');
      expect(pi.status(GUARD_FOOTER)).toBe(formatGuardFooter(LOC_ONLY));
      await pi.client.newSession();
      expect(pi.status(GUARD_FOOTER)).toBeUndefined();
      expect(pi.statusUpdates(GUARD_FOOTER).filter((update) => update.text?.includes('│') === true)).toEqual([]);
    });
  },
  { lines: 'all', versions: ['0.73.1', '0.76.0', '0.78.1', '0.84.2', '1.6.0'] },
);
