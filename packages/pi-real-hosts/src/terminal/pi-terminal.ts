import { spawn as spawnPty, type IPty } from '@lydell/node-pty';
import xtermHeadless from '@xterm/headless';
import { PI_HOST, type HostFacts } from '@j1nn0/pi-testkit/host-facts';
import { hostEnv, hostLabel, hostModelArgs, writeHostModelConfig, type HostStartOptions } from '../real/host-launch.js';
import type { PiVersion } from '../real/pi-versions.js';
import { trackResource, trackTerminalProcess, untrackResource, untrackTerminalProcess, type TerminalProcess } from '../real/process-registry.js';
import { PiSandbox } from '../real/sandbox.js';
import { ScriptedModel } from '../real/scripted-model.js';
import { keySequence, type KeyName } from './keys.js';
import { allStyledRuns, styledRuns, visibleLines, type StyledRun } from './screen.js';
import { describeWaitFailure, pollUntil, screenMatches } from './wait.js';

// @xterm/headless is CommonJS: its named exports are only reachable through the default import.
const { Terminal } = xtermHeadless;
type HeadlessTerminal = InstanceType<typeof Terminal>;

const DEFAULT_TERMINAL_WAIT_MS = 20_000;
/** How long the screen must stay unchanged to count as quiet. */
const DEFAULT_QUIET_MS = 300;
const EXIT_GRACE_MS = 5_000;

export interface StartPiTerminalOptions extends HostStartOptions {
  /** Agent settings of the owned sandbox, merged over its defaults (e.g. codemode's); ignored with `sandbox`. */
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly cols?: number;
  readonly rows?: number;
  /** Open this session file at launch (`--session`). */
  readonly sessionFile?: string;
  /** Continue the newest session of the sandbox's session dir (`-c`). */
  readonly continueSession?: boolean;
}

/** Interactive Pi in a pseudo-terminal, its screen read through a headless xterm. */
export class PiTerminal {
  readonly version: PiVersion;
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
  readonly #pty: IPty;
  readonly #terminal: HeadlessTerminal;
  readonly #timeoutMs: number;
  readonly #ownsSandbox: boolean;
  readonly #ownsModel: boolean;
  readonly #exited: Promise<{ exitCode: number; signal: number | undefined }>;
  readonly #processHandle: TerminalProcess;
  #exitCode: number | undefined;
  #lastOutputAt = Date.now();
  #disposed: Promise<void> | undefined;

