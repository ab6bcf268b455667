import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describeEachPi, startPi } from '@j1nn0/pi-real-hosts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EMPTY_STATUS } from '../snapshots.js';
import { runAgentState } from './support/real-pi.js';

// What a new user gets: the committed HEAD, a frozen install and the adapter's own build, nothing
// from this working tree. Uncommitted changes are invisible here on purpose.

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const STEP_TIMEOUT_MS = 120_000;
const CLONE_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;

const execFileAsync = promisify(execFile);

async function runStep(command: string, args: readonly string[], cwd: string): Promise<void> {
  try {
    await execFileAsync(command, args, { cwd, timeout: STEP_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${command} ${args.join(' ')} failed:\n${stderr.split('\n').slice(-15).join('\n')}`, { cause: error });
  }
}

let cloneDir: string | undefined;

function clonedExtension(): string {
  if (cloneDir === undefined) throw new Error('the clone was not made');
  return join(cloneDir, 'packages', 'agent-state-pi', 'dist', 'extension.js');
}

beforeAll(async () => {
  const parent = await mkdtemp(join(tmpdir(), 'agent-state-pi-clone-'));
  const dir = join(parent, 'repo');
  cloneDir = dir;
  await runStep('git', ['clone', '-q', REPO_ROOT, dir], parent);
  // The pnpm store is warm after the workspace install; offline keeps the test off the network.
  await runStep('pnpm', ['install', '--frozen-lockfile', '--offline'], dir).catch(() =>
    runStep('pnpm', ['install', '--frozen-lockfile'], dir),
  );
  await runStep('pnpm', ['--filter', '@j1nn0/agent-state-pi', 'build'], dir);
}, CLONE_TIMEOUT_MS);

// The clone's node_modules links every Pi release line (tens of thousands of files): removing it
// takes longer than vitest's default 10 s hook bound on a loaded machine.
afterAll(async () => {
  if (cloneDir !== undefined) await rm(join(cloneDir, '..'), { recursive: true, force: true, maxRetries: 3 });
}, STEP_TIMEOUT_MS);

// The clone's build is the same code every other e2e file runs on all release lines; what is new here
// (a frozen install and build from HEAD) does not depend on the Pi line, so the anchors suffice.
describeEachPi('agent-state-pi from a fresh clone of HEAD in the real Pi', (target) => {
  it('loads the built extension of the clone and shows the empty status', async () => {
    const pi = await startPi({ ...target, extensions: [clonedExtension()] });

    expect(await runAgentState(pi, 'status')).toEqual([{ message: EMPTY_STATUS, notifyType: 'info' }]);
    expect(pi.extensionErrors()).toEqual([]);
  });
}, { lines: 'anchors' });
