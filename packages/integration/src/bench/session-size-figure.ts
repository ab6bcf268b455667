import { stat } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { STATE_ENTRY_TYPE } from '@j1nn0/agent-state-pi';
import { customEntries, startPi } from '@j1nn0/pi-testkit/real';
import { ReferenceAgentState } from '@j1nn0/pi-testkit/reference-models';
import { AGENT_STATE_EXTENSION } from './extension-paths.js';
import { createMutationScript } from './mutation-script.js';
import type { PiTarget } from './pi-targets.js';
import { formatBytes, verdictAtMost, type BenchRow } from './report.js';
import { playMutationScript } from './scripted-session.js';
import { byteLength, snapshotOf } from './session-line.js';

// Figure 2 (real Pi): the session file after 1,000 attempted changes, commands and tool calls mixed.

const ATTEMPTED_CHANGES = 1_000;
const LINE_RATIO_GOAL = 1.1;

export async function sessionSizeRows(target: PiTarget): Promise<BenchRow[]> {
  const script = createMutationScript({ operations: ATTEMPTED_CHANGES, seed: 0x5eed_1000, allowClear: false });
  const reference = new ReferenceAgentState();
  for (const operation of script.operations) reference.apply(operation);
  const pi = await startPi({ ...target, extensions: [AGENT_STATE_EXTENSION], timeoutMs: 60_000 });
  try {
    await playMutationScript(pi, script);
    const entries = customEntries(await pi.readSessionFile(), STATE_ENTRY_TYPE);
    const newest = entries.at(-1);
    // Figures from a session that went wrong would be meaningless: check it against the reference first.
    if (newest === undefined || !isDeepStrictEqual(snapshotOf(newest['data']), reference.snapshot())) {
      throw new Error('the scripted session did not end in the reference state');
    }
    if (pi.sessionFile === undefined) throw new Error('Pi reported no session file');
    const fileBytes = (await stat(pi.sessionFile)).size;
    const newestLine = byteLength(`${JSON.stringify(newest)}\n`);
    const newestSnapshot = byteLength(JSON.stringify(snapshotOf(newest['data'])));
    const { workItems, decisions } = reference.snapshot();
    const where =
      `real Pi ${target.version.label}, ${ATTEMPTED_CHANGES.toLocaleString('en-US')} attempted changes ` +
      `(${entries.length.toString()} saved; ends with ${workItems.length.toString()} work items, ${decisions.length.toString()} decisions)`;
    const row = (measure: string, bytes: number, goal: string, verdict: BenchRow['verdict']): BenchRow => ({
      figure: '2 session file',
      measure: `${where}: ${measure}`,
      value: formatBytes(bytes),
      anchor: `newest snapshot: ${formatBytes(newestSnapshot)}`,
      ratio: bytes / newestSnapshot,
      goal,
      verdict,
    });
    const lineRatio = newestLine / newestSnapshot;
    return [
      row('session file', fileBytes, 'report (grows with changes x state size)', 'info'),
      row('file bytes per saved change', fileBytes / entries.length, 'report', 'info'),
      row('newest state line in the file', newestLine, `<= ${LINE_RATIO_GOAL.toString()}x`, verdictAtMost(lineRatio, LINE_RATIO_GOAL)),
    ];
  } finally {
    await pi.dispose();
  }
}
