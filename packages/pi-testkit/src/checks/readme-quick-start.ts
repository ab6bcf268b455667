import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';

// A file inside the package folder that imports the package by name resolves it through
// package.json "exports" to dist, the same way it resolves for someone who installed the package.

export interface ReadmeQuickStart {
  /** The package folder, holding README.md, package.json and tsconfig.build.json. */
  readonly packageDirectory: URL;
  /** Text that shows the block checks its own results, e.g. `assert.deepEqual(`. */
  readonly assertion: string;
}

const runFile = promisify(execFile);

/** The ```ts blocks of the README's "## Quick start" section, in order. */
function quickStartBlocks(readme: string): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Quick start\n')) ?? '';
  return Array.from(section.matchAll(/^```ts\n([\s\S]*?)^```$/gm), (match) => match[1] ?? '');
}

// Loaded on first use: the compiler is large and most importers of these checks never need it.
async function loadTypeScript(): Promise<typeof import('typescript')> {
  return (await import('typescript')).default;
}

/** Writes `text` to a file of its own in `directory` for the duration of `use`, then deletes it. */
async function withTemporaryFile<T>(directory: string, extension: string, text: string, use: (path: string) => Promise<T> | T): Promise<T> {
  const path = join(directory, `.readme-quick-start-${process.pid.toString()}${extension}`);
  await writeFile(path, text);
  try {
    return await use(path);
  } finally {
    await rm(path, { force: true });
  }
}

/** The README's quick start is one block that type-checks strictly and runs cleanly against the built package. */
export function describeReadmeQuickStart({ packageDirectory, assertion }: ReadmeQuickStart): void {
  const directory = fileURLToPath(packageDirectory);
  const readme = readFileSync(join(directory, 'README.md'), 'utf8');
  const { name } = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { name: string };
  const quickStart = quickStartBlocks(readme)[0] ?? '';

  describe('README quick start', () => {
    beforeAll(() => {
      // Incremental build: nothing to do when dist is current, and never a stale dist under test.
      const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
      execFileSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: directory });
    }, 120_000);

    test('is one ts block that imports the package by its published name and asserts what it shows', () => {
      expect(quickStartBlocks(readme)).toHaveLength(1);
      expect(quickStart).toContain(`from '${name}'`);
      expect(quickStart).toContain(assertion);
    });

    test('type-checks with strict settings against the built package', async () => {
      const ts = await loadTypeScript();
      const messages = await withTemporaryFile(directory, '.ts', quickStart, (path) => {
        const program = ts.createProgram([path], {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.NodeNext,
          moduleResolution: ts.ModuleResolutionKind.NodeNext,
          types: ['node'],
          noEmit: true,
          skipLibCheck: true,
        });
        return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      });
      expect(messages).toEqual([]);
    }, 60_000);

    test('runs to its end with node, every assertion in it passing', async () => {
      const ts = await loadTypeScript();
      const javascript = ts.transpileModule(quickStart, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const { stdout, stderr } = await withTemporaryFile(directory, '.mjs', javascript, (path) =>
        runFile(process.execPath, [path], { cwd: directory, timeout: 30_000 }),
      );
      expect({ stdout, stderr }).toEqual({ stdout: '', stderr: '' });
    }, 60_000);
  });
}
