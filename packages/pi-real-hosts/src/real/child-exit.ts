import type { ChildProcess } from 'node:child_process';

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves true once the child has exited, false if it is still running after `timeoutMs`. */
export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

/** Closes stdin (Pi's orderly shutdown), then SIGKILLs if the child outlives `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  // A child whose spawn failed has no pid and never emits 'exit'.
  if (child.pid === undefined) return;
  child.stdin?.end();
  if (await waitForExit(child, graceMs)) return;
  child.kill('SIGKILL');
  await waitForExit(child, graceMs);
}

/** The last `count` non-empty lines of a text, for error messages. */
export function lastLines(text: string, count: number): string[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-count);
}
