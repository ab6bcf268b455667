import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';

// A file inside the package folder that imports '@j1nn0/agent-context-guard' resolves it through
// package.json "exports" to dist, the same way it resolves for someone who installed the package.
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(PACKAGE_DIR, 'README.md'), 'utf8');
const execFileAsync = promisify(execFile);

function quickStartBlocks(): string[] {
  const section = README.split(/^## /m).find((part) => part.startsWith('Quick start\n')) ?? '';
  return Array.from(section.matchAll(/^```ts\n([\s\S]*?)^```$/gm), (match) => match[1] ?? '');
}

const QUICK_START = quickStartBlocks()[0] ?? '';

/** Writes `text` to a file of its own in the package folder for the duration of `use`. */
async function withTemporaryPackageFile<T>(extension: string, text: string, use: (path: string) => Promise<T> | T): Promise<T> {
  const path = join(PACKAGE_DIR, `.quick-start-${process.pid.toString()}${extension}`);
  await writeFile(path, text);
  try {
    return await use(path);
  } finally {
    await rm(path, { force: true });
  }
}

describe('README quick start', () => {
  beforeAll(() => {
    // Incremental build: nothing to do when dist is current, and never a stale dist under test.
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: PACKAGE_DIR });
  }, 120_000);

  test('is one ts block that imports the package by its published name and asserts what it shows', () => {
    expect(quickStartBlocks()).toHaveLength(1);
    expect(QUICK_START).toContain("from '@j1nn0/agent-context-guard'");
    expect(QUICK_START).toContain('assert.deepEqual(');
  });

  test('type-checks with strict settings against the built package', async () => {
    const messages = await withTemporaryPackageFile('.ts', QUICK_START, (path) => {
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
    const javascript = ts.transpileModule(QUICK_START, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const { stdout, stderr } = await withTemporaryPackageFile('.mjs', javascript, (path) =>
      execFileAsync(process.execPath, [path], { cwd: PACKAGE_DIR, timeout: 30_000 }),
    );
    expect({ stdout, stderr }).toEqual({ stdout: '', stderr: '' });
  }, 60_000);
});
