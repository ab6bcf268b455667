import { createPiSandbox, startPi, startScriptedModel, type PiDriver, type PiSandbox, type ScriptedModel } from '@j1nn0/pi-real-hosts';
import type { PiTarget } from '../pi-program.js';
import { AGENT_STATE_COMMAND, fullAgentStateCommands } from './bench-adapters.js';
import { ADAPTERS_WITHOUT_EVENTS, AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION, EMPTY_EXTENSION } from './extension-paths.js';
import { perRoundRatioRow, type BenchRow } from './report.js';
import { inRotatingRounds, timeAsyncValue } from './timing.js';

// Figure 1, in the real Pi: resume a saved session whose newest state is full (200 work items, 200
// decisions, 401 state entries), bare Pi against Pi with both adapters loaded, which restore it at
// start (the state, and since when each of the 200 open items has been open, which walks back to the
// entry that added it). Spawn to the first get_state answer, the starts of a round in a rotating
// order. In the same rounds, the empty extension shows what loading any extension costs a resume, and
// the adapters deaf to Pi's events what importing and registering them costs before they restore.

const ROUNDS = 12;
const GOAL_RATIO_TO_BARE = 1.03;
const BOTH_ADAPTERS = [AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION];

interface SavedSession {
  readonly sessionFile: string;
  /** What `/agent-state status` answered once the full state was recorded: what a resume must answer too. */
  readonly status: string | undefined;
}

interface ResumeSetting extends SavedSession {
  readonly target: PiTarget;
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
}

async function statusOf(pi: PiDriver): Promise<string | undefined> {
  const notifications = (await pi.prompt(`${AGENT_STATE_COMMAND} status`)).notifications;
  return notifications.length === 1 ? notifications[0]?.message : undefined;
}

/** Records the full state in a new session and completes a model turn, so Pi writes the file. */
async function savedFullSession(target: PiTarget, sandbox: PiSandbox, model: ScriptedModel): Promise<SavedSession> {
  const pi = await startPi({ ...target, extensions: BOTH_ADAPTERS, sandbox, model });
  try {
    for (const args of fullAgentStateCommands()) await pi.prompt(`${AGENT_STATE_COMMAND} ${args}`);
    await pi.prompt('Carry on.');
    const file = (await pi.getState()).sessionFile;
    if (file === undefined) throw new Error('Pi reported no session file');
    return { sessionFile: file, status: await statusOf(pi) };
  } finally {
    await pi.dispose();
  }
}

/**
 * Milliseconds from spawn to the first get_state answer on the saved session; a loaded start must have
 * restored the state: its status is the one recorded (the adapter's own words, times included).
 */
async function timeResume(setting: ResumeSetting, extensions: readonly string[]): Promise<number> {
  const { milliseconds, value: pi } = await timeAsyncValue(() =>
    startPi({ ...setting.target, extensions: [...extensions], sandbox: setting.sandbox, model: setting.model, sessionFile: setting.sessionFile }),
  );
  try {
    if (extensions.includes(AGENT_STATE_EXTENSION)) {
      const status = await statusOf(pi);
      if (status === undefined || status !== setting.status) throw new Error(`Pi ${setting.target.version.label} did not restore the saved state`);
    }
    return milliseconds;
  } finally {
    await pi.dispose();
  }
}

export async function resumeRows(target: PiTarget): Promise<BenchRow[]> {
  const sandbox = await createPiSandbox();
  const model = await startScriptedModel();
  try {
    const setting: ResumeSetting = { target, sandbox, model, ...(await savedFullSession(target, sandbox, model)) };
    const variants = [[], [EMPTY_EXTENSION], [ADAPTERS_WITHOUT_EVENTS], BOTH_ADAPTERS] as const;
    const [bare = [], empty = [], registered = [], loaded = []] = await inRotatingRounds(variants, ROUNDS, (extensions) => timeResume(setting, extensions));
    const where = `real Pi ${target.version.label} on Node ${target.nodeVersion}, spawn on a saved session with a full state (401 state entries) to first get_state answer`;
    const row = (what: string, subject: number[], anchor: number[], anchorName: string, goal?: number): BenchRow =>
      perRoundRatioRow({ figure: '1 restore', where: `${where}, ${what}`, subject, anchor, anchorName, goal });
    return [
      row('both adapters loaded', loaded, bare, 'bare Pi', GOAL_RATIO_TO_BARE),
      row('an empty extension loaded (what loading any extension costs)', empty, bare, 'bare Pi'),
      row('both adapters loaded (their own share)', loaded, empty, 'Pi with an empty extension'),
      row('both adapters imported and registered but given no events (what loading them costs before any restore)', registered, empty, 'Pi with an empty extension'),
      row('both adapters loaded (what their start handlers cost: the restore, since when, panel and footer)', loaded, registered, 'the adapters given no events'),
    ];
  } finally {
    await model.dispose();
    await sandbox.dispose();
  }
}
