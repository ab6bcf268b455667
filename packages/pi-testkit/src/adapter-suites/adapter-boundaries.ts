import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { expect, it, vi } from 'vitest';
import type { FakePiHost } from '../fake-host/fake-host.js';

// What every adapter stays away from: other packages at run time, the console, process and network
// globals, and module-level state. Added to the caller's describe block beside its own checks.

export interface AdapterBoundaries {
  /** The adapter's `src/` folder, e.g. `new URL('../src/', import.meta.url)`. */
  readonly sourceDirectory: URL;
  /** The only packages the sources may import at run time (for our adapters: the core alone). */
  readonly runtimeDependencies: readonly string[];
  /** Workspace packages the build compiles into `dist` (the adapter kit): importable, never dependencies. */
  readonly compiledIn?: readonly string[];
  /** The sister adapter's name, which no source may mention (an adapter never imports another). */
  readonly sisterAdapter?: RegExp;
  readonly start: () => Promise<FakePiHost>;
  /** Drives the extension through its commands, a rejected request and its tools. */
  readonly exercise: (host: FakePiHost) => Promise<void>;
  readonly expectCleanRun: (host: FakePiHost) => void;
}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
}

/** The files of a folder, recursively, whose names end in one of `extensions`, with their text. */
function filesUnder(directory: URL, extensions: readonly string[]): { readonly name: string; readonly text: string }[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => extensions.some((extension) => name.endsWith(extension)))
    .map((name) => ({ name, text: readFileSync(new URL(name, directory), 'utf8') }));
}

export function addAdapterBoundaryTests(boundaries: AdapterBoundaries): void {
  const { sourceDirectory, runtimeDependencies } = boundaries;
  const compiledIn = boundaries.compiledIn ?? [];
  const sources = filesUnder(sourceDirectory, ['.ts']);
  const packages = [...runtimeDependencies, ...compiledIn].map(escapeRegExp).join('|');
  const allowedImports = new RegExp(`^(?:\\.\\.?/(?:[\\w-]+/)*[\\w-]+\\.js|${packages})$`, 'u');

  it('uses no forbidden API and prints nothing to the console through a whole session', async () => {
    const spies = CONSOLE_METHODS.map((method) => vi.spyOn(console, method).mockImplementation(() => undefined));
    try {
      const host = await boundaries.start();
      await boundaries.exercise(host);
      await host.restart();
      await host.newSession();
      boundaries.expectCleanRun(host);
      for (const spy of spies) {
        expect(spy).not.toHaveBeenCalled();
      }
    } finally {
      for (const spy of spies) {
        spy.mockRestore();
      }
    }
  });

  it('imports only its runtime dependencies and its own files, with Pi and typebox as types only', () => {
    const seen = new Set<string>();
    for (const { name, text } of sources) {
      for (const match of text.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gmu)) {
        const specifier = match[1] ?? '';
        seen.add(specifier);
        expect(specifier, `${name} imports ${specifier}`).toMatch(allowedImports);
      }
    }
    // Guards the pattern itself: it must find the runtime imports that do exist.
    for (const dependency of [...runtimeDependencies, ...compiledIn]) {
      expect(seen).toContain(dependency);
    }
  });

  const packageJsonUrl = new URL('../package.json', sourceDirectory);
  it('publishes its runtime dependencies alone: compiled-in packages and Pi are never dependencies', () => {
    const manifest = JSON.parse(readFileSync(packageJsonUrl, 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual([...runtimeDependencies].sort());
  });

  const distDirectory = new URL('../dist/', sourceDirectory);
  if (compiledIn.length > 0 && existsSync(distDirectory)) {
    it('has the compiled-in packages inside its built dist, so no built file imports them', () => {
      const built = filesUnder(distDirectory, ['.js', '.d.ts']);
      expect(built.some(({ name }) => name.endsWith('.js'))).toBe(true);
      for (const { name, text } of built) {
        for (const compiled of compiledIn) {
          expect(text, `${name} still refers to ${compiled}`).not.toContain(`'${compiled}'`);
          expect(text, `${name} still refers to ${compiled}`).not.toContain(`"${compiled}"`);
        }
      }
    });
  }

  const { sisterAdapter } = boundaries;
  if (sisterAdapter !== undefined) {
    it('never imports the sister adapter', () => {
      for (const { name, text } of sources) {
        expect(text, name).not.toMatch(sisterAdapter);
      }
    });
  }

  it('touches no console, process, timer or network global in its sources', () => {
    for (const { name, text } of sources) {
      expect(text, name).not.toMatch(/\b(?:console|process|fetch|setTimeout|setInterval|globalThis)\b/u);
    }
  });

  it('keeps no module-level mutable state', () => {
    for (const { name, text } of sources) {
      expect(text, name).not.toMatch(/^(?:export )?(?:let|var) /mu);
    }
  });
}
