import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runServer } from 'verdaccio';

// A verdaccio on 127.0.0.1, inside the test's own process, with its storage in a temp folder and no
// uplink: it serves only what was published to it, so an install from it can reach nothing else.

/** The config: anonymous read and publish of our scope, read-only for anything else, no proxy. */
function registryConfig(dir: string): string {
  return [
    `storage: ${JSON.stringify(join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
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

/** What the registry holds of one package: its tags and each version's published manifest. */
export interface RegistryDocument {
  readonly 'dist-tags': Readonly<Record<string, string>>;
  readonly versions: Readonly<Record<string, { readonly dependencies?: Readonly<Record<string, string>>; readonly dist: { readonly tarball: string } }>>;
}

export class LocalRegistry {
  /** The registry URL, ending in `/`. */
  readonly url: string;
  readonly #server: Server;

  private constructor(url: string, server: Server) {
    this.url = url;
    this.#server = server;
  }

  /** Starts verdaccio with everything under `dir`, listening on a free loopback port. */
  static async start(dir: string): Promise<LocalRegistry> {
    await mkdir(join(dir, 'storage'), { recursive: true });
    const configFile = join(dir, 'config.yaml');
    await writeFile(configFile, registryConfig(dir));
    const server = (await runServer(configFile)) as Server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    return new LocalRegistry(`http://127.0.0.1:${(server.address() as AddressInfo).port.toString()}/`, server);
  }

  /** The registry's document of one package. */
  async document(name: string): Promise<RegistryDocument> {
    const response = await fetch(new URL(name.replace('/', '%2f'), this.url), { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`${name}: the registry answered ${response.status}`);
    return (await response.json()) as RegistryDocument;
  }

  /** Stops listening and drops the connections npm keeps open. */
  dispose(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => {
      this.#server.close(() => {
        resolve();
      });
    });
  }
}
