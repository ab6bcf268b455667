import { readFileSync, readdirSync } from 'node:fs';
import { expect, it, vi } from 'vitest';
import type { FakePiHost } from '../fake-host/fake-host.js';

// What every adapter stays away from: other packages at run time, the console, process and network
// globals, and module-level state. Added to the caller's describe block beside its own checks.

export interface AdapterBoundaries {
  /** The adapter's `src/` folder, e.g. `new URL('../src/', import.meta.url)`. */
  readonly sourceDirectory: URL;
  /** The only packages the sources may import at run time (for our adapters: the core alone). */
  readonly runtimeDependencies: readonly string[];
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

export function addAdapterBoundaryTests(boundaries: AdapterBoundaries): void {
  const { sourceDirectory, runtimeDependencies } = boundaries;
  const sources = readdirSync(sourceDirectory)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ name, text: readFileSync(new URL(name, sourceDirectory), 'utf8') }));
  const allowedImports = new RegExp(`^(?:\\./[\\w-]+\\.js|${runtimeDependencies.map(escapeRegExp).join('|')})$`, 'u');

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
    for (const dependency of runtimeDependencies) {
      expect(seen).toContain(dependency);
    }
  });

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
