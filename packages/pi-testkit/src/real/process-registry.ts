import type { ChildProcess } from 'node:child_process';

/** Anything the registry can tear down: drivers, sandboxes, scripted models. */
export interface Disposable {
  dispose(): Promise<void>;
}

// Deliberately process-wide: a test that forgets to dispose must not leak Pi processes past the run.
const liveChildren = new Set<ChildProcess>();
const liveResources = new Set<Disposable>();
let exitHookInstalled = false;

function killLiveChildrenNow(): void {
  for (const child of liveChildren) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  liveChildren.clear();
}

/** Tracks a spawned process until it exits; any still alive when this process exits is SIGKILLed. */
export function trackChild(child: ChildProcess): void {
  if (!exitHookInstalled) {
    process.once('exit', killLiveChildrenNow);
    exitHookInstalled = true;
  }
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
  return liveChildren.size;
}
