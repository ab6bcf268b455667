import { createPiSandbox, startPi, startScriptedModel, type PiCommandInfo, type PiExtensionError, type PiSandbox, type ScriptedModel } from '@j1nn0/pi-real-hosts';
import type { PiTarget } from '../pi-program.js';
import { AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION, EMPTY_EXTENSION, RPIV_TODO_PACKAGE, packageVersion, piTodoExample } from './extension-paths.js';
import { perRoundDifferenceRow, perRoundRatioRow, type BenchRow } from './report.js';
import { inRotatingRounds, timeAsyncValue } from './timing.js';

// Figure 4: real Pi in RPC mode, spawn to the first get_state answer, with an extension that
// registers nothing (the floor: what Pi charges for loading any extension) and with both adapters;
// optionally also another build of both adapters (before/after), and on the goal line two peers
// (rpiv-todo, Pi's example todo.ts), all in the same rounds.

// With 40 rounds the 95 % interval of a median runs from the 14th to the 27th of the 40 per-round
// values; fewer rounds would widen it further past the 10 ms the goal allows.
const ROUNDS = 40;
const GOAL_OVER_FLOOR_MILLISECONDS = 10;
const GOAL_RATIO_TO_FLOOR = 1.05;
const FIGURE = '4 Pi start-up';
const FLOOR = 'Pi with an empty extension';
/** The newest line the adapters support: the goals and the peers are its. */
export const NEWEST_LINE = '1.6.0';
/** The commands both adapters register: a start that lists them has loaded them. */
export const ADAPTER_COMMANDS = ['agent-state', 'context-guard'];

/** A set of extensions to start Pi with; every one is compared to the empty extension's start. */
export interface StartVariant {
  readonly label: string;
  readonly extensions: readonly string[];
  /** Commands every start must list afterwards (get_commands), so a failed load is never timed. */
  readonly loadedCommands?: readonly string[];
}

// It registers nothing to check; Pi exits when an -e extension fails to load, which stops the figure.
const EMPTY: StartVariant = { label: 'an empty extension loaded (registers nothing)', extensions: [EMPTY_EXTENSION] };
const THIS_BUILD: StartVariant = { label: 'both adapters loaded', extensions: [AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION], loadedCommands: ADAPTER_COMMANDS };

/** The peers: rpiv-todo as a user loads it (its package dir, a .ts file through Pi's jiti), and Pi's own example todo extension. */
function peers(target: PiTarget): StartVariant[] {
  return [
    {
      label: `@juicesharp/rpiv-todo ${packageVersion(RPIV_TODO_PACKAGE)} loaded (a peer: its package dir, .ts through Pi's jiti)`,
      extensions: [RPIV_TODO_PACKAGE],
      loadedCommands: ['todos'],
    },
    {
      label: `Pi's example todo.ts loaded (a peer: examples/extensions/todo.ts of Pi ${target.version.label})`,
      extensions: [piTodoExample(target.version)],
      loadedCommands: ['todos'],
    },
  ];
}

/**
 * A start whose extension did not load would flatter the figure, so each is checked after its timing:
 * why it did not load what it was given (a command not listed by an extension, an extension error), if so.
 */
export function loadProblem(expectedCommands: readonly string[], listed: readonly PiCommandInfo[], errors: readonly PiExtensionError[]): string | undefined {
  const fromExtensions = new Set(listed.filter((command) => command.source === 'extension').map((command) => command.name));
  const missing = expectedCommands.filter((name) => !fromExtensions.has(name));
  const problems = [
    ...(missing.length === 0 ? [] : [`get_commands lists no ${missing.map((name) => `/${name}`).join(', ')}`]),
    ...errors.map((error) => `extension error in ${error.event} of ${error.extensionPath}: ${error.error}`),
  ];
  return problems.length === 0 ? undefined : problems.join('; ');
}

/**
 * Pi's own start-up timer: with PI_TIMING=1, Pi 0.84 and later print to stderr a group `--- Startup
 * Timings: extensions ---` (each extension's module import and factory, then a TOTAL); 0.73.1 prints none.
 */
