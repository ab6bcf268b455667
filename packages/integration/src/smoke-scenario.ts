// The smoke run's scenario, on a Pi that already runs the adapter(s): the README's first smoke run,
// a model turn, a resume and a new session. `pnpm smoke` runs it on the workspace build; the
// packaging tests run it on packages installed from tarballs or a registry.
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { STATE_ENTRY_TYPE } from '@j1nn0/agent-state-pi';
import { contentText, customEntries, type PiDriver } from '@j1nn0/pi-real-hosts';
import {
  GUARD_LIST_PROMPT,
  MODEL_TURN_ANSWER,
  MODEL_TURN_PROMPT,
  RECORDED_STATE,
  STATUS_PROMPT,
  agentStateScript,
  contextGuardScript,
  withoutItemTimes,
  type AgentStateScript,
  type ContextGuardScript,
  type SmokeCommand,
} from './smoke-script.js';
import { warningLines } from './startup-warnings.js';

/** A failed smoke check; its message names the check and shows what differed. */
class SmokeFailure extends Error {
  override readonly name = 'SmokeFailure';
}

function shownValue(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** Counts passed checks; the first failing one throws a SmokeFailure. */
export class SmokeChecks {
  #passed = 0;

  get passed(): number {
    return this.#passed;
  }

  /** Passes when `actual` deep-equals `expected`. */
  equal(what: string, actual: unknown, expected: unknown): void {
    if (!isDeepStrictEqual(actual, expected)) {
      throw new SmokeFailure(`${what}\n  expected: ${shownValue(expected)}\n  got:      ${shownValue(actual)}`);
    }
    this.#passed += 1;
  }
}

// The transcript: what was typed, what Pi showed, what was checked.

const SHOWN_INDENT = '         ';

function section(title: string): string {
  return `\n== ${title}`;
}

function typed(prompt: string): string {
  return `> ${prompt}`;
}

export function note(text: string): string {
  return `  ${text}`;
}

/** Indents every line after the first, so a multi-line message stays readable under its tag. */
function continued(text: string, indent: string): string {
  return text.split('\n').join(`\n${indent}`);
}

/** A notification as Pi showed it: `[info] Objective set.` */
function shown(notification: { readonly message: string; readonly notifyType: string }): string {
  const tag = `  [${notification.notifyType}] `;
  return `${tag}${continued(notification.message, ' '.repeat(tag.length))}`;
}

/** A block of text the model received or answered, under a short label. */
function received(label: string, text: string): string {
  return `  ${label}\n${SHOWN_INDENT}${continued(text, SHOWN_INDENT)}`;
}

export function passedLine(count: number): string {
  return `smoke: ${count} checks passed`;
}

export function failedLine(message: string): string {
  return `smoke: FAILED: ${message}`;
}

export interface SmokeRun {
  readonly pi: PiDriver;
  readonly checks: SmokeChecks;
  readonly print: (line: string) => void;
  /** The folder of the `@j1nn0/agent-state-pi` package Pi loaded; its README documents the run. */
  readonly agentStateDir: string;
  /** The folder of `@j1nn0/agent-context-guard-pi` when Pi also loaded it: adds its add/list to the run and the resume. */
  readonly contextGuardDir?: string;
}

/** The run with what the loaded packages' READMEs document it shows. */
interface DocumentedRun extends SmokeRun {
  readonly agentState: AgentStateScript;
  readonly contextGuard: ContextGuardScript | undefined;
}

async function runCommand(run: SmokeRun, command: SmokeCommand): Promise<void> {
  run.print(typed(command.prompt));
  const { notifications } = await run.pi.prompt(command.prompt);
  for (const notification of notifications) run.print(shown(notification));
  const { notice } = command;
  run.checks.equal(
    notice === undefined ? `${command.prompt} shows one notice` : `${command.prompt} shows the README's example (times aside)`,
    notifications.map((notification) => ({ message: notice === undefined ? 'a notice' : withoutItemTimes(notification.message), notifyType: notification.notifyType })),
    [{ message: notice === undefined ? 'a notice' : withoutItemTimes(notice), notifyType: 'info' }],
  );
}

function sessionFileOf(pi: PiDriver): string {
  if (pi.sessionFile === undefined) throw new Error('Pi reported no session file');
  return pi.sessionFile;
}

function checkNoWarning(run: SmokeRun, when: string): void {
  run.checks.equal(`Pi printed no warning ${when}`, warningLines(run.pi.stderr()), []);
}

async function recordFirstSmokeRun(run: DocumentedRun): Promise<void> {
  run.print(section('1. First smoke run, as in the agent-state-pi README'));
  checkNoWarning(run, 'at start');
  const { firstSmokeRun } = run.agentState;
  for (const command of firstSmokeRun) await runCommand(run, command);
  run.checks.equal(
    'the README "First smoke run" lists these commands',
    run.agentState.documentedPrompts,
    firstSmokeRun.map((command) => command.prompt),
  );
  run.print(note('the README "First smoke run" lists exactly these commands'));
}

async function modelTurn(run: DocumentedRun): Promise<void> {
  const { pi, checks, print } = run;
  print(section('2. A model turn: the model reads the state, and Pi writes the session file'));
  pi.model.enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: MODEL_TURN_ANSWER });
  print(typed(MODEL_TURN_PROMPT));
  const turn = await pi.prompt(MODEL_TURN_PROMPT);
  const toolResults = (pi.model.chatRequests().at(-1)?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => contentText(message.content));
  print(received('the scripted model called agent_state_get and received:', toolResults.join('\n')));
  print(received('the scripted model answered:', turn.assistantText ?? '(nothing)'));
  checks.equal('the model received the state from agent_state_get (times aside)', toolResults.map(withoutItemTimes), [
    withoutItemTimes(run.agentState.recordedStatus),
  ]);

  const saved = customEntries(await pi.readSessionFile(), STATE_ENTRY_TYPE);
  const changes = run.agentState.firstSmokeRun.length - 1;
  checks.equal('the session file holds one agent-state-state entry per change', saved.length, changes);
  checks.equal('the newest entry holds the current state', saved.at(-1)?.['data'], { schemaVersion: 1, by: 'person', state: RECORDED_STATE });
  print(note(`session file ${basename(sessionFileOf(pi))}: ${saved.length} agent-state-state entries, the newest holds this state`));
}

