import { execFile } from 'node:child_process';

export interface CommandResult {
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunCommandOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
}

/**
 * Runs one bounded command (npm, pnpm, tar) with exactly `env`; rejects with the command line and
 * the end of its output when it fails or outlives `timeoutMs` (then it is killed).
 */
export function runCommand(command: string, args: readonly string[], options: RunCommandOptions): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: options.cwd, env: options.env, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve({ stdout, stderr });
          return;
        }
        const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-15).join('\n');
        reject(new Error(`${command} ${args.join(' ')} failed (${error.message.split('\n')[0] ?? ''}):\n${tail}`));
      },
    );
  });
}