  private constructor(options: StartPiTerminalOptions, sandbox: PiSandbox, model: ScriptedModel, args: readonly string[]) {
    this.version = options.version;
    this.sandbox = sandbox;
    this.model = model;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TERMINAL_WAIT_MS;
    this.#ownsSandbox = options.sandbox === undefined;
    this.#ownsModel = options.model === undefined;
    const cols = options.cols ?? 120;
    const rows = options.rows ?? 40;
    this.#terminal = new Terminal({ cols, rows, scrollback: 1000, allowProposedApi: true });
    this.#pty = spawnPty(options.runtimePath, [options.version.cliPath, ...args], {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: sandbox.projectDir,
      env: { ...hostEnv(options.version.host, sandbox), TERM: 'xterm-256color', COLORTERM: 'truecolor' },
    });
    const pid = this.#pty.pid;
    this.#processHandle = {
      killNow: () => {
        killProcessGroup(pid);
      },
    };
    trackTerminalProcess(this.#processHandle);
    this.#pty.onData((data) => {
      this.#lastOutputAt = Date.now();
      this.#terminal.write(data);
    });
    // The emulator answers Pi's queries (cursor position, device attributes) through onData.
    this.#terminal.onData((reply) => {
      if (this.#exitCode === undefined) this.#pty.write(reply);
    });
    this.#exited = new Promise((resolve) => {
      this.#pty.onExit(({ exitCode, signal }) => {
        this.#exitCode = exitCode;
        untrackTerminalProcess(this.#processHandle);
        resolve({ exitCode, signal });
      });
    });
  }

  /** Spawns interactive Pi; resolves once it has drawn its editor (or a start-up dialog) and is quiet. */
  static async start(options: StartPiTerminalOptions): Promise<PiTerminal> {
    const sandbox = options.sandbox ?? (await PiSandbox.create(options.settings === undefined ? {} : { settings: options.settings }));
    const model = options.model ?? (await ScriptedModel.start());
    await writeHostModelConfig(options.version.host, sandbox, model);
    const args = [
      ...hostModelArgs(options.version.host, model),
      '--session-dir',
      sandbox.sessionDir,
      ...(options.sessionFile === undefined ? [] : ['--session', options.sessionFile]),
      ...(options.continueSession === true ? ['-c'] : []),
      ...(options.extensions ?? []).flatMap((extension) => ['-e', extension]),
    ];
    let terminal: PiTerminal;
    try {
      terminal = new PiTerminal(options, sandbox, model, args);
    } catch (error) {
      // The pty could not be spawned: release what this call created before rethrowing.
      if (options.model === undefined) await model.dispose();
      if (options.sandbox === undefined) await sandbox.dispose();
      throw error;
    }
    trackResource(terminal);
    try {
      await terminal.waitUntil((_screen, lines) => isStartedScreen(lines, options.version.host), 'the editor or a start-up dialog');
      await terminal.waitForQuiet();
    } catch (error) {
      await terminal.dispose();
      throw error;
    }
    return terminal;
  }

  get cols(): number {
    return this.#terminal.cols;
  }

  get rows(): number {
    return this.#terminal.rows;
  }

  /** Pi's process id (also its process group: node-pty starts it as a session leader). */
  get pid(): number {
    return this.#pty.pid;
  }

  /** The exit code once Pi has exited, else undefined. */
  get exitCode(): number | undefined {
    return this.#exitCode;
  }

  /** Types text as a paste-free burst of keystrokes. */
  type(text: string): void {
    this.#write(text);
  }

  press(key: KeyName): void {
    this.#write(keySequence(key));
  }

  /** The visible rows, right-trimmed; what the emulator has parsed so far (see `flush`). */
  screenLines(): string[] {
    return visibleLines(this.#terminal.buffer.active, this.#terminal.rows);
  }

  screenText(): string {
    return this.screenLines().join('\n');
  }

  /** Visible row `row` (0-based), columns [startColumn, endColumn), split into runs of equal colours and weight. */
  styledRow(row: number, startColumn = 0, endColumn = this.#terminal.cols): StyledRun[] {
    const buffer = this.#terminal.buffer.active;
    const line = buffer.getLine(buffer.viewportY + row);
    return line === undefined ? [] : styledRuns(line, startColumn, endColumn);
  }

  /** Every visible row as runs over the full width, trailing blanks kept: what a picture of the screen draws. */
  styledScreen(): StyledRun[][] {
    const buffer = this.#terminal.buffer.active;
    const rows: StyledRun[][] = [];
    for (let row = 0; row < this.#terminal.rows; row++) {
      const line = buffer.getLine(buffer.viewportY + row);
      rows.push(line === undefined ? [] : allStyledRuns(line, 0, this.#terminal.cols));
    }
    return rows;
  }

  /** The index of the first visible row containing the text or matching the pattern, else -1. */
  findRow(expected: string | RegExp): number {
    return this.screenLines().findIndex((line) => screenMatches(line, expected));
  }

  /** Resolves once the emulator has parsed every byte received so far (at once after dispose). */
  flush(): Promise<void> {
    // A disposed xterm never calls a write callback; a wait must not hang on it.
    if (this.#disposed !== undefined) return Promise.resolve();
    return new Promise((resolve) => {
      this.#terminal.write('', resolve);
    });
  }

  /** Waits until the screen contains the text (or matches the pattern); rejects with the screen. */
  async waitForText(expected: string | RegExp, timeoutMs = this.#timeoutMs): Promise<void> {
    await this.waitUntil((screen) => screenMatches(screen, expected), `screen text ${String(expected)}`, timeoutMs);
  }

  /** Waits until `predicate(screenText, screenLines)` holds; rejects with the screen after `timeoutMs`. */
  async waitUntil(predicate: (screen: string, lines: readonly string[]) => boolean, what = 'a screen condition', timeoutMs = this.#timeoutMs): Promise<void> {
    const seen = await pollUntil(
      async () => {
        await this.flush();
        const lines = this.screenLines();
        if (predicate(lines.join('\n'), lines)) return 'seen';
        // A Pi that has exited will not draw anything new: fail now, with its last screen.
        return this.#exitCode === undefined ? undefined : 'exited';
      },
      { timeoutMs },
    );
    if (seen === 'exited') throw new Error(this.#describe(what, 'before Pi exited'));
    if (seen !== 'seen') throw new Error(this.#describe(what, `within ${timeoutMs} ms`));
  }

  /** Waits until Pi has written nothing for `quietMs` (spinners and streaming have stopped). */
  async waitForQuiet(quietMs = DEFAULT_QUIET_MS, timeoutMs = this.#timeoutMs): Promise<void> {
    const quiet = await pollUntil(() => (Date.now() - this.#lastOutputAt >= quietMs ? true : undefined), { timeoutMs });
    if (quiet === undefined) throw new Error(this.#describe(`${quietMs} ms without output`, `within ${timeoutMs} ms`));
    await this.flush();
  }

  resize(cols: number, rows: number): void {
    this.#terminal.resize(cols, rows);
    if (this.#exitCode === undefined) this.#pty.resize(cols, rows);
  }

  /** Resolves with Pi's exit code once it exits; rejects with the screen after `timeoutMs`. */
  async waitForExit(timeoutMs = this.#timeoutMs): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        resolve(undefined);
      }, timeoutMs);
    });
    const exit = await Promise.race([this.#exited, timeout]);
    clearTimeout(timer);
    if (exit === undefined) throw new Error(this.#describe('Pi exiting', `within ${timeoutMs} ms`));
    return exit.exitCode;
  }

  /**
   * Quits the way a person does: ctrl+c clears the editor, a second ctrl+c within 500 ms quits (the same
   * on 0.73.1, 0.84.2 and 1.6.0). Both go in one write: Pi's input reader takes each byte as a key, and a
   * pause between two writes, stretched by a loaded machine past Pi's 500 ms, left Pi running.
   * Resolves with the exit code.
   */
  quit(timeoutMs = this.#timeoutMs): Promise<number> {
    this.#write(keySequence('ctrl+c').repeat(2));
    return this.waitForExit(timeoutMs);
  }

  /** Kills Pi's process group if it still runs, then removes what it owns (model, sandbox). */
  dispose(): Promise<void> {
    this.#disposed ??= (async () => {
      untrackResource(this);
      if (this.#exitCode === undefined) {
        killProcessGroup(this.#pty.pid);
        await Promise.race([this.#exited, new Promise((resolve) => setTimeout(resolve, EXIT_GRACE_MS))]);
      }
      untrackTerminalProcess(this.#processHandle);
      this.#terminal.dispose();
      if (this.#ownsModel) await this.model.dispose();
      if (this.#ownsSandbox) await this.sandbox.dispose();
    })();
    return this.#disposed;
  }

  #write(data: string): void {
    if (this.#exitCode !== undefined) throw new Error(`${hostLabel(this.version)} has exited (code ${this.#exitCode}); cannot type`);
    this.#pty.write(data);
  }

  #describe(what: string, when: string): string {
    const exited = this.#exitCode === undefined ? '' : ` (${this.version.host.displayName} exited with code ${this.#exitCode})`;
    return `${hostLabel(this.version)} terminal${exited}: ${describeWaitFailure(what, when, this.screenLines())}`;
  }
}

// The negative pid reaches every process Pi started too; ESRCH only means it is already gone.
function killProcessGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** True once the host drew its editor (see TerminalFacts.editorDrawn) or a start-up dialog such as Pi's project trust. */
export function isStartedScreen(lines: readonly string[], host: HostFacts = PI_HOST): boolean {
  return lines.some((line) => host.terminal.editorDrawn.test(line) || line.includes('Trust project folder?'));
}

/** Starts interactive Pi in a pseudo-terminal; `dispose()` (or `disposeAll()`) reaps it. */
export function startPiTerminal(options: StartPiTerminalOptions): Promise<PiTerminal> {
  return PiTerminal.start(options);
}