export function extensionPhaseMilliseconds(stderr: string): number | undefined {
  const total = stderr.split('--- Startup Timings: extensions ---')[1]?.match(/TOTAL: (\d+)ms/u)?.[1];
  return total === undefined ? undefined : Number(total);
}

interface StartSetting {
  readonly target: PiTarget;
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
}

interface StartTime {
  /** Milliseconds from spawn to the first get_state answer (startPi also writes the tiny models.json first). */
  readonly wall: number;
  /** Pi's own timer of its extension phase, when Pi prints it. */
  readonly extensionPhase: number | undefined;
}

async function timeStart(setting: StartSetting, variant: StartVariant): Promise<StartTime> {
  const { milliseconds: wall, value: pi } = await timeAsyncValue(() =>
    startPi({ ...setting.target, extensions: variant.extensions, sandbox: setting.sandbox, model: setting.model }),
  );
  try {
    const expected = variant.loadedCommands ?? [];
    const problem = loadProblem(expected, expected.length === 0 ? [] : await pi.getCommands(), pi.extensionErrors());
    if (problem !== undefined) throw new Error(`Pi ${pi.version.label} with ${variant.label}: ${problem}`);
    return { wall, extensionPhase: extensionPhaseMilliseconds(pi.stderr()) };
  } finally {
    await pi.dispose();
  }
}

export async function startupRows(target: PiTarget, compared: readonly StartVariant[] = []): Promise<BenchRow[]> {
  // Pi 0.84+ then prints its own start-up timer on stderr: a second, quieter view of the same starts.
  const sandbox = await createPiSandbox({ env: { PI_TIMING: '1' } });
  const model = await startScriptedModel();
  // The goals and the peers are the newest line's; the oldest (no Node 22 here) gets neither.
  const isGoalLine = target.version.label === NEWEST_LINE;
  const variants = [EMPTY, THIS_BUILD, ...compared, ...(isGoalLine ? peers(target) : [])];
  try {
    const [floor = [], ...loaded] = await inRotatingRounds(variants, ROUNDS, (variant) => timeStart({ target, sandbox, model }, variant));
    const wall = (times: readonly StartTime[]): number[] => times.map((time) => time.wall);
    // Where every start of both printed Pi's timer: the import and factory time over the empty extension's.
    const phase = (times: readonly StartTime[]): number[] => times.flatMap((time) => time.extensionPhase ?? []);
    return variants.slice(1).flatMap((variant, index) => {
      const times = loaded[index] ?? [];
      const where = `real Pi ${target.version.label} on Node ${target.nodeVersion}, RPC spawn to first get_state answer, ${variant.label}, ${ROUNDS.toString()} rounds of ${variants.length.toString()} alternated starts`;
      // The goals are this build's; another checkout's build and the peers are shown beside it.
      const hasGoal = isGoalLine && variant === THIS_BUILD;
      const rows = [
        perRoundRatioRow({ figure: FIGURE, where, subject: wall(times), anchor: wall(floor), anchorName: FLOOR, goal: hasGoal ? GOAL_RATIO_TO_FLOOR : undefined }),
        perRoundDifferenceRow({ figure: FIGURE, where, subject: wall(times), anchor: wall(floor), anchorName: FLOOR, goal: hasGoal ? GOAL_OVER_FLOOR_MILLISECONDS : undefined }),
      ];
      if (phase(times).length !== ROUNDS || phase(floor).length !== ROUNDS) return rows;
      const phaseWhere = `${where}: Pi's own timer (PI_TIMING=1) of its extension phase, module import and factory of every extension (a part of the start-up, not all of it)`;
      return [...rows, perRoundDifferenceRow({ figure: FIGURE, where: phaseWhere, subject: phase(times), anchor: phase(floor), anchorName: `${FLOOR}'s same phase` })];
    });
  } finally {
    await model.dispose();
    await sandbox.dispose();
  }
}
