import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trackResource, untrackResource } from './process-registry.js';

/** Where every sandboxed Pi on Node 22 keeps compiled modules, outside the sandboxes, for this machine's runs. */
const SHARED_COMPILE_CACHE = join(tmpdir(), 'pi-real-hosts-compile-cache');
/** Where every sandboxed oh-my-pi (Bun) keeps the TypeScript it transpiled, keyed by content like Node's cache. */
const SHARED_BUN_CACHE = join(tmpdir(), 'pi-real-hosts-bun-cache');

/**
 * Agent settings every sandbox starts with. keepRecentTokens 1 lets a three-turn session compact
 * on 0.84+ (which refuse "too small" sessions); retries are off so a failing script fails fast.
 */
export const DEFAULT_AGENT_SETTINGS: Readonly<Record<string, unknown>> = Object.freeze({
  compaction: { keepRecentTokens: 1 },
  retry: { enabled: false, provider: { maxRetries: 0 } },
  enableInstallTelemetry: false,
  quietStartup: true,
});

export interface PiSandboxOptions {
  /** Top-level keys merged over DEFAULT_AGENT_SETTINGS into `<agent>/settings.json`. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * More variables for every child (e.g. `npm_config_*` for the npm that `pi install npm:` runs).
   * Applied last, so they may override the defaults; keep any path they name inside the root.
   */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * A fixed root instead of a fresh temp folder, so every path Pi shows or sends is the same on
   * every run (the demo pictures). It must not exist yet: the sandbox makes it and removes it.
   */
  readonly root?: string;
  /** The project folder below the root (default `project`); `home/<name>` makes Pi show it as `~/<name>`. */
  readonly projectPath?: string;
}

/** One temp root holding everything a Pi run may touch; removed on dispose. */
export class PiSandbox {
  readonly root: string;
  readonly agentDir: string;
  readonly homeDir: string;
  readonly projectDir: string;
  readonly sessionDir: string;
  readonly tmpDir: string;
  readonly #extraEnv: Readonly<Record<string, string>>;
  #disposed: Promise<void> | undefined;

  private constructor(root: string, extraEnv: Readonly<Record<string, string>>, projectPath: string) {
    this.root = root;
    this.#extraEnv = { ...extraEnv };
    this.agentDir = join(root, 'agent');
    this.homeDir = join(root, 'home');
    this.projectDir = join(root, projectPath);
    this.sessionDir = join(root, 'sessions');
    this.tmpDir = join(root, 'tmp');
  }

  static async create(options: PiSandboxOptions = {}): Promise<PiSandbox> {
    const root = options.root === undefined ? await mkdtemp(join(tmpdir(), 'pi-testkit-')) : await makeFixedRoot(options.root);
    const sandbox = new PiSandbox(root, options.env ?? {}, options.projectPath ?? 'project');
    trackResource(sandbox);
    const folders = [sandbox.agentDir, sandbox.homeDir, sandbox.projectDir, sandbox.sessionDir, sandbox.tmpDir];
    await Promise.all(folders.map((folder) => mkdir(folder, { recursive: true })));
    await sandbox.writeAgentJson('settings.json', { ...DEFAULT_AGENT_SETTINGS, ...options.settings });
    return sandbox;
  }

  /**
   * The whole environment of a Pi child: nothing is inherited but PATH, so a developer's keys,
   * ~/.pi or NODE_OPTIONS cannot change what a test sees. The `env` option comes last.
   */
  env(): Record<string, string> {
    return {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      HOME: this.homeDir,
      XDG_CONFIG_HOME: join(this.homeDir, '.config'),
      XDG_CACHE_HOME: join(this.homeDir, '.cache'),
      XDG_DATA_HOME: join(this.homeDir, '.local', 'share'),
      XDG_STATE_HOME: join(this.homeDir, '.local', 'state'),
      TMPDIR: this.tmpDir,
      // Node 22's cache of compiled modules (Pi 1.x enables it under TMPDIR, which is new each sandbox): one
      // for every Pi this process starts, so each line's code is compiled once. It holds bytecode only.
      NODE_COMPILE_CACHE: SHARED_COMPILE_CACHE,
      // Bun's cache of the TypeScript it transpiled (oh-my-pi runs from source), shared the same way.
      BUN_RUNTIME_TRANSPILER_CACHE_PATH: SHARED_BUN_CACHE,
      PI_CODING_AGENT_DIR: this.agentDir,
      PI_OFFLINE: '1',
      PI_TELEMETRY: '0',
      PI_SKIP_VERSION_CHECK: '1',
      ...this.#extraEnv,
    };
  }

  /** The session files Pi has written so far (absolute paths, sorted): none until a model has replied. */
  sessionFiles(): string[] {
    return readdirSync(this.sessionDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => join(this.sessionDir, name))
      .sort();
  }

  /** Writes `<agent>/<name>` as JSON (settings.json, models.json, ...). */
  async writeAgentJson(name: string, value: unknown): Promise<string> {
    const path = join(this.agentDir, name);
    await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
    return path;
  }

  /**
   * Saves trust for the project folder in `<agent>/trust.json`, what choosing "Trust" in the
   * "Trust project folder?" dialog of Pi 0.84+ does (keyed by the real path). 0.73.1 has no trust.
   */
  async saveProjectTrust(): Promise<string> {
    return this.writeAgentJson('trust.json', { [await realpath(this.projectDir)]: true });
  }

  dispose(): Promise<void> {
    this.#disposed ??= (async () => {
      untrackResource(this);
      await rm(this.root, { recursive: true, force: true, maxRetries: 3 });
    })();
    return this.#disposed;
  }
}

// Not recursive: an existing root (another run using it, or one killed before its clean-up) is an
// error rather than a folder this sandbox would later remove.
async function makeFixedRoot(root: string): Promise<string> {
  try {
    await mkdir(root);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') throw error;
    throw new Error(`sandbox root ${root} exists: another run is using it, or remove what a killed run left`, { cause: error });
  }
  return root;
}

export function createPiSandbox(options: PiSandboxOptions = {}): Promise<PiSandbox> {
  return PiSandbox.create(options);
}
