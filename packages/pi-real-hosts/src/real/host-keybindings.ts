import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findBunBinary } from './bun-binary.js';
import { PI_VERSIONS } from './pi-versions.js';

// The keys each installed host binds by default, so an extension can pick a key none of them uses.
// Two readings per host: the default table its code builds on this machine, and every key id written
// as a string literal in its code and its TUI package, which also catches defaults that differ on
// Windows and WSL and keys matched in code outside the table.

/** One installed host that loads Pi extensions and reads keys from a terminal. */
export interface KeybindingHost {
  readonly label: string;
  /** The coding-agent package (resolved through its pnpm link). */
  readonly packageDir: string;
  /** Its terminal UI package beside it (`pi-tui` of the same scope). */
  readonly tuiDir: string;
  /** Where its key code lives: compiled `dist` for Pi's lines, TypeScript `src` for oh-my-pi (run by Bun). */
  readonly codeDir: 'dist' | 'src';
  readonly runtime: 'node' | 'bun';
}

const packageNodeModules = new URL('../../node_modules/', import.meta.url);

function hostAt(label: string, alias: string, codeDir: KeybindingHost['codeDir'], runtime: KeybindingHost['runtime']): KeybindingHost {
  const packageDir = realpathSync(fileURLToPath(new URL(`${alias}/`, packageNodeModules)));
  // pnpm puts a package's dependencies beside it, in the same scope folder.
  return { label, packageDir, tuiDir: join(dirname(packageDir), 'pi-tui'), codeDir, runtime };
}

/** Every Pi release line of the matrix and oh-my-pi 18.2.3, as installed in this package. */
export const KEYBINDING_HOSTS: readonly KeybindingHost[] = Object.freeze([
  ...PI_VERSIONS.map((version) => hostAt(`Pi ${version.label}`, version.packageName, 'dist', 'node')),
  hostAt('oh-my-pi 18.2.3', 'omp-coding-agent-18.2.3', 'src', 'bun'),
]);

/** What a host binds: its default table here, and every key id its code names. */
export interface HostKeybindings {
  readonly defaults: ReadonlySet<string>;
  readonly literals: ReadonlySet<string>;
}

const MODIFIERS = ['ctrl', 'shift', 'alt', 'super'] as const;

/** `shift+ctrl+p` and `ctrl+shift+p` are one key: modifiers in a fixed order, lower case. */
export function normalizeKeyId(key: string): string {
  const parts = key.toLowerCase().split('+');
  const base = parts.pop() ?? '';
  const modifiers = MODIFIERS.filter((modifier) => parts.includes(modifier));
  // `ctrl++` (the plus key) splits into an empty last part.
  return [...modifiers, base === '' ? '+' : base].join('+');
}

// A quoted key id with at least one modifier: `"alt+s"`, `'shift+ctrl+p'`, `` `ctrl+]` ``.
const KEY_LITERAL = /["'`]((?:(?:ctrl|shift|alt|super)\+)+(?:[a-z0-9]+|[^\s"'`]))["'`]/giu;

function codeFiles(dir: string, extension: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension) && !entry.name.endsWith(`.d${extension}`))
    .map((entry) => join(entry.parentPath, entry.name));
}

function keyLiterals(files: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(KEY_LITERAL)) {
      if (match[1] !== undefined) keys.add(normalizeKeyId(match[1]));
    }
  }
  return keys;
}

interface KeybindingTable {
  readonly KEYBINDINGS: Readonly<Record<string, { readonly defaultKeys?: string | readonly string[] }>>;
}

function tableKeys(table: KeybindingTable['KEYBINDINGS']): Set<string> {
  return new Set(Object.values(table).flatMap((binding) => [binding.defaultKeys ?? []].flat().map(normalizeKeyId)));
}

const BUN_READ_TIMEOUT_MS = 20_000;

/** oh-my-pi's modules need Bun (they import `bun`): a Bun child runs `script` and prints JSON. */
function runWithBun<T>(host: KeybindingHost, script: string): Promise<T> {
  const bun = findBunBinary();
  if (bun.bunPath === null) return Promise.reject(new Error(`${host.label}: ${bun.skipReason}`));
  return new Promise((resolve, reject) => {
    execFile(
      bun.bunPath,
      ['-e', script],
      { cwd: host.packageDir, timeout: BUN_READ_TIMEOUT_MS, killSignal: 'SIGKILL', env: { PATH: process.env['PATH'] ?? '' } },
      (error, stdout) => {
        if (error !== null) {
          reject(new Error(`${host.label}: Bun failed: ${error.message}`));
          return;
        }
        resolve(JSON.parse(stdout) as T);
      },
    );
  });
}

async function readTable(host: KeybindingHost): Promise<Set<string>> {
  if (host.runtime === 'bun') {
    const moduleUrl = pathToFileURL(join(host.packageDir, 'src', 'config', 'keybindings.ts')).href;
    const keys = await runWithBun<string[]>(
      host,
      `const { KEYBINDINGS } = await import(${JSON.stringify(moduleUrl)}); console.log(JSON.stringify(Object.values(KEYBINDINGS).flatMap((b) => [b.defaultKeys ?? []].flat())));`,
    );
    return new Set(keys.map(normalizeKeyId));
  }
  const table = (await import(pathToFileURL(join(host.packageDir, 'dist', 'core', 'keybindings.js')).href)) as KeybindingTable;
  return tableKeys(table.KEYBINDINGS);
}

export async function readHostKeybindings(host: KeybindingHost): Promise<HostKeybindings> {
  const extension = host.codeDir === 'dist' ? '.js' : '.ts';
  const files = [...codeFiles(join(host.packageDir, host.codeDir), extension), ...codeFiles(join(host.tuiDir, host.codeDir), extension)];
  return { defaults: await readTable(host), literals: keyLiterals(files) };
}

interface TuiKeys {
  matchesKey(data: string, key: string): boolean;
}

/** Whether the host's terminal UI reads `bytes` (as a terminal sends them, no kitty protocol) as `key`. */
export async function hostReadsKey(host: KeybindingHost, bytes: string, key: string): Promise<boolean> {
  if (host.runtime === 'bun') {
    const moduleUrl = pathToFileURL(join(host.tuiDir, 'src', 'index.ts')).href;
    return runWithBun<boolean>(
      host,
      `const { matchesKey } = await import(${JSON.stringify(moduleUrl)}); console.log(JSON.stringify(matchesKey(${JSON.stringify(bytes)}, ${JSON.stringify(key)})));`,
    );
  }
  const tui = (await import(pathToFileURL(join(host.tuiDir, 'dist', 'index.js')).href)) as TuiKeys;
  return tui.matchesKey(bytes, key);
}
