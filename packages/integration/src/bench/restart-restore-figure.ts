import { createPiSandbox, startPi, startScriptedModel, type PiSandbox, type ScriptedModel } from '@j1nn0/pi-real-hosts';
import { fullStateCommands } from './command-cost-figure.js';
import type { PiTarget } from './pi-targets.js';
import type { BenchRow } from './report.js';
import { AGENT_STATE_COMMAND } from './scripted-session.js';
import { BARE, THIS_BUILD, overheadRows, timeRounds } from './startup-figure.js';

// Figure 1, in the real Pi: start on a saved session whose newest state is full (200 work items,
// 200 decisions, 401 state entries), bare against both adapters loaded, which restore it at start.

const ROUNDS = 10;

/** Records the full state in a new session and completes a model turn, so Pi writes the file. */
async function savedFullSession(target: PiTarget, sandbox: PiSandbox, model: ScriptedModel): Promise<string> {
  const pi = await startPi({ ...target, extensions: THIS_BUILD.extensions, sandbox, model });
  try {
    for (const args of fullStateCommands()) await pi.prompt(`${AGENT_STATE_COMMAND} ${args}`);
    await pi.prompt('Carry on.');
    const file = (await pi.getState()).sessionFile;
    if (file === undefined) throw new Error('Pi reported no session file');
    return file;
  } finally {
    await pi.dispose();
  }
}

/** Fails the figure unless a loaded start really shows the saved state. */
async function checkRestored(target: PiTarget, sandbox: PiSandbox, model: ScriptedModel, sessionFile: string): Promise<void> {
  const pi = await startPi({ ...target, extensions: THIS_BUILD.extensions, sandbox, model, sessionFile });
  try {
    const [notice] = (await pi.prompt(`${AGENT_STATE_COMMAND} status`)).notifications;
    if (notice?.message.includes('200 work items') !== true) throw new Error(`Pi ${target.version.label} did not restore the saved state`);
  } finally {
    await pi.dispose();
  }
}

export async function restartRestoreRows(targets: readonly PiTarget[]): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const target of targets) {
    const sandbox = await createPiSandbox();
    const model = await startScriptedModel();
    try {
      const sessionFile = await savedFullSession(target, sandbox, model);
      await checkRestored(target, sandbox, model, sessionFile);
      const times = await timeRounds({ target, sandbox, model, sessionFile }, [BARE, THIS_BUILD], ROUNDS);
      const [bare = [], loaded = []] = times.wall;
      const where = `real Pi ${target.version.label} on Node ${target.nodeVersion}, spawn on a saved session with a full state (401 state entries) to first get_state answer, both adapters loaded, ${ROUNDS.toString()} alternated pairs`;
      rows.push(...overheadRows('1 restore', where, loaded, bare, undefined));
    } finally {
      await model.dispose();
      await sandbox.dispose();
    }
  }
  return rows;
}
