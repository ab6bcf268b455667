import { fileURLToPath } from 'node:url';
import {
  CODEMODE_ONLY_SETTINGS,
  PI_E2E_TIMEOUT_MS,
  codemodeCall,
  customEntries,
  describeEachPi,
  runCodemodeScript,
  useSharedPi,
  type PiDriver,
} from '@j1nn0/pi-real-hosts';
import { startPiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { expect, it } from 'vitest';
import { formatRejection } from '../../src/format.js';
import { STATE_ENTRY_TYPE } from '../../src/persistence.js';
import type { GuardState } from '../../src/guard-state.js';
import { describeGuardChange } from '../../src/ui/change-line.js';
import { FOOTER_STATUS_KEY, formatFooter } from '../../src/ui/footer.js';
import { protectedText } from '../expected-messages.js';

// Pi 1.6's codemode with `mode: "only"`: the model sees one tool, `codemode`, and reaches ours from
// a JavaScript script. The built extension, a scripted model, the real Pi in RPC mode and in a terminal.

const EXTENSION_PATH = fileURLToPath(new URL('../../dist/extension.js', import.meta.url));

const PROTECT_SCRIPT = `
const replies = await Promise.all([
  tools.context_guard_protect({ id: 'csv', kind: 'goal', content: 'Ship the CSV export' }),
  tools.context_guard_protect({ id: 'url', kind: 'constraint', content: 'Keep the report URL' }),
  tools.context_guard_protect({ id: 'tests', kind: 'requirement', content: 'The tests pass' }),
]);
return JSON.stringify(replies);`;

const REJECTED_SCRIPT = `
const messages = [];
for (const call of [
  () => tools.context_guard_protect({ id: 'csv', kind: 'goal', content: 'Again' }),
  () => tools.context_guard_protect({ id: 'blank', kind: 'fact', content: ' ' }),
]) {
  try { await call(); messages.push('resolved'); } catch (error) { messages.push(error.message); }
}
return JSON.stringify(messages);`;

const CSV = { id: 'csv', kind: 'goal', content: 'Ship the CSV export', critical: false };
const URL_ITEM = { id: 'url', kind: 'constraint', content: 'Keep the report URL', critical: false };
const TESTS = { id: 'tests', kind: 'requirement', content: 'The tests pass', critical: false };

/** The item lists the three calls of PROTECT_SCRIPT save, in call order. */
const ITEMS_IN_CALL_ORDER = [[CSV], [CSV, URL_ITEM], [CSV, URL_ITEM, TESTS]];

/** The guard states the three calls save, in call order. */
const STATES_IN_CALL_ORDER = ITEMS_IN_CALL_ORDER.map((items) => ({ recovery: 'off', items }) as GuardState);

async function runGuard(pi: PiDriver, args: string): Promise<void> {
  const { notifications } = await pi.prompt(`/context-guard ${args}`);
  expect(notifications.map((notification) => notification.notifyType), args).toEqual(['info']);
}

async function savedItems(pi: PiDriver): Promise<unknown[]> {
  return customEntries(await pi.readSessionFile(), STATE_ENTRY_TYPE).map((entry) => (entry['data'] as { items: unknown }).items);
}

describeEachPi(
  'agent-context-guard-pi in codemode',
  (target) => {
    const pi = useSharedPi(target, [EXTENSION_PATH], { settings: CODEMODE_ONLY_SETTINGS });

    it('offers the model only codemode, whose description types context_guard_list, which resolves to the items and the recovery mode as an object', async () => {
      await runGuard(pi(), 'add csv goal --critical Ship the CSV export');
      await runGuard(pi(), 'add url constraint Keep the report URL');
      await runGuard(pi(), 'recovery critical');

      const output = await runCodemodeScript(pi(), 'const guard = await tools.context_guard_list({});\nreturn JSON.stringify({ type: typeof guard, guard });');

      expect(JSON.parse(output)).toEqual({
        type: 'object',
        guard: { items: [{ ...CSV, critical: true }, URL_ITEM], recovery: 'critical' },
      });
      const [request] = pi().model.chatRequests();
      expect(request?.toolNames).toEqual(['codemode']);
      const description = request?.tools[0]?.description ?? '';
      expect(description).toMatch(/context_guard_list\(args: [^)]*\): Promise<\{ items: Array<.*recovery: "off" \| "critical"; \}>/u);
      expect(description).toMatch(/context_guard_protect\(args: [^)]*\): Promise<string>/u);
    });

    it('saves the protections of one Promise.all in call order, the footer following each; a rejected call rejects with the short message, which the script can catch', async () => {
      const mark = pi().events().length;

      const output = await runCodemodeScript(pi(), PROTECT_SCRIPT);

      expect(JSON.parse(output)).toEqual([
        protectedText('csv', 'goal'),
        protectedText('url', 'constraint'),
        protectedText('tests', 'requirement'),
      ]);
      expect(await savedItems(pi())).toEqual(ITEMS_IN_CALL_ORDER);
      const events = pi().events().slice(mark);
      const appended = events
        .flatMap((event) => (event.type === 'entry_appended' ? [event['entry'] as { customType?: string; data?: { items: unknown } }] : []))
        .filter((entry) => entry.customType === STATE_ENTRY_TYPE);
      expect(appended.map((entry) => entry.data?.items)).toEqual(ITEMS_IN_CALL_ORDER);
      const footers = events
        .filter((event) => event.type === 'extension_ui_request' && event['method'] === 'setStatus' && event['statusKey'] === FOOTER_STATUS_KEY)
        .map((event) => event['statusText']);
      // A client's footer carries no terminal separator: the footer's words after each save.
      expect(footers).toEqual(STATES_IN_CALL_ORDER.map((state) => formatFooter(state)));

      const rejected = await runCodemodeScript(pi(), REJECTED_SCRIPT);

      expect(JSON.parse(rejected)).toEqual([
        formatRejection({ code: 'duplicate_item', id: 'csv' }, 'model'),
        formatRejection({ code: 'invalid_content' }, 'model'),
      ]);
      expect(await savedItems(pi())).toEqual(ITEMS_IN_CALL_ORDER);
    });

    it("draws each protection of a script as its own chat line in Pi's terminal, with the footer", async () => {
      const terminal = await startPiTerminal({ ...target, settings: CODEMODE_ONLY_SETTINGS, cols: 100, rows: 40, extensions: [EXTENSION_PATH] });
      try {
        terminal.model.enqueue(codemodeCall(PROTECT_SCRIPT), { text: 'Protected the plan.' });
        terminal.type('Protect the plan.');
        terminal.press('enter');
        await terminal.waitForText('Protected the plan.');
        await terminal.waitForQuiet();

        const lines = terminal.screenLines();
        // One chat line per saved change, in call order, each saying what it changed (change-line tests have the words).
        const words = STATES_IN_CALL_ORDER.map((state, index) => describeGuardChange(STATES_IN_CALL_ORDER[index - 1], state));
        expect(words.map((said) => lines.filter((line) => line.endsWith(said)).length)).toEqual([1, 1, 1]);
        // The footer's status line is the last row Pi draws.
        expect(lines.filter((line) => line.trim() !== '').at(-1)).toContain(formatFooter(STATES_IN_CALL_ORDER[2] ?? { recovery: 'off', items: [] }));
      } finally {
        await terminal.dispose();
      }
    }, PI_E2E_TIMEOUT_MS);
  },
  { since: '1.6.0' },
);
