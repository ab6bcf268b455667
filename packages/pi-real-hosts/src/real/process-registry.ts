import type { ChildProcess } from 'node:child_process';

/** Anything the registry can tear down: drivers, sandboxes, scripted models. */
export interface Disposable {
  dispose(): Promise<void>;
}

// Deliberately process-wide: a test that forgets to dispose must not leak Pi processes past the run.
const liveChildren = new Set<ChildProcess>();
const liveResources = new Set<Disposable>();
const liveTerminalProcesses = new Set<TerminalProcess>();
let exitHookInstalled = false;

function killLiveChildrenNow(): void {
  for (const child of liveChildren) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  liveChildren.clear();
  for (const terminalProcess of liveTerminalProcesses) terminalProcess.killNow();
  liveTerminalProcesses.clear();
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  process.once('exit', killLiveChildrenNow);
  exitHookInstalled = true;
}

/** A process that is not a ChildProcess (a pseudo-terminal's), killed synchronously. */
export interface TerminalProcess {
  killNow(): void;
}

/** Tracks a terminal's process until `untrackTerminalProcess`; killed when this process exits. */
export function trackTerminalProcess(terminalProcess: TerminalProcess): void {
  installExitHook();
  liveTerminalProcesses.add(terminalProcess);
}

export function untrackTerminalProcess(terminalProcess: TerminalProcess): void {
  liveTerminalProcesses.delete(terminalProcess);
}

/** Tracks a spawned process until it exits; any still alive when this process exits is SIGKILLed. */
export function trackChild(child: ChildProcess): void {
  installExitHook();
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
}

export function trackResource(resource: Disposable): void {
  liveResources.add(resource);
}

export function untrackResource(resource: Disposable): void {
  liveResources.delete(resource);
}

/** Disposes every driver, model and sandbox not yet disposed, newest first; for `afterEach`/`afterAll`. */
export async function disposeAll(): Promise<void> {
  const resources = [...liveResources].reverse();
  liveResources.clear();
  let failed = 0;
  // One at a time: a driver must be gone before the sandbox it runs in is removed.
  for (const resource of resources) {
    try {
      await resource.dispose();
    } catch {
      failed++;
    }
  }
  killLiveChildrenNow();
  if (failed > 0) throw new Error(`disposeAll: ${failed} resource(s) failed to dispose`);
}

/** How many spawned processes are still alive (for tests of the registry itself). */
export function liveProcessCount(): number {
  return liveChildren.size + liveTerminalProcesses.size;
}
