import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { lastLines, waitForExit } from './child-exit.js';
import { hostEnv, hostLabel, hostModelArgs, writeHostModelConfig } from './host-launch.js';
import type { PiVersion } from './pi-versions.js';
import { trackChild } from './process-registry.js';
import type { PiSandbox } from './sandbox.js';
import type { ScriptedModel } from './scripted-model.js';

export interface RunPiCliOptions {
  readonly version: PiVersion;
  readonly runtimePath: string;
  readonly sandbox: PiSandbox;
  /** Arguments after the CLI path, e.g. `['install', '/abs/pkg', '-l']`. */
  readonly args: readonly string[];
  /**
   * For a run that talks to a model (`-p`, `--mode json`): writes its models.json and puts
   * `--provider`, `--model` and `--session-dir <sandbox>/sessions` before `args`.
   */
  readonly model?: ScriptedModel;
  /** Absolute extension paths, each passed as `-e` before `args`. */
  readonly extensions?: readonly string[];
  /** Working directory; default the sandbox's project dir. */
  readonly cwd?: string;
  readonly timeoutMs?: number;
}

export interface PiCliResult {
  readonly stdout: string;
  readonly stderr: string;
  /** Exit code; null when a signal ended it. Print mode exits 0 even after extension errors. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

const DEFAULT_CLI_TIMEOUT_MS = 30_000;

/** Runs the Pi CLI once, non-interactively, in the sandbox's isolated environment (stdin closed). */
export async function runPiCli(options: RunPiCliOptions): Promise<PiCliResult> {
  const { model, sandbox } = options;
  if (model !== undefined) await writeHostModelConfig(options.version.host, sandbox, model);
  const modelArgs = model === undefined ? [] : [...hostModelArgs(options.version.host, model), '--session-dir', sandbox.sessionDir];
  const extensionArgs = (options.extensions ?? []).flatMap((path) => ['-e', path]);
  return runIsolatedNode({
    runtimePath: options.runtimePath,
    argv: [options.version.cliPath, ...modelArgs, ...extensionArgs, ...options.args],
    cwd: options.cwd ?? sandbox.projectDir,
    env: hostEnv(options.version.host, sandbox),
    timeoutMs: options.timeoutMs ?? DEFAULT_CLI_TIMEOUT_MS,
    what: `${hostLabel(options.version)} CLI`,
  });
}

export interface RunPiSdkScriptOptions {
  readonly version: PiVersion;
  readonly runtimePath: string;
  readonly sandbox: PiSandbox;
  /** Absolute path of a Node script (ESM) that embeds Pi; it finds Pi's entry module in PI_SDK_ENTRY. */
  readonly script: string;
  /** More variables for the script, e.g. the paths it should open; the sandbox's isolation stays. */
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

/** The release's package folder: the nearest folder above its CLI with a package.json. */
function packageDirOf(version: PiVersion): string {
  let dir = dirname(version.cliPath);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Pi ${version.label}: no package.json above ${version.cliPath}`);
    dir = parent;
  }
  return dir;
}

/**
 * Runs a script that uses Pi as a library (the SDK: `createAgentSession`, ...) in its own Node, so a
 * release that needs Node 22 runs under a Node 20 test process. It gets the sandbox's environment
 * plus PI_SDK_ENTRY, the absolute path of the release's main module (its package `exports["."]`).
 */
export async function runPiSdkScript(options: RunPiSdkScriptOptions): Promise<PiCliResult> {
  const packageDir = packageDirOf(options.version);
  const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { exports?: { '.'?: { import?: string } } };
  const entry = manifest.exports?.['.']?.import;
  if (entry === undefined) throw new Error(`Pi ${options.version.label}: package.json has no exports["."].import`);
  return runIsolatedNode({
    runtimePath: options.runtimePath,
    argv: [options.script],
    cwd: options.sandbox.projectDir,
    env: { ...options.sandbox.env(), ...options.env, PI_SDK_ENTRY: join(packageDir, entry) },
    timeoutMs: options.timeoutMs ?? DEFAULT_CLI_TIMEOUT_MS,
    what: `Pi ${options.version.label} SDK script`,
  });
}

interface IsolatedNodeRun {
  readonly runtimePath: string;
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Names the run in errors, e.g. `Pi 1.6.0 CLI`. */
  readonly what: string;
}

async function runIsolatedNode(run: IsolatedNodeRun): Promise<PiCliResult> {
  const child = spawn(run.runtimePath, run.argv, { cwd: run.cwd, env: run.env, stdio: ['ignore', 'pipe', 'pipe'] });
  trackChild(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close' (not 'exit') so that the last stdout/stderr chunks are in.
  const outcome = await new Promise<'closed' | 'timeout' | 'spawn-failed'>((resolve) => {
    const timer = setTimeout(() => {
      resolve('timeout');
    }, run.timeoutMs);
    child.once('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
    child.once('error', () => {
      clearTimeout(timer);
      resolve('spawn-failed');
    });
  });
  if (outcome === 'spawn-failed') {
    throw new Error(`${run.what}: could not start the node binary`);
  }
  if (outcome === 'timeout') {
    child.kill('SIGKILL');
    await waitForExit(child, 2_000);
    const tail = lastLines(stderr, 10).join('\n');
    throw new Error(`${run.what}: timed out after ${run.timeoutMs} ms. Last stderr lines:\n${tail}`);
  }
  return { stdout, stderr, code: child.exitCode, signal: child.signalCode };
}