async function protectContext(run: DocumentedRun, contextGuard: ContextGuardScript): Promise<void> {
  run.print(section('2b. Context Guard: protect two items and list them'));
  for (const command of contextGuard.guardAdds) await runCommand(run, command);
  await runCommand(run, { prompt: GUARD_LIST_PROMPT, notice: contextGuard.guardList });
}

async function resume(run: DocumentedRun): Promise<void> {
  const { pi, checks, print } = run;
  print(section('3. Resume: restart Pi on the same session file'));
  const file = sessionFileOf(pi);
  const before = await readFile(file, 'utf8');
  const shownBefore = pi.notifications().length;
  await pi.restart();
  print(note(`Pi restarted with --session ${basename(file)}`));
  checks.equal('loading the session showed no notification', pi.notifications().slice(shownBefore), []);
  await runCommand(run, { prompt: STATUS_PROMPT, notice: run.agentState.recordedStatus });
  if (run.contextGuard !== undefined) await runCommand(run, { prompt: GUARD_LIST_PROMPT, notice: run.contextGuard.guardList });
  checks.equal('loading the session appended nothing to the file', (await readFile(file, 'utf8')) === before, true);
  print(note('the same state as before the restart; the session file is byte-for-byte unchanged'));
}

async function newSession(run: DocumentedRun): Promise<void> {
  run.print(section('4. A new session starts empty'));
  run.print(typed('(RPC new_session)'));
  await run.pi.newSession();
  await runCommand(run, { prompt: STATUS_PROMPT, notice: run.agentState.emptyStatus });
  run.checks.equal('no extension error in the whole run', run.pi.extensionErrors(), []);
  checkNoWarning(run, 'in the whole run');
}

/** Runs every step; the first failing check throws a SmokeFailure. */
export async function runSmokeScenario(smokeRun: SmokeRun): Promise<void> {
  const readmeOf = (dir: string): Promise<string> => readFile(join(dir, 'README.md'), 'utf8');
  const agentState = agentStateScript(await readmeOf(smokeRun.agentStateDir));
  const contextGuardDir = smokeRun.contextGuardDir;
  const contextGuard = contextGuardDir === undefined ? undefined : contextGuardScript(await readmeOf(contextGuardDir));
  const run: DocumentedRun = { ...smokeRun, agentState, contextGuard };
  await recordFirstSmokeRun(run);
  await modelTurn(run);
  if (contextGuard !== undefined) await protectContext(run, contextGuard);
  await resume(run);
  await newSession(run);
}
