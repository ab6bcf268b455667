import type { PiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { demoScene, enterLine } from './demo-pi.js';

// Three protected items (two critical) and recovery on, three turns that mention them, then
// Pi's own /compact with a summary that keeps one: the check at the next request names the two
// it lost and restores the critical one; the list shows what is protected.

const KEPT = 'Export uses comma separated values';
const DROPPED = 'Never change the public report URL';
const PLAIN = 'The report page lives in reports.ts';

/** Protects the three items with recovery on and talks three turns that mention them. */
async function protectAndTalk(terminal: PiTerminal): Promise<void> {
  await enterLine(terminal, `/context-guard add csv goal --critical ${KEPT}`, '◆ Context Guard: protected csv');
  await enterLine(terminal, `/context-guard add report-url constraint --critical ${DROPPED}`, '◆ Context Guard: protected report-url');
  await enterLine(terminal, `/context-guard add location fact ${PLAIN}`, '◆ Context Guard: protected location');
  await enterLine(terminal, '/context-guard recovery critical', '◆ Context Guard: recovery → critical');
  terminal.model.enqueue({ text: 'Noted.' }, { text: 'Starting with the column order.' }, { text: 'Nothing else.' });
  await enterLine(terminal, `Keep in mind: ${KEPT}. ${DROPPED}. ${PLAIN}.`, 'Noted.');
  await enterLine(terminal, 'Start on the exporter.', 'Starting with the column order.');
  await enterLine(terminal, 'Anything else before we compact?', 'Nothing else.');
  terminal.model.setSummary(`The user is shipping CSV export. ${KEPT}.`);
  await enterLine(terminal, '/compact', '[compaction]');
}

async function play(terminal: PiTerminal): Promise<void> {
  await protectAndTalk(terminal);
  await enterLine(terminal, '/context-guard status', 'A compaction will be checked at the next model request.');
  terminal.model.enqueue({ text: 'Continuing with the exporter.' });
  await enterLine(terminal, 'Continue with the exporter.', 'Continuing with the exporter.');
  await enterLine(terminal, '/context-guard list', 'Context Guard: 3 protected items (2 critical).');
}

const DESCRIPTION =
  "Pi 1.6.0's terminal with Context Guard after /compact: the compaction, Context Guard's status saying the compaction will be checked at the next model request, " +
  'the check warning that names the two items the summary lost, restores the critical one and says how to give back the other, the list of the three protected items, and the footer';

export const CONTEXT_GUARD_SCENE = demoScene('context-guard', 'agent-context-guard-pi', DESCRIPTION, play);

/** Right after the compaction, before the next request checks it: the footer says so. */
export const CONTEXT_GUARD_PENDING_SCENE = demoScene(
  'context-guard-pending',
  'agent-context-guard-pi',
  "Pi 1.6.0's terminal with Context Guard right after /compact: the compaction summary, and the footer saying a Context Guard check is pending until the next model request",
  protectAndTalk,
  'check-pending',
);
