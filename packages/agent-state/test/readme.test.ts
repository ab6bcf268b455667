import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';

// The quick start imports the package by name; from a file inside this folder that resolves
// through package.json "exports" to dist, exactly as it does for a user.
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(PACKAGE_DIR, 'README.md'), 'utf8');
const runFile = promisify(execFile);

function quickStartBlocks(readme: string): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Quick start\n')) ?? '';
  return Array.from(section.matchAll(/^```ts\n([\s\S]*?)^```$/gm), (match) => match[1] ?? '');
}

const QUICK_START = quickStartBlocks(README)[0] ?? '';

/** Writes `text` to a uniquely named file in the package folder, hands its path to `use`, then deletes it. */
async function withPackageFile<T>(extension: string, text: string, use: (path: string) => Promise<T> | T): Promise<T> {
  const path = join(PACKAGE_DIR, `.readme-quick-start-${process.pid.toString()}${extension}`);
  await writeFile(path, text);
  try {
    return await use(path);
  } finally {
    await rm(path, { force: true });
  }
}

describe('README quick start', () => {
  beforeAll(() => {
    // Incremental: a no-op when dist is current, and never a stale dist under test.
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: PACKAGE_DIR });
  }, 120_000);

  test('is exactly one ts block that imports the package by its published name', () => {
    expect(quickStartBlocks(README)).toHaveLength(1);
    expect(QUICK_START).toContain("from '@j1nn0/agent-state'");
    expect(QUICK_START).toContain('assert.');
  });

  test('type-checks under strict settings against the built package', async () => {
    const diagnostics = await withPackageFile('.ts', QUICK_START, (path) => {
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
    expect(diagnostics).toEqual([]);
  }, 60_000);

  test('runs to the end with node, its own assertions included', async () => {
    const javascript = ts.transpileModule(QUICK_START, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const { stderr } = await withPackageFile('.mjs', javascript, (path) =>
      runFile(process.execPath, [path], { cwd: PACKAGE_DIR, timeout: 30_000 }),
    );
    expect(stderr).toBe('');
  }, 60_000);
});
