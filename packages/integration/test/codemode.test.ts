import {
  CODEMODE_ONLY_SETTINGS,
  PI_E2E_TIMEOUT_MS,
  codemodeCall,
  customEntries,
  describeEachPi,
  readSessionJsonl,
  runCodemodeScript,
  useSharedPi,
  type SessionFileEntry,
} from '@j1nn0/pi-real-hosts';
import { startPiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { expect, it } from 'vitest';
import { formatRejection as formatGuardRejection } from '../../agent-context-guard-pi/src/format.js';
import type { GuardState } from '../../agent-context-guard-pi/src/guard-state.js';
import { describeGuardChange } from '../../agent-context-guard-pi/src/ui/change-line.js';
import { FOOTER_STATUS_KEY as GUARD_FOOTER_KEY, formatFooter as formatGuardFooter } from '../../agent-context-guard-pi/src/ui/footer.js';
import { protectedText } from '../../agent-context-guard-pi/test/expected-messages.js';
import { formatRejection } from '../../agent-state-pi/src/format.js';
import { stateHistory } from '../../agent-state-pi/src/history.js';
import { toAgentStateOutput } from '../../agent-state-pi/src/structured-output.js';
import { describeChange } from '../../agent-state-pi/src/ui/change-line.js';
import { FOOTER_STATUS_KEY } from '../../agent-state-pi/src/ui/footer.js';
import { PANEL_WIDGET_KEY } from '../../agent-state-pi/src/ui/panel.js';
import { addedText, decidedText, statusChangeText } from '../../agent-state-pi/test/expected-messages.js';
import { snapshotOf } from '../../agent-state-pi/test/snapshots.js';
import { recordAll as recordAgentState, savedView, screenOf, viewsAfterEachSave } from '../../agent-state-pi/test/e2e/support/real-pi.js';
import { footerStatusLine, panelRows } from '../../agent-state-pi/test/e2e/support/terminal-ui.js';
import { AGENT_STATE_ENTRY_TYPE, CONTEXT_GUARD_ENTRY_TYPE } from './support/adapter-names.js';
import { BOTH_EXTENSIONS, recordAll } from './support/real-pi-with-both-adapters.js';

// Pi 1.6's codemode with `mode: "only"`: the model sees one tool, `codemode`, and reaches both adapters'
// tools from a JavaScript script. The built extensions, a scripted model, the real Pi in RPC mode and in a terminal.

const PARSE = { id: 'parse', content: 'Parse the arguments' };
const DOCS = { id: 'docs', content: 'Write the README', status: 'blocked' } as const;
const DECISION = { id: 'pure-core', content: 'Keep the core free of Pi imports' };
const CSV = { id: 'csv', kind: 'goal', content: 'Ship the CSV export', critical: false } as const;
const URL_ITEM = { id: 'url', kind: 'constraint', content: 'Keep the report URL', critical: false } as const;

/** Agent State's four calls, then Context Guard's two, in one Promise.all. */
const MUTATIONS_SCRIPT = `
const replies = await Promise.all([
  tools.agent_state_add_work_item(${JSON.stringify(PARSE)}),
  tools.agent_state_add_work_item(${JSON.stringify(DOCS)}),
  tools.agent_state_set_work_item_status({ id: 'parse', status: 'done' }),
  tools.agent_state_add_decision(${JSON.stringify(DECISION)}),
  tools.context_guard_protect({ id: 'csv', kind: 'goal', content: 'Ship the CSV export' }),
  tools.context_guard_protect({ id: 'url', kind: 'constraint', content: 'Keep the report URL' }),
]);
return JSON.stringify(replies);`;

/** The states the calls of MUTATIONS_SCRIPT save, each adapter's in call order. */
const STATES_IN_CALL_ORDER = [
  snapshotOf({ workItems: [PARSE] }),
  snapshotOf({ workItems: [PARSE, DOCS] }),
  snapshotOf({ workItems: [{ ...PARSE, status: 'done' }, DOCS] }),
  snapshotOf({ workItems: [{ ...PARSE, status: 'done' }, DOCS], decisions: [DECISION] }),
];
const GUARD_STATES_IN_CALL_ORDER: GuardState[] = [{ recovery: 'off', items: [CSV] }, { recovery: 'off', items: [CSV, URL_ITEM] }];

function savedData(entries: readonly SessionFileEntry[], customType: string): unknown[] {
  return customEntries(entries, customType).map((entry) => entry['data']);
}

describeEachPi(
  'both adapters in codemode',
  (target) => {
    const pi = useSharedPi(target, BOTH_EXTENSIONS, { settings: CODEMODE_ONLY_SETTINGS });

    it('offers the model only codemode, whose description types agent_state_get and context_guard_list as objects', async () => {
      pi().model.enqueue({ text: 'Hello.' });
      await pi().prompt('Which tools do you have?');
      const [request] = pi().model.chatRequests();
      expect(request?.toolNames).toEqual(['codemode']);
      const description = request?.tools[0]?.description ?? '';
      expect(description).toMatch(/agent_state_get\(args: [^)]*\): Promise<\{ decisions: [\s\S]*objective\?: string; workItems: /u);
      // The history's changes, typed by kind, so a script knows which fields each one has.
      expect(description).toMatch(/history: \{[\s\S]*\{ id: string; kind: "status_set"; status: "open" \| "in_progress" \| "blocked" \| "done"; \}/u);
      expect(description).toMatch(/agent_state_add_work_item\(args: [^)]*\): Promise<string>/u);
      expect(description).toMatch(/context_guard_list\(args: [^)]*\): Promise<\{ items: Array<.*recovery: "off" \| "critical"; \}>/u);
      expect(description).toMatch(/context_guard_protect\(args: [^)]*\): Promise<string>/u);
    });

    it('agent_state_get and context_guard_list resolve to what is recorded, as objects', async () => {
      await recordAgentState(pi(), ['objective Ship the parser', 'add parse Parse the arguments', 'add docs Write the README', 'set parse done', 'decide pure-core Keep the core free of Pi imports']);
      await recordAll(pi(), ['/context-guard add csv goal --critical Ship the CSV export', '/context-guard add url constraint Keep the report URL', '/context-guard recovery critical']);

      const output = await runCodemodeScript(pi(), 'const state = await tools.agent_state_get({});\nconst guard = await tools.context_guard_list({});\nreturn JSON.stringify({ types: [typeof state, typeof guard], state, guard });');

      // What agent_state_get gives a program (structured-output.test.ts has it by example), of the file's entries.
      const branch = await pi().readSessionFile();
      const { state, since, declared } = savedView(branch);
      const expected = toAgentStateOutput(state, since, stateHistory(branch as never), declared);
      expect(JSON.parse(output)).toEqual({
        types: ['object', 'object'],
        state: JSON.parse(JSON.stringify(expected)) as unknown,
        guard: { items: [{ ...CSV, critical: true }, URL_ITEM], recovery: 'critical' },
      });
      expect(expected.workItems.map((item) => [item.id, item.status])).toEqual([['parse', 'done'], ['docs', 'open']]);
      expect(expected.history.steps).toHaveLength(5);
    });

    it('saves the calls of one Promise.all in call order, the footers and the panel following each save', async () => {
      const mark = pi().events().length;

      const output = await runCodemodeScript(pi(), MUTATIONS_SCRIPT);

      expect(JSON.parse(output)).toEqual([
        addedText('parse'),
        addedText('docs', 'blocked'),
        statusChangeText('parse', 'open', 'done'),
        decidedText('pure-core'),
        protectedText('csv', 'goal'),
        protectedText('url', 'constraint'),
      ]);
      const file = await pi().readSessionFile();
      expect(savedData(file, AGENT_STATE_ENTRY_TYPE).map((data) => (data as { state: unknown }).state)).toEqual(STATES_IN_CALL_ORDER);
      expect(savedData(file, CONTEXT_GUARD_ENTRY_TYPE).map((data) => (data as { items: unknown }).items)).toEqual(GUARD_STATES_IN_CALL_ORDER.map((state) => state.items));
      // What a client receives: each saved entry as it is appended, then the footers it should show.
      const appended = pi()
        .events()
        .slice(mark)
        .flatMap((event) => (event.type === 'entry_appended' ? [event['entry'] as { customType?: string }] : []))
        .map((entry) => entry.customType);
      expect(appended.filter((type) => type === AGENT_STATE_ENTRY_TYPE || type === CONTEXT_GUARD_ENTRY_TYPE)).toEqual([
        ...STATES_IN_CALL_ORDER.map(() => AGENT_STATE_ENTRY_TYPE),
        ...GUARD_STATES_IN_CALL_ORDER.map(() => CONTEXT_GUARD_ENTRY_TYPE),
      ]);
      // A client's footers carry no terminal separator, and the panel is plain lines: each drawn after each save.
      const screens = viewsAfterEachSave(file).map(screenOf);
      expect(pi().statusUpdates(FOOTER_STATUS_KEY, mark).map((update) => update.text)).toEqual(screens.map((screen) => screen.footer));
      expect(pi().widgetUpdates(PANEL_WIDGET_KEY, mark).map((update) => update.lines)).toEqual(screens.map((screen) => screen.panel));
      expect(pi().statusUpdates(GUARD_FOOTER_KEY, mark).map((update) => update.text)).toEqual(GUARD_STATES_IN_CALL_ORDER.map((state) => formatGuardFooter(state)));
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
      await recordAgentState(pi(), ['add parse Parse the arguments']);
      await recordAll(pi(), ['/context-guard add csv goal Ship the CSV export']);
      const code = `
const messages = [];
for (const call of [
  () => tools.agent_state_set_work_item_status({ id: 'missing', status: 'done' }),
  () => tools.agent_state_add_work_item({ id: 'parse', content: 'Again' }),
  () => tools.agent_state_add_decision({ id: 'has space', content: 'D' }),
  () => tools.context_guard_protect({ id: 'csv', kind: 'goal', content: 'Again' }),
  () => tools.context_guard_protect({ id: 'blank', kind: 'fact', content: ' ' }),
]) {
  try { await call(); messages.push('resolved'); } catch (error) { messages.push(error.message); }
}
return JSON.stringify(messages);`;

      const output = await runCodemodeScript(pi(), code);

      expect(JSON.parse(output)).toEqual([
        formatRejection({ code: 'unknown_work_item', id: 'missing', recorded: ['parse'] }, 'model'),
        formatRejection({ code: 'duplicate_work_item', id: 'parse', status: 'open' }, 'model'),
        formatRejection({ code: 'invalid_id' }, 'model'),
        formatGuardRejection({ code: 'duplicate_item', id: 'csv' }, 'model'),
        formatGuardRejection({ code: 'invalid_content' }, 'model'),
      ]);
      const file = await pi().readSessionFile();
      expect([AGENT_STATE_ENTRY_TYPE, CONTEXT_GUARD_ENTRY_TYPE].map((type) => savedData(file, type).length)).toEqual([1, 1]);
    });

    it("draws each change of a script as its own chat line in Pi's terminal, with both footers and the panel", async () => {
      const terminal = await startPiTerminal({ ...target, settings: CODEMODE_ONLY_SETTINGS, cols: 100, rows: 40, extensions: [...BOTH_EXTENSIONS] });
      try {
        terminal.model.enqueue(codemodeCall(MUTATIONS_SCRIPT), { text: 'Recorded the plan.' });
        terminal.type('Record the plan.');
        terminal.press('enter');
        await terminal.waitForText('Recorded the plan.');
        await terminal.waitForQuiet();

        const lines = terminal.screenLines();
        // One chat line per saved change, in call order, each saying what it changed (the change-line tests have the words).
        const words = [
          ...STATES_IN_CALL_ORDER.map((state, index) => describeChange(STATES_IN_CALL_ORDER[index - 1], state)),
          ...GUARD_STATES_IN_CALL_ORDER.map((state, index) => describeGuardChange(GUARD_STATES_IN_CALL_ORDER[index - 1], state)),
        ];
        expect(words.map((said) => lines.filter((line) => line.endsWith(said)).length)).toEqual(words.map(() => 1));
        const [file] = terminal.sandbox.sessionFiles();
        const [last] = viewsAfterEachSave(file === undefined ? [] : await readSessionJsonl(file)).slice(-1);
        if (last === undefined) throw new Error('nothing was saved');
        for (const footer of [screenOf(last).footer, formatGuardFooter(GUARD_STATES_IN_CALL_ORDER[1] ?? { recovery: 'off', items: [] })]) {
          expect(footerStatusLine(lines)).toContain(footer);
        }
        expect(panelRows(lines).map((row) => row.trimEnd())).toEqual(screenOf(last).panel);
      } finally {
        await terminal.dispose();
      }
    }, PI_E2E_TIMEOUT_MS);
  },
  { since: '1.6.0' },
);
