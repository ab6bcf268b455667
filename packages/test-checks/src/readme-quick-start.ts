import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CompilerHost, CompilerOptions, SourceFile } from 'typescript';
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

// Loaded on first use, with Node's own require so that a worker loads it once: the compiler is large and
// most importers of these checks never need it.
function loadTypeScript(): typeof import('typescript') {
  return createRequire(import.meta.url)('typescript') as typeof import('typescript');
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

const EXAMPLE_FILE_PREFIX = '.readme-example-';

/**
 * Declaration files parsed by earlier programs in this process: TypeScript's and Node's libraries and the
 * built packages do not change during a run, and parsing them is most of what a program costs. The
 * examples themselves are parsed fresh every time.
 */
const parsedDeclarations = new Map<string, SourceFile>();

function cachingCompilerHost(ts: typeof import('typescript'), options: CompilerOptions): CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.endsWith('.d.ts') || fileName.includes(EXAMPLE_FILE_PREFIX)) return parse(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    const known = parsedDeclarations.get(key);
    if (known !== undefined) return known;
    const parsed = parse(fileName, languageVersion, onError, shouldCreate);
    if (parsed !== undefined) parsedDeclarations.set(key, parsed);
    return parsed;
  };
  return host;
}

/** The messages TypeScript gives for each of `codes` as a file of the package, with strict settings, in one program. */
async function typeCheckProblems(directory: string, codes: readonly string[]): Promise<string[][]> {
  const ts = loadTypeScript();
  const paths = codes.map((_code, index) => join(directory, `${EXAMPLE_FILE_PREFIX}${process.pid.toString()}-${(index + 1).toString()}.ts`));
  await Promise.all(codes.map((code, index) => writeFile(paths[index] ?? '', code)));
  try {
    const options: CompilerOptions = {
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      noEmit: true,
      skipLibCheck: true,
    };
    const program = ts.createProgram(paths, options, cachingCompilerHost(ts, options));
    return paths.map((path) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(path)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    );
  } finally {
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  }
}

/** Builds the package incrementally (nothing to do when dist is current), so examples meet the dist they name. */
function buildPackage(directory: string): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: directory });
}

/** Every ```ts block of the README is a whole file that type-checks strictly against the built package. */
export function describeReadmeExamples({ packageDirectory }: { readonly packageDirectory: URL }): void {
  const directory = fileURLToPath(packageDirectory);
  const readme = readFileSync(join(directory, 'README.md'), 'utf8');
  const blocks = Array.from(readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm), (match) => match[1] ?? '');

  describe('README examples', () => {
    beforeAll(() => {
      buildPackage(directory);
    }, 120_000);

    test('has at least one ts block', () => {
      expect(blocks.length).toBeGreaterThan(0);
    });

    // One program for all blocks: the compiler's start-up is most of the cost.
    test('every block type-checks against the built package', async () => {
      expect(await typeCheckProblems(directory, blocks)).toEqual(blocks.map(() => []));
    }, 180_000);
  });
}

/** The README's quick start is one block that type-checks strictly and runs cleanly against the built package. */
export function describeReadmeQuickStart({ packageDirectory, assertion }: ReadmeQuickStart): void {
  const directory = fileURLToPath(packageDirectory);
  const readme = readFileSync(join(directory, 'README.md'), 'utf8');
  const { name } = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { name: string };
  const quickStart = quickStartBlocks(readme)[0] ?? '';

  describe('README quick start', () => {
    beforeAll(() => {
      // Never a stale dist under test.
      buildPackage(directory);
    }, 120_000);

    test('is one ts block that imports the package by its published name and asserts what it shows', () => {
      expect(quickStartBlocks(readme)).toHaveLength(1);
      expect(quickStart).toContain(`from '${name}'`);
      expect(quickStart).toContain(assertion);
    });

    test('type-checks with strict settings against the built package', async () => {
      expect(await typeCheckProblems(directory, [quickStart])).toEqual([[]]);
    }, 60_000);

    test('runs to its end with node, every assertion in it passing', async () => {
      const ts = loadTypeScript();
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
