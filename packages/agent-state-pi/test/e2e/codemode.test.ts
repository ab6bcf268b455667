import {
  CODEMODE_ONLY_SETTINGS,
  PI_E2E_TIMEOUT_MS,
  codemodeCall,
  describeEachPi,
  readSessionJsonl,
  runCodemodeScript,
  useSharedPi,
  type PiDriver,
  type PiEvent,
} from '@j1nn0/pi-real-hosts';
import { startPiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { expect, it } from 'vitest';
import { formatRejection } from '../../src/format.js';
import { stateHistory } from '../../src/history.js';
import { toAgentStateOutput } from '../../src/structured-output.js';
import { describeChange } from '../../src/ui/change-line.js';
import { FOOTER_STATUS_KEY } from '../../src/ui/footer.js';
import { PANEL_WIDGET_KEY } from '../../src/ui/panel.js';
import { addedText, decidedText, statusChangeText } from '../expected-messages.js';
import { snapshotOf } from '../snapshots.js';
import { EXTENSION_PATH, recordAll, savedView, screenOf, stateEntries, viewsAfterEachSave } from './support/real-pi.js';
import { footerStatusLine, panelRows } from './support/terminal-ui.js';

// Pi 1.6's codemode with `mode: "only"`: the model sees one tool, `codemode`, and reaches ours from
// a JavaScript script. The built extension, a scripted model, the real Pi in RPC mode and in a terminal.

const PARSE = { id: 'parse', content: 'Parse the arguments' };
const DOCS = { id: 'docs', content: 'Write the README', status: 'blocked' } as const;
const DECISION = { id: 'pure-core', content: 'Keep the core free of Pi imports' };

const MUTATIONS_SCRIPT = `
const replies = await Promise.all([
  tools.agent_state_add_work_item(${JSON.stringify(PARSE)}),
  tools.agent_state_add_work_item(${JSON.stringify(DOCS)}),
  tools.agent_state_set_work_item_status({ id: 'parse', status: 'done' }),
  tools.agent_state_add_decision(${JSON.stringify(DECISION)}),
]);
return JSON.stringify(replies);`;

/** The states the four calls of MUTATIONS_SCRIPT save, in call order. */
const STATES_IN_CALL_ORDER = [
  snapshotOf({ workItems: [PARSE] }),
  snapshotOf({ workItems: [PARSE, DOCS] }),
  snapshotOf({ workItems: [{ ...PARSE, status: 'done' }, DOCS] }),
  snapshotOf({ workItems: [{ ...PARSE, status: 'done' }, DOCS], decisions: [DECISION] }),
];

function uiRequests(pi: PiDriver, mark: number, method: string, keyField: string, key: string): PiEvent[] {
  return pi
    .events()
    .slice(mark)
    .filter((event) => event.type === 'extension_ui_request' && event['method'] === method && event[keyField] === key);
}

describeEachPi(
  'agent-state-pi in codemode',
  (target) => {
    const pi = useSharedPi(target, [EXTENSION_PATH], { settings: CODEMODE_ONLY_SETTINGS });

    it('offers the model only codemode, whose description types agent_state_get as an object', async () => {
      pi().model.enqueue({ text: 'Hello.' });
      await pi().prompt('Which tools do you have?');
      const [request] = pi().model.chatRequests();
      expect(request?.toolNames).toEqual(['codemode']);
      const description = request?.tools[0]?.description ?? '';
      expect(description).toMatch(/agent_state_get\(args: [^)]*\): Promise<\{ decisions: [\s\S]*objective\?: string; workItems: /u);
      // The history's changes, typed by kind, so a script knows which fields each one has.
      expect(description).toMatch(/history: \{[\s\S]*\{ id: string; kind: "status_set"; status: "open" \| "in_progress" \| "blocked" \| "done"; \}/u);
      expect(description).toMatch(/agent_state_add_work_item\(args: [^)]*\): Promise<string>/u);
    });

    it('agent_state_get resolves to the recorded state as an object, ids and statuses included', async () => {
      await recordAll(pi(), [
        'objective Ship the parser',
        'add parse Parse the arguments',
        'add docs Write the README',
        'set parse done',
        'decide pure-core Keep the core free of Pi imports',
      ]);

      const output = await runCodemodeScript(pi(), 'const state = await tools.agent_state_get({});\nreturn JSON.stringify({ type: typeof state, state });');

      // What agent_state_get gives a program (structured-output.test.ts has it by example), of the file's entries.
      const branch = await pi().readSessionFile();
      const { state, since, declared } = savedView(branch);
      const expected = toAgentStateOutput(state, since, stateHistory(branch as never), declared);
      expect(JSON.parse(output)).toEqual({ type: 'object', state: JSON.parse(JSON.stringify(expected)) as unknown });
      expect(expected.workItems.map((item) => [item.id, item.status])).toEqual([['parse', 'done'], ['docs', 'open']]);
      expect(expected.history.steps).toHaveLength(5);
    });

    it('saves the mutations of one Promise.all in call order, and the footer and the panel follow each', async () => {
      const mark = pi().events().length;

      const output = await runCodemodeScript(pi(), MUTATIONS_SCRIPT);

      expect(JSON.parse(output)).toEqual([
        addedText('parse'),
        addedText('docs', 'blocked'),
        statusChangeText('parse', 'open', 'done'),
        decidedText('pure-core'),
      ]);
      const saved = stateEntries(await pi().readSessionFile()).map((entry) => (entry['data'] as { state: unknown }).state);
      expect(saved).toEqual(STATES_IN_CALL_ORDER);
      // What a client receives: each saved entry as it is appended, then the footer it should show.
      const appended = pi()
        .events()
        .slice(mark)
        .flatMap((event) => (event.type === 'entry_appended' ? [event['entry'] as { customType?: string; data?: { state: unknown } }] : []))
        .filter((entry) => entry.customType === 'agent-state-state');
      expect(appended.map((entry) => entry.data?.state)).toEqual(STATES_IN_CALL_ORDER);
      // A client's footer carries no terminal separator, and its panel is plain lines: each drawn after each save.
      const screens = viewsAfterEachSave(await pi().readSessionFile()).map(screenOf);
      expect(uiRequests(pi(), mark, 'setStatus', 'statusKey', FOOTER_STATUS_KEY).map((event) => event['statusText'])).toEqual(screens.map((screen) => screen.footer));
      expect(uiRequests(pi(), mark, 'setWidget', 'widgetKey', PANEL_WIDGET_KEY).map((event) => event['widgetLines'])).toEqual(screens.map((screen) => screen.panel));
      // The script's history says the model asked for each change, in call order.
      const history = await runCodemodeScript(pi(), 'const { history } = await tools.agent_state_get({});\nreturn JSON.stringify(history.steps.map((step) => [step.by, step.changes]));');
      expect(JSON.parse(history)).toEqual([
        ['model', [{ kind: 'work_item_added', id: 'parse', status: 'open' }]],
        ['model', [{ kind: 'work_item_added', id: 'docs', status: 'blocked' }]],
        ['model', [{ kind: 'status_set', id: 'parse', status: 'done' }]],
        ['model', [{ kind: 'decision_added', id: 'pure-core' }]],
      ]);
    });

    it('a rejected call rejects with the short message, which the script can catch, and saves nothing', async () => {
      await recordAll(pi(), ['add parse Parse the arguments']);
      const code = `
const messages = [];
for (const call of [
  () => tools.agent_state_set_work_item_status({ id: 'missing', status: 'done' }),
  () => tools.agent_state_add_work_item({ id: 'parse', content: 'Again' }),
  () => tools.agent_state_add_decision({ id: 'has space', content: 'D' }),
]) {
  try { await call(); messages.push('resolved'); } catch (error) { messages.push(error.message); }
}
return JSON.stringify(messages);`;

      const output = await runCodemodeScript(pi(), code);

      expect(JSON.parse(output)).toEqual([
        formatRejection({ code: 'unknown_work_item', id: 'missing', recorded: ['parse'] }, 'model'),
        formatRejection({ code: 'duplicate_work_item', id: 'parse', status: 'open' }, 'model'),
        formatRejection({ code: 'invalid_id' }, 'model'),
      ]);
      expect(stateEntries(await pi().readSessionFile())).toHaveLength(1);
    });

    it("draws each change of a script as its own chat line in Pi's terminal, with the footer and panel", async () => {
      const terminal = await startPiTerminal({ ...target, settings: CODEMODE_ONLY_SETTINGS, cols: 100, rows: 40, extensions: [EXTENSION_PATH] });
      try {
        terminal.model.enqueue(codemodeCall(MUTATIONS_SCRIPT), { text: 'Recorded the plan.' });
        terminal.type('Record the plan.');
        terminal.press('enter');
        await terminal.waitForText('Recorded the plan.');
        await terminal.waitForQuiet();

        const lines = terminal.screenLines();
        // One chat line per saved change, in call order, each saying what it changed (change-line.test.ts has the words).
        const words = STATES_IN_CALL_ORDER.map((state, index) => describeChange(STATES_IN_CALL_ORDER[index - 1], state));
        expect(words.map((said) => lines.filter((line) => line.endsWith(said)).length)).toEqual([1, 1, 1, 1]);
        const [file] = terminal.sandbox.sessionFiles();
        const [last] = viewsAfterEachSave(file === undefined ? [] : await readSessionJsonl(file)).slice(-1);
        if (last === undefined) throw new Error('nothing was saved');
        expect(footerStatusLine(lines)).toContain(screenOf(last).footer);
        expect(panelRows(lines).map((row) => row.trimEnd())).toEqual(screenOf(last).panel);
      } finally {
        await terminal.dispose();
      }
    }, PI_E2E_TIMEOUT_MS);
  },
  { since: '1.6.0' },
);
