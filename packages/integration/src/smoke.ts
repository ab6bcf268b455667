// `pnpm smoke`: the adapter README's first smoke run in the real Pi, offline, with a scripted model,
// then a resume and a new session. Prints a transcript and ends with `smoke: N checks passed`.
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATE_ENTRY_TYPE } from '@j1nn0/agent-state-pi';
import { contentText, customEntries, disposeAll, startPi, type PiDriver } from '@j1nn0/pi-testkit/real';
import { SmokeChecks } from './smoke-checks.js';
import {
  EMPTY_STATUS,
  FIRST_SMOKE_RUN,
  MODEL_TURN_ANSWER,
  MODEL_TURN_PROMPT,
  RECORDED_STATE,
  RECORDED_STATUS,
  STATUS_PROMPT,
  firstSmokeRunOf,
  type SmokeCommand,
} from './smoke-script.js';
import { DOCUMENTED_PI, chooseSmokeTarget } from './smoke-target.js';
import { failedLine, note, passedLine, received, section, shown, typed } from './smoke-transcript.js';

// The built extension a user loads with `pi -e`, and the README that documents the run.
const EXTENSION_PATH = fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi'));
const ADAPTER_DIR = dirname(fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi/package.json')));

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function runCommand(pi: PiDriver, checks: SmokeChecks, command: SmokeCommand): Promise<void> {
  print(typed(command.prompt));
  const { notifications } = await pi.prompt(command.prompt);
  for (const notification of notifications) print(shown(notification));
  checks.equal(`${command.prompt} shows the documented notice`, notifications, [
    { message: command.notice, notifyType: 'info' },
  ]);
}

function sessionFileOf(pi: PiDriver): string {
  if (pi.sessionFile === undefined) throw new Error('Pi reported no session file');
  return pi.sessionFile;
}

async function recordFirstSmokeRun(pi: PiDriver, checks: SmokeChecks): Promise<void> {
  print(section('1. First smoke run, as in packages/agent-state-pi/README.md'));
  for (const command of FIRST_SMOKE_RUN) await runCommand(pi, checks, command);
  const readme = await readFile(join(ADAPTER_DIR, 'README.md'), 'utf8');
  checks.equal(
    'the README "First smoke run" lists these commands',
    firstSmokeRunOf(readme),
    FIRST_SMOKE_RUN.map((command) => command.prompt),
  );
  print(note('the README "First smoke run" lists exactly these commands'));
}

async function modelTurn(pi: PiDriver, checks: SmokeChecks): Promise<void> {
  print(section('2. A model turn: the model reads the state, and Pi writes the session file'));
  pi.model.enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: MODEL_TURN_ANSWER });
  print(typed(MODEL_TURN_PROMPT));
  const turn = await pi.prompt(MODEL_TURN_PROMPT);
  const toolResults = (pi.model.chatRequests().at(-1)?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => contentText(message.content));
  print(received('the scripted model called agent_state_get and received:', toolResults.join('\n')));
  print(received('the scripted model answered:', turn.assistantText ?? '(nothing)'));
  checks.equal('the model received the state from agent_state_get', toolResults, [RECORDED_STATUS]);

  const saved = customEntries(await pi.readSessionFile(), STATE_ENTRY_TYPE);
  const changes = FIRST_SMOKE_RUN.length - 1;
  checks.equal('the session file holds one agent-state-state entry per change', saved.length, changes);
  checks.equal('the newest entry holds the current state', saved.at(-1)?.['data'], { schemaVersion: 1, state: RECORDED_STATE });
  print(note(`session file ${basename(sessionFileOf(pi))}: ${saved.length} agent-state-state entries, the newest holds this state`));
}

async function resume(pi: PiDriver, checks: SmokeChecks): Promise<void> {
  print(section('3. Resume: restart Pi on the same session file'));
  const file = sessionFileOf(pi);
  const before = await readFile(file, 'utf8');
  const shownBefore = pi.notifications().length;
  await pi.restart();
  print(note(`Pi restarted with --session ${basename(file)}`));
  checks.equal('loading the session showed no notification', pi.notifications().slice(shownBefore), []);
  await runCommand(pi, checks, { prompt: STATUS_PROMPT, notice: RECORDED_STATUS });
  checks.equal('loading the session appended nothing to the file', (await readFile(file, 'utf8')) === before, true);
  print(note('the same state as before the restart; the session file is byte-for-byte unchanged'));
}

async function newSession(pi: PiDriver, checks: SmokeChecks): Promise<void> {
  print(section('4. A new session starts empty'));
  print(typed('(RPC new_session)'));
  await pi.newSession();
  await runCommand(pi, checks, { prompt: STATUS_PROMPT, notice: EMPTY_STATUS });
  checks.equal('no extension error in the whole run', pi.extensionErrors(), []);
}

async function smoke(checks: SmokeChecks): Promise<void> {
  const target = chooseSmokeTarget(print);
  print(`Agent State smoke run in the real Pi ${target.version.label}, offline, with a scripted model`);
  if (target.fallbackReason !== undefined) {
    print(note(`FALLBACK to Pi ${target.version.label}, not the documented ${DOCUMENTED_PI} (${target.fallbackReason})`));
  }
  print(note(`Node: ${target.origin}`));
  print(note(`extension: ${EXTENSION_PATH}`));
  const pi = await startPi({ ...target, extensions: [EXTENSION_PATH] });
  await recordFirstSmokeRun(pi, checks);
  await modelTurn(pi, checks);
  await resume(pi, checks);
  await newSession(pi, checks);
}

async function main(): Promise<number> {
  // Ctrl-C still stops Pi and removes the temp dirs.
  process.once('SIGINT', () => {
    void disposeAll().finally(() => process.exit(130));
  });
  const checks = new SmokeChecks();
  let failure: unknown;
  try {
    await smoke(checks);
  } catch (error) {
    failure = error;
  }
  try {
    await disposeAll();
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined) {
    const message = failure instanceof Error ? failure.message : 'a non-Error value was thrown';
    process.stderr.write(`\n${failedLine(`after ${checks.passed} passed checks: ${message}`)}\n`);
    return 1;
  }
  print('');
  print(passedLine(checks.passed));
  return 0;
}

process.exitCode = await main();
