import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Disposable } from '@j1nn0/pi-real-hosts';

// A verdaccio on 127.0.0.1 with its storage in a temp folder and no uplink: it serves only what was
// published to it, so an install from it can reach nothing else.

const VERDACCIO_BIN = join(dirname(fileURLToPath(import.meta.resolve('verdaccio/package.json'))), 'bin', 'verdaccio');
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const POLL_MS = 100;

/** The config: anonymous read and publish of our scope, read-only for anything else, no proxy. */
function registryConfig(storageDir: string, htpasswdFile: string): string {
  return [
    `storage: ${JSON.stringify(storageDir)}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(htpasswdFile)}`,
    '    max_users: -1',
    'uplinks: {}',
    'packages:',
    "  '@j1nn0/*':",
    '    access: $anonymous',
    '    publish: $anonymous',
    "  '**':",
    '    access: $anonymous',
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        if (port === 0) reject(new Error('no free port'));
        else resolve(port);
      });
    });
  });
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(false);
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export class LocalRegistry implements Disposable {
  /** The registry URL, ending in `/`. */
  readonly url: string;
  readonly #child: ChildProcess;
  readonly #output: () => string;
  #disposed: Promise<void> | undefined;

  private constructor(url: string, child: ChildProcess, output: () => string) {
    this.url = url;
    this.#child = child;
    this.#output = output;
  }

  /** Starts verdaccio with everything under `dir`; resolves once it answers its ping. */
  static async start(dir: string): Promise<LocalRegistry> {
    await mkdir(join(dir, 'storage'), { recursive: true });
    const configFile = join(dir, 'config.yaml');
    await writeFile(configFile, registryConfig(join(dir, 'storage'), join(dir, 'htpasswd')));
    const port = await freeLoopbackPort();
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, LANG: 'C.UTF-8' };
    const child = spawn(process.execPath, [VERDACCIO_BIN, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Neither the child nor the registry goes into pi-real-hosts' process registry: describeEachPi
    // empties that after each version's suite, and one registry serves all suites of a file.
    const killOnExit = (): void => {
      if (!hasExited(child)) child.kill('SIGKILL');
    };
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const registry = new LocalRegistry(`http://127.0.0.1:${port}/`, child, () => output);
    try {
      await registry.#waitForPing();
    } catch (error) {
      await registry.dispose();
      throw error;
    }
    return registry;
  }

  /** What verdaccio printed so far. */
  output(): string {
    return this.#output();
  }

  async #waitForPing(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (hasExited(this.#child)) throw new Error(`verdaccio exited at start:\n${this.#output()}`);
      const answered = await fetch(new URL('-/ping', this.url), { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`verdaccio did not answer within ${START_TIMEOUT_MS} ms:\n${this.#output()}`);
  }

  /** Stops verdaccio (SIGTERM, then SIGKILL after a grace period). Idempotent. */
  dispose(): Promise<void> {
    this.#disposed ??= (async () => {
      if (this.#child.pid === undefined || hasExited(this.#child)) return;
      this.#child.kill('SIGTERM');
      if (await exited(this.#child, STOP_GRACE_MS)) return;
      this.#child.kill('SIGKILL');
      await exited(this.#child, STOP_GRACE_MS);
    })();
    return this.#disposed;
  }
}
