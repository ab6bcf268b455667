import { spawn } from 'node:child_process';
import { lastLines, waitForExit } from './child-exit.js';
import type { PiVersion } from './pi-versions.js';
import { trackChild } from './process-registry.js';
import type { PiSandbox } from './sandbox.js';

export interface RunPiCliOptions {
  readonly version: PiVersion;
  readonly nodePath: string;
  readonly sandbox: PiSandbox;
  /** Arguments after the CLI path, e.g. `['install', '/abs/pkg', '-l']`. */
  readonly args: readonly string[];
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

export const DEFAULT_CLI_TIMEOUT_MS = 30_000;

/** Runs the Pi CLI once, non-interactively, in the sandbox's isolated environment (stdin closed). */
export async function runPiCli(options: RunPiCliOptions): Promise<PiCliResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CLI_TIMEOUT_MS;
  const child = spawn(options.nodePath, [options.version.cliPath, ...options.args], {
    cwd: options.cwd ?? options.sandbox.projectDir,
    env: options.sandbox.env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close' (not 'exit') so that the last stdout/stderr chunks are in.
  const outcome = await new Promise<'closed' | 'timeout' | 'spawn-failed'>((resolve) => {
    const timer = setTimeout(() => {
      resolve('timeout');
    }, timeoutMs);
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
    throw new Error(`Pi ${options.version.label} CLI: could not start the node binary`);
  }
  if (outcome === 'timeout') {
    child.kill('SIGKILL');
    await waitForExit(child, 2_000);
    const tail = lastLines(stderr, 10).join('\n');
    throw new Error(`Pi ${options.version.label} CLI: timed out after ${timeoutMs} ms. Last stderr lines:\n${tail}`);
  }
  return { stdout, stderr, code: child.exitCode, signal: child.signalCode };
}
